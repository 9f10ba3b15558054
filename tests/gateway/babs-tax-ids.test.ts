// @vitest shared-modules
/**
 * VKN/TCKN kept with the contacts (issue 33): saved and read back, refused with the reason (check
 * digit, two numbers for one account), imported with the same CSV import, left as they are by an
 * import without the column.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

let h: Harness;
beforeAll(async () => {
  h = await mutabakatHarness();
}, 120_000);
afterAll(() => h?.close());
beforeEach(() => h.reset());

type Contact = { accountId: string; taxId: string };
const contact = async (id: string) => (await (await h.api(`/api/mutabakat/contacts/${id}`)).json()) as Contact;
const importCsv = (csv: string) => h.api('/api/mutabakat/contacts/import?step=commit', { body: csv, headers: { 'content-type': 'text/csv' } });

describe('VKN/TCKN with the contacts', () => {
  it('saves a valid VKN; refuses a wrong check digit and two numbers, keeping the old one', async () => {
    // 1234567890: each of the first nine digits d at place i gives (d + 9 − i) mod 10 = 0 → check digit 0.
    const ok = await h.api('/api/mutabakat/contacts/1006', { method: 'PUT', json: { to: ['a@firma.example'], cc: [], person: '', taxId: '1234567890' } });
    expect(ok.status).toBe(200);
    expect((await contact('1006')).taxId).toBe('1234567890');
    const wrong = await h.api('/api/mutabakat/contacts/1006', { method: 'PUT', json: { to: ['a@firma.example'], cc: [], person: '', taxId: '1234567891' } });
    expect(wrong.status).toBe(400);
    expect(JSON.stringify(await wrong.json())).toContain('1234567891: VKN’nin kontrol hanesi tutmuyor');
    const two = await h.api('/api/mutabakat/contacts/1006', {
      method: 'PUT',
      json: { to: ['a@firma.example'], cc: [], person: '', taxId: '1234567890 / 10000000146' },
    });
    expect(two.status).toBe(400);
    expect(JSON.stringify(await two.json())).toContain('birden fazla vergi numarası');
    expect((await contact('1006')).taxId).toBe('1234567890');
  });

  it('imports VKN/TCKN with the contacts; a row with two numbers is refused and nothing is saved; no column leaves them as they are', async () => {
    const bad = await importCsv('Firma ID;E-posta;VKN/TCKN\n1006;a@firma.example;1234567890\n1003;b@firma.example;1234567890, 10000000146\n');
    expect(bad.status).toBe(422);
    expect(JSON.stringify(await bad.json())).toContain('birden fazla vergi numarası');
    expect((await contact('1006')).taxId).toBe('');
    // TCKN 10000000146: (1+0+0+0+1)·7 − 0 = 14 → 4 ✓; 1+1+4 = 6 → 6 ✓.
    expect((await importCsv('Firma ID;E-posta;VKN/TCKN\n1006;a@firma.example;1234567890\n1003;b@firma.example;10000000146\n')).status).toBe(200);
    expect((await contact('1003')).taxId).toBe('10000000146');
    expect((await importCsv('Firma ID;E-posta\n1003;c@firma.example\n')).status).toBe(200);
    expect((await contact('1003')).taxId).toBe('10000000146');
  });
});
