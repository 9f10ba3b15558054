/**
 * Form Ba/Bs, hand-worked (October 2026, threshold 5.000,00 TL KDV hariç per counterparty and form):
 * - A (id 1): two sales 3.000,00 + 2.000,00 = 5.000,00 → Bs, 2 documents, reportable (≥, not >).
 * - B (id 2): one sale 4.999,99 → Bs, not reportable (1 kuruş short).
 * - C (id 3): sales 6.000,00 and a sales return 1.500,00 in the same month. Returns are not netted:
 *   Bs 6.000,00 (1 document, reportable); the return is the customer's document to us → Ba 1.500,00.
 * - D (id 4): sales 3.000,00 on 30.09.2026 and 3.000,00 on 01.10.2026 → October Bs 3.000,00 (1 doc,
 *   not reportable); September Bs 3.000,00 too.
 * - E (id 5): purchase-only supplier, 4.000,00 + 1.250,50 = 5.250,50 → Ba, 2 documents, reportable; no Bs.
 * - F (id 6): one USD invoice whose TL amount the ERP records as 7.123,45 → Bs 7.123,45, foreign USD.
 * - G (id 7): a document typed only "Fatura" → not counted, listed with why.
 */
import { describe, expect, it } from 'vitest';
import { computeBabs, type BabsDoc } from './compute';
import { babsKind } from './classify';
import { lastFullMonth, monthName, monthText, parseMonth } from './month';
import { parseThreshold, DEFAULT_THRESHOLD } from './threshold';
import { checkTaxId } from './tax-id';

let n = 0;
const doc = (accountId: string, company: string, type: string, date: string, net: number, currency = 'TL'): BabsDoc => {
  n += 1;
  return { id: String(n), number: `F${n}`, date, accountId, company, type, net, vat: Math.round(net / 5), total: net + Math.round(net / 5), currency };
};
const DOCS: BabsDoc[] = [
  doc('1', 'Alfa', 'Satış Faturası', '2026-10-03', 300_000),
  doc('1', 'Alfa', 'Satış Faturası', '2026-10-31', 200_000),
  doc('2', 'Beta', 'Satış Faturası', '2026-10-15', 499_999),
  doc('3', 'Gama', 'Satış Faturası', '2026-10-05', 600_000),
  doc('3', 'Gama', 'Satış İade Faturası', '2026-10-20', 150_000),
  doc('4', 'Delta', 'Satış Faturası', '2026-09-30', 300_000),
  doc('4', 'Delta', 'Satış Faturası', '2026-10-01', 300_000),
  doc('5', 'Epsilon', 'Alış Faturası', '2026-10-07', 400_000),
  doc('5', 'Epsilon', 'Alınan Hizmet Faturası', '2026-10-08', 125_050),
  doc('6', 'Zeta', 'Satış Faturası', '2026-10-09', 712_345, 'USD'),
  doc('7', 'Eta', 'Fatura', '2026-10-10', 900_000),
];

describe('computeBabs (October 2026, threshold 5.000,00)', () => {
  const r = computeBabs(DOCS, '2026-10', DEFAULT_THRESHOLD);
  const line = (id: string) => r.lines.find((l) => l.accountId === id)!;

  it('exactly 5.000,00 is reportable, 4.999,99 is not', () => {
    expect(line('1').bs).toMatchObject({ count: 2, net: 500_000, reportable: true });
    expect(line('2').bs).toMatchObject({ count: 1, net: 499_999, reportable: false });
  });
  it('a sales return is not netted: it goes on Ba', () => {
    expect(line('3').bs).toMatchObject({ count: 1, net: 600_000, reportable: true });
    expect(line('3').ba).toMatchObject({ count: 1, net: 150_000, reportable: false });
    expect(line('3').ba.docs[0]!.kind).toBe('saleReturn');
  });
  it('invoices in two months: each month counts its own', () => {
    expect(line('4').bs).toMatchObject({ count: 1, net: 300_000, reportable: false });
    const sept = computeBabs(DOCS, '2026-09', DEFAULT_THRESHOLD);
    expect(sept.lines).toHaveLength(1);
    expect(sept.lines[0]!.bs).toMatchObject({ count: 1, net: 300_000 });
  });
  it('a purchase-only supplier is on Ba only', () => {
    expect(line('5').ba).toMatchObject({ count: 2, net: 525_050, reportable: true });
    expect(line('5').bs.count).toBe(0);
  });
  it('a foreign-currency invoice counts with the TL amount the ERP records, and is marked', () => {
    expect(line('6').bs).toMatchObject({ count: 1, net: 712_345, reportable: true });
    expect(line('6').foreign).toEqual(['USD']);
  });
  it('a document whose type has no direction is listed with why, not guessed', () => {
    expect(r.lines.find((l) => l.accountId === '7')).toBeUndefined();
    expect(r.unclassified).toHaveLength(1);
    expect(r.unclassified[0]!.reason).toContain('satış mı alış mı belli değil');
    // 10 documents are in October (Delta's September one is not).
    expect(r.documents).toBe(10);
  });
  it('a purchase return goes on Bs', () => {
    expect(babsKind('Alış İade Faturası')).toEqual({ ok: true, kind: 'purchaseReturn' });
    const x = computeBabs([doc('8', 'Teta', 'Alış İade Faturası', '2026-10-02', 510_000)], '2026-10', DEFAULT_THRESHOLD);
    expect(x.lines[0]!.bs).toMatchObject({ count: 1, net: 510_000, reportable: true });
  });
});

