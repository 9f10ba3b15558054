import { t } from './index';

describe('t: placeholders', () => {
  it('fills each placeholder with its value, as written', () => {
    expect(t('accounts.pin', { name: 'Yıldız & Ortakları "A.Ş." %50 $& {x}' })).toBe('Yıldız & Ortakları "A.Ş." %50 $& {x} carisini sabitle');
    expect(t('accounts.filters.facet', { value: 'İstanbul', count: 1234 })).toBe('İstanbul (1234)');
    // The same message again (its split form is kept): other values.
    expect(t('accounts.filters.facet', { value: 'İzmir', count: 0 })).toBe('İzmir (0)');
  });

  it('leaves a placeholder with no value as it is, and a message without vars untouched', () => {
    expect(t('accounts.filters.facet', { value: 'Ankara' })).toBe('Ankara ({count})');
    expect(t('accounts.title')).toBe('Cariler');
    expect(t('accounts.title', { name: 'x' })).toBe('Cariler');
  });
});
