import { describe, expect, it } from 'vitest';
import type { Mail } from './mutabakat-types';
import { MutabakatError, dispositionName, mutabakatQueries } from './mutabakat';

describe('the outbox asks again', () => {
  const every = (data: { mails: Pick<Mail, 'state'>[]; preparing?: boolean } | undefined) => {
    const interval = mutabakatQueries.outbox('c1').refetchInterval as (q: unknown) => number;
    return interval({ state: { data } });
  };
  it('every 1.5 s while a mail waits to go or the campaign’s letters are still being made, else every 5 s', () => {
    expect(every({ mails: [], preparing: true })).toBe(1500);
    expect(every({ mails: [{ state: 'sent' }, { state: 'queued' }] })).toBe(1500);
    expect(every({ mails: [{ state: 'sent' }], preparing: false })).toBe(5000);
    expect(every({ mails: [] })).toBe(5000);
    expect(every(undefined)).toBe(5000);
  });
});

describe('mutabakat API answers', () => {
  it('a refusal says the server’s message and every field it names', () => {
    const e = new MutabakatError(400, 'bad_request', 'Girilen bilgilerde hata var.', [{ field: 'name', message: 'Yanıtı veren kişinin adı gerekli.' }]);
    expect(e.userMessage).toBe('Girilen bilgilerde hata var. Yanıtı veren kişinin adı gerekli.');
    expect(new MutabakatError(502, 'x', '').userMessage).toMatch(/HTTP 502/);
  });

  it('a download keeps the Turkish file name the server gives (filename* first)', () => {
    expect(
      dispositionName(`attachment; filename="Mutabakat raporu 30.06.2026.xlsx"; filename*=UTF-8''Mutabakat%20raporu%2030.06.2026%20%C3%87a%C4%9Flar.xlsx`),
    ).toBe('Mutabakat raporu 30.06.2026 Çağlar.xlsx');
    expect(dispositionName('attachment; filename="rapor.pdf"')).toBe('rapor.pdf');
    expect(dispositionName(null)).toBeNull();
  });
});
