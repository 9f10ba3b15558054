// A mutabakat letter as "PDF indir" (letter-pdf.ts) says what the printed letter says: a foreign-currency
// account's balance in its currency with the TL figure beside it, the reply slip in that currency (no raw
// {placeholder}), and the enclosed lines with Belge No and the amount in the currency. Figures by hand.
import type { StatementRow } from '../../domain/running-balance';
import { letterPdf } from '../../domain/letter/letter-pdf';

const company = { title: 'Örnek Ticaret A.Ş.', address: 'Atatürk Cad. 1\nİstanbul', taxOffice: 'Kadıköy', taxNo: '1234567890' };
const line = (index: number, debit: number, credit: number, usd: number, doc: string) =>
  ({
    index,
    date: '2026-05-10',
    dueDate: null,
    type: 'Alış Faturası',
    debit,
    credit,
    currency: 'USD',
    currencyAmount: usd,
    extras: { BELGE_NO: { kind: 'text', text: doc } },
    invalid: {},
  }) as unknown as StatementRow['line'];
const rows = [
  { kind: 'line', line: line(1, 0, 3_400_000, 100_000, 'AF-1'), debit: 0, credit: 3_400_000, balance: -3_400_000, open: 0, overdue: false, incomplete: false },
  { kind: 'line', line: line(2, 1_700_000, 0, 50_000, 'OD-1'), debit: 1_700_000, credit: 0, balance: -1_700_000, open: 0, overdue: false, incomplete: false },
] as StatementRow[];

describe('letterPdf', () => {
  // USD 1.000,00 alacak − 500,00 borç = 500,00 USD alacak; TL 34.000,00 − 17.000,00 = 17.000,00 TL alacak.
  const pdf = letterPdf({
    company,
    account: { id: '1012', name: 'Ankara Elektrik Ltd. Şti.' },
    asOf: '2026-06-30',
    issuedOn: '2026-11-24',
    balance: -50_000,
    currency: 'USD',
    localBalance: -1_700_000,
    docKey: 'BELGE_NO',
    rows,
    from: null,
  });
  const text = pdf.blocks.flatMap((b) => (b.type === 'paragraph' || b.type === 'heading' ? [b.text] : [])).join('\n');

  it('states the balance in USD with the TL figure beside it, and the reply slip in USD', () => {
    expect(text).toContain('30.06.2026 tarihi itibarıyla 500,00 USD alacak bakiyesi vermektedir (ERP kayıtlarındaki TL karşılığı: 17.000,00 TL alacak).');
    expect(text).toContain('Bildirdiğiniz 500,00 USD alacak bakiyesi kayıtlarımızla uyuşmaktadır.');
    expect(text).toContain('Kayıtlarımızdaki bakiye: ……………………… USD');
    expect(text).not.toMatch(/\{\w+\}/);
  });

  it('encloses the lines with Belge No and the USD amount, as the printed letter does', () => {
    const table = pdf.blocks.find((b) => b.type === 'table');
    expect(table?.type).toBe('table');
    if (table?.type !== 'table') return;
    expect(table.spec.columns.map((c) => c.header)).toEqual(['Tarih', 'İşlem', 'Belge No', 'Tutar (USD)', 'Borç', 'Alacak', 'Bakiye']);
    expect(table.spec.columns.map((c) => c.text(rows[0]!))).toEqual(['10.05.2026', 'Alış Faturası', 'AF-1', '1.000,00', '', '34.000,00', '34.000,00 A']);
    expect(table.spec.grandTotal).toEqual({ debit: '17.000,00', credit: '34.000,00', balance: '17.000,00 A' });
  });
});