describe('the month and the threshold', () => {
  it('defaults to the last full month; refuses a malformed or unfinished one', () => {
    expect(lastFullMonth('2026-11-26')).toBe('2026-10');
    expect(lastFullMonth('2027-01-05')).toBe('2026-12');
    expect(parseMonth(null, '2026-11-26')).toMatchObject({ ok: true, month: '2026-10', from: '2026-10-01', to: '2026-10-31' });
    expect(parseMonth('2026-13', '2026-11-26')).toEqual({ ok: false, message: '“2026-13” geçerli bir ay değil: ay 01 ile 12 arasında olmalı.' });
    expect(parseMonth('2026-11', '2026-11-26')).toEqual({
      ok: false,
      message: 'Kasım 2026 henüz bitmedi: Ba/Bs formu biten bir ay için verilir (en son Ekim 2026).',
    });
    expect(parseMonth('2027-02', '2026-11-26')).toMatchObject({ ok: false });
    expect(parseMonth('Ekim', '2026-11-26')).toEqual({ ok: false, message: '“Ekim” bir ay değil: AA.YYYY biçiminde yazın (ör. 10.2026 ya da Ekim 2026).' });
    expect(parseMonth('2024-02', '2026-11-26')).toMatchObject({ ok: true, to: '2024-02-29' });
  });
  it('reads the month as a Turkish accountant types it, into the URL’s 2026-10', () => {
    const today = '2026-11-26';
    for (const typed of ['10.2026', '10/2026', '10-2026', ' 10 . 2026 ', 'Ekim 2026', 'ekim 2026', 'EKİM 2026', 'Ekim, 2026', '2026 Ekim', '2026-10'])
      expect(parseMonth(typed, today), typed).toMatchObject({ ok: true, month: '2026-10', from: '2026-10-01', to: '2026-10-31' });
    expect(parseMonth('2.2024', today)).toMatchObject({ ok: true, month: '2024-02', to: '2024-02-29' });
    // Without Turkish letters, as on a keyboard without them: Şubat, Ağustos, Kasım, Aralık.
    expect(parseMonth('Subat 2026', today)).toMatchObject({ ok: true, month: '2026-02' });
    expect(parseMonth('agustos 2025', today)).toMatchObject({ ok: true, month: '2025-08' });
    expect(parseMonth('KASIM 2025', today)).toMatchObject({ ok: true, month: '2025-11' });
    expect(parseMonth('Aralik 2025', today)).toMatchObject({ ok: true, month: '2025-12' });
    expect(parseMonth('13.2026', today)).toEqual({ ok: false, message: '“13.2026” geçerli bir ay değil: ay 01 ile 12 arasında olmalı.' });
    expect(parseMonth('Ekimm 2026', today)).toMatchObject({ ok: false, message: expect.stringContaining('bir ay değil') });
    expect(parseMonth('10.26', today)).toMatchObject({ ok: false, message: expect.stringContaining('bir ay değil') });
    expect(parseMonth('31.10.2026', today)).toMatchObject({ ok: false, message: expect.stringContaining('bir ay değil') });
    expect(monthText('2026-10')).toBe('10.2026');
    expect(monthName('2026-10')).toBe('Ekim 2026');
  });
  it('reads 5000, 5000,00, 5.000,00, 5.000 (issue 46: a typed amount, the dot groups thousands) and refuses 5,000 (two readings)', () => {
    expect(parseThreshold('5000')).toEqual({ ok: true, minor: 500_000 });
    expect(parseThreshold('5000,00')).toEqual({ ok: true, minor: 500_000 });
    expect(parseThreshold('5.000,00')).toEqual({ ok: true, minor: 500_000 });
    expect(parseThreshold('5.000')).toEqual({ ok: true, minor: 500_000 });
    expect(parseThreshold('4999,99')).toEqual({ ok: true, minor: 499_999 });
    expect(parseThreshold('5,000')).toEqual({ ok: false, message: 'Sınır “5,000” belirsiz: beş bin için “5.000”, beş için “5,00” yazın.' });
    expect(parseThreshold('beş bin')).toEqual({ ok: false, message: 'Sınır “1.234,56” biçiminde girilmeli. “beş bin” bir tutar değil.' });
    expect(parseThreshold('0')).toEqual({ ok: false, message: 'Sınır sıfırdan büyük olmalı.' });
  });
});

