// Issue 36 (8): a 1 MB account name must not become a 1 MB document title: cut to 100 characters.
import { documentTitle } from './document-title';

describe('documentTitle', () => {
  it('a 1,000,000-character name is cut to 99 characters and "…", then the app name', () => {
    expect(documentTitle('Ğ'.repeat(1_000_000))).toBe('Ğ'.repeat(99) + '… — Cari Ekran');
  });
  it('a 100-character name and a short one are kept whole', () => {
    expect(documentTitle('A'.repeat(100))).toBe('A'.repeat(100) + ' — Cari Ekran');
    expect(documentTitle('Iğdır Gıda A.Ş.')).toBe('Iğdır Gıda A.Ş. — Cari Ekran');
    expect(documentTitle()).toBe('Cari Ekran');
  });
});
