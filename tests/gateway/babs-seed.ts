/**
 * A seeded get_fatura answer for the BA/BS tests, its figures worked by hand in the comments; the
 * accounts (names, statements) are the demo ERP's. Five TL accounts of the dataset: A (3 sales),
 * B (a sale at exactly 5.000,00 and a sales return), C (a purchase-only supplier), D (a USD sale),
 * E (a sale; the tests give it no address).
 */
import { readTableAnswer } from '../../src/domain/reader';
import { upstreamSource, type ErpSource } from '../../server/app/erp';
import { mutabakatHarness, type Harness } from './mutabakat-harness';
import type { StartAppOptions } from '../../server/app/index';
import type { AppSettings } from '../../server/app/settings';

const inv = (id: number, no: string, date: string, acc: string, type: string, net: number, vat: number, money = 'TL') => ({
  INVOICE_ID: id,
  INVOICE_NUMBER: no,
  INVOICE_DATE: date,
  COMPANY_ID: Number(acc),
  FULLNAME: `Firma ${acc}`,
  PROCESS_NAME: type,
  NETTOTAL: net,
  TAXTOTAL: vat,
  GRANDTOTAL: Math.round((net + vat) * 100) / 100,
  MONEY: money,
});

export function seededInvoices([A, B, C, D, E]: readonly string[]) {
  return [
    // A: three sales of 5.000,00 KDV hariç in October → Bs 3 belge, 15.000,00; one in September does not count.
    inv(9001, 'SF2026-000901', '2026-10-03', A!, 'Satış Faturası', 5000, 1000),
    inv(9002, 'SF2026-000902', '2026-10-14', A!, 'Satış Faturası', 5000, 1000),
    inv(9003, 'SF2026-000903', '2026-10-28', A!, 'Satış Faturası', 5000, 1000),
    inv(9004, 'SF2026-000880', '2026-09-30', A!, 'Satış Faturası', 9000, 1800),
    // B: a sale at exactly 5.000,00 (reportable) and their return of 1.200,00 — not netted: our Ba 1 belge, 1.200,00.
    inv(9005, 'SF2026-000905', '2026-10-10', B!, 'Satış Faturası', 5000, 1000),
    inv(9006, 'SIF2026-00012', '2026-10-20', B!, 'Satış İade Faturası', 1200, 240),
    // C: a supplier — two purchases 4.000,00 + 3.500,00 = 7.500,00 on our Ba, nothing on Bs.
    inv(9007, 'AF-77120', '2026-10-08', C!, 'Alış Faturası', 4000, 800),
    inv(9008, 'AF-77188', '2026-10-22', C!, 'Alış Faturası', 3500, 700),
    // D: a sale in USD: the TL amount the ERP records, 32.150,40 KDV hariç.
    inv(9009, 'SF2026-000909', '2026-10-17', D!, 'Satış Faturası', 32150.4, 6430.08, 'USD'),
    // E: a sale of 6.000,00.
    inv(9010, 'SF2026-000910', '2026-10-30', E!, 'Satış Faturası', 6000, 1200),
  ];
}

export async function seededHarness(
  extra: Partial<Omit<StartAppOptions, 'settings'>> & { settings?: Partial<AppSettings> } = {},
): Promise<{ h: Harness; ids: [string, string, string, string, string] }> {
  let real: ErpSource | null = null;
  let ids: string[] = [];
  const source: ErpSource = {
    accounts: () => real!.accounts(),
    statement: (id) => real!.statement(id),
    invoices: async () => readTableAnswer(seededInvoices(ids), 'invoice'),
  };
  const h = await mutabakatHarness({ ...extra, erp: source });
  real = upstreamSource(h.upstream);
  ids = h.erp.dataset.accounts
    .filter((a) => !a.currency)
    .slice(0, 5)
    .map((a) => a.id);
  return { h, ids: ids as [string, string, string, string, string] };
}