describe('VKN / TCKN', () => {
  // VKN 1234567890: digit i (0-based) is i+1, so (d + 9 − i) mod 10 = 0 for each of the nine → sum 0 → check 0.
  it('checks the VKN check digit', () => {
    expect(checkTaxId('1234567890')).toEqual({ ok: true, value: '1234567890', kind: 'VKN' });
    expect(checkTaxId('1234567891')).toMatchObject({ ok: false, message: expect.stringContaining('kontrol hanesi') });
  });
  // TCKN 10000000146: odd places 1+0+0+0+1 = 2, even 0 → (2·7 − 0) mod 10 = 4 ✓; Σ first ten = 6 ✓.
  it('checks the TCKN check digits', () => {
    expect(checkTaxId('10000000146')).toEqual({ ok: true, value: '10000000146', kind: 'TCKN' });
    expect(checkTaxId('10000000147')).toMatchObject({ ok: false });
    expect(checkTaxId('12345')).toMatchObject({ ok: false, message: '12345: 5 hane. VKN 10, TCKN 11 hanedir.' });
  });
  it('refuses two numbers for one account', () => {
    expect(checkTaxId('1234567890; 0000000001')).toMatchObject({ ok: false, message: expect.stringContaining('birden fazla') });
    expect(checkTaxId('1234567890 0000000001')).toMatchObject({ ok: false, message: expect.stringContaining('birden fazla') });
  });
});

describe('a document whose type does not tell the form, told by the statement', () => {
  // Eta's "Fatura" F-doc: KDV hariç 9.000,00, total 9.000,00 + 1.800,00 = 10.800,00 on 10.10.2026.
  const eta = doc('7', 'Eta', 'Fatura', '2026-10-10', 900_000);
  const hint = (debit: number, credit: number, type: string, date = '2026-10-10') => ({ date, debit, credit, type });
  it('the one statement line on that day for that total: its İşlem Türü decides', () => {
    const r = computeBabs([eta], '2026-10', DEFAULT_THRESHOLD, () => [hint(0, 1_080_000, 'Alış Faturası'), hint(50_000, 0, 'Tahsilat')]);
    expect(r.lines[0]!.ba).toMatchObject({ count: 1, net: 900_000, reportable: true });
    expect(r.lines[0]!.ba.docs[0]!.typeNote).toBe('ekstredeki işlem türü: Alış Faturası');
  });
  it('a line whose type has no direction either: its side decides (borç → our sale), and says so', () => {
    const r = computeBabs([eta], '2026-10', DEFAULT_THRESHOLD, () => [hint(1_080_000, 0, 'Fatura')]);
    expect(r.lines[0]!.bs).toMatchObject({ count: 1, net: 900_000 });
    expect(r.lines[0]!.bs.docs[0]!.typeNote).toBe('ekstrede borç tarafında (Fatura)');
  });
  it('no line, or two lines, for that day and total: not counted, both reasons given', () => {
    const none = computeBabs([eta], '2026-10', DEFAULT_THRESHOLD, () => [hint(1_080_000, 0, 'Fatura', '2026-10-11')]);
    expect(none.lines).toHaveLength(0);
    expect(none.unclassified[0]!.reason).toBe('belge türü “Fatura” satış mı alış mı belli değil; ekstrede aynı gün aynı tutarda satır yok');
    const two = computeBabs([eta], '2026-10', DEFAULT_THRESHOLD, () => [hint(1_080_000, 0, 'Fatura'), hint(0, 1_080_000, 'Fatura')]);
    expect(two.unclassified[0]!.reason).toContain('aynı tutarda 2 satır var');
  });
});

describe('the one movement-class table decides what a line is', () => {
  it('a payment or an opening line is no Ba/Bs document; an installation’s own return name is a return', async () => {
    const { extendMovementClasses, resetMovementClasses } = await import('../ledger/movements');
    expect(babsKind('Tahsilat')).toMatchObject({ ok: false, reason: '“Tahsilat” bir fatura değil (ödeme, açılış ya da virman)' });
    expect(babsKind('Açılış Fişi')).toMatchObject({ ok: false });
    extendMovementClasses({ return: ['Satış Geri Alım Faturası'] });
    try {
      expect(babsKind('Satış Geri Alım Faturası')).toEqual({ ok: true, kind: 'saleReturn' });
    } finally {
      resetMovementClasses();
    }
  });
});
