/**
 * What the demo ERP answers when it does not fail: the columns of each operation (Workcube names,
 * Turkish names, the spec's labels — see shapes.ts) and the rows from the dataset.
 */
import { foldTr } from '../../src/domain/turkish';
import { agingOf, type AgingResult, type DemoAccount, type DemoDataset, type DemoInvoice, type DemoStatementLine } from './dataset';
import type { Operation } from './faults';
import { renderDetail, renderList, renderUser, keyFamily, type Column, type ShapeName, type Table, type CellValue } from './shapes';

export const LOGIN_FAILED_MESSAGE = 'Kullanıcı adı veya şifre hatalı!';
export const INVOICE_NOT_FOUND_MESSAGE = 'Fatura bulunamadı.';

export interface DemoUser {
  userName: string;
  password: string;
  id: string;
  name: string;
  surname: string;
  email: string;
  position: string;
}
export const DEMO_USERS: readonly DemoUser[] = [
  { userName: 'demo', password: 'demo', id: '12', name: 'Demo', surname: 'Kullanıcı', email: 'demo@ornek.com.tr', position: 'Muhasebe Uzmanı' },
  {
    userName: 'muhasebe',
    password: 'Mali2026!',
    id: '27',
    name: 'Ayşe',
    surname: 'Yıldırım',
    email: 'ayse.yildirim@ornek.com.tr',
    position: 'Mali İşler Müdürü',
  },
];

// ---------------------------------------------------------------- columns per operation

const col = (a: string, b: string, label: string, kind: Column['kind'], wexString?: boolean, m?: string): Column => ({ a, b, label, kind, wexString, m });
/** A column the vendor documents: `m` is its documented label (the mobius shape's key). */
const doc = (c: Column, m: string, four?: boolean): Column => ({ ...c, m, ...(four ? { four } : {}) });
export const ACCOUNT_COLUMNS: Column[] = [
  doc(col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'), 'Firma ID'),
  doc(col('COMPANYCAT', 'FIRMA_KATEGORI', 'Firma Kategori (Text)', 'text'), 'Firma Kategori (Text)'),
  doc(col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'), 'Firma Adı'),
  doc(col('CITY_NAME', 'FIRMA_IL', 'Firma İl', 'text'), 'Firma İl'),
  doc(col('COUNTY_NAME', 'FIRMA_ILCE', 'Firma İlçe', 'text'), 'Firma İlçe'),
  doc(col('BAKIYE', 'BAKIYE', 'Bakiye', 'money'), 'Bakiye'),
  col('MONEY', 'PARA_BIRIMI', 'Para Birimi', 'text'),
];
export const STATEMENT_COLUMNS: Column[] = [
  doc(col('ACTION_DATE', 'ISLEM_TARIHI', 'İşlem Tarihi', 'date'), 'İşlem Tarihi'),
  doc(col('DUE_DATE', 'VADE_TARIHI', 'Vade Tarihi', 'date'), 'Vade Tarihi'),
  doc(col('ACTION_NAME', 'ISLEM_TURU', 'İşlem Türü', 'text'), 'İşlem Türü'),
  doc(col('BORC', 'BORC_TUTARI', 'Borç Tutarı', 'money'), 'Borç  Tutarı'), // two spaces, as documented
  doc(col('ALACAK', 'ALACAK_TUTARI', 'Alacak Tutarı', 'money'), 'Alacak Tutarı'),
  col('BELGE_NO', 'BELGE_NO', 'Belge No', 'text'),
  col('ACIKLAMA', 'ACIKLAMA', 'Açıklama', 'text'),
];
/** Added to the statement of an account whose lines carry a currency (Workcube list_extre's keys). */
export const STATEMENT_CURRENCY_COLUMNS: Column[] = [
  col('OTHER_MONEY', 'ISLEM_DOVIZI', 'İşlem Dövizi', 'text'),
  col('OTHER_CASH_ACT_VALUE', 'DOVIZ_TUTARI', 'Döviz Tutarı', 'money'),
];
/** Added to the statement of an account with a return that names its invoice (dataset-returns.ts). */
export const STATEMENT_RELATED_COLUMN: Column = col('RELATED_PAPER_NO', 'ILGILI_BELGE_NO', 'İlgili Belge No', 'text');
export const AGING_COLUMNS: Column[] = [
  col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'),
  col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'),
  col('VADESI_GELMEMIS', 'VADESI_GELMEMIS', 'Vadesi Gelmemiş', 'money'),
  col('0_30_GUN', 'GUN_0_30', '0-30 Gün', 'money'),
  col('31_60_GUN', 'GUN_31_60', '31-60 Gün', 'money'),
  col('61_90_GUN', 'GUN_61_90', '61-90 Gün', 'money'),
  col('91_120_GUN', 'GUN_91_120', '91-120 Gün', 'money'),
  col('120_GUN_USTU', 'GUN_120_USTU', '120 Gün Üstü', 'money'),
  col('TOPLAM', 'TOPLAM', 'Toplam', 'money'),
];
export const INVOICE_COLUMNS: Column[] = [
  col('INVOICE_ID', 'FATURA_ID', 'Fatura ID', 'id'),
  col('INVOICE_NUMBER', 'FATURA_NO', 'Fatura No', 'text'),
  col('INVOICE_DATE', 'FATURA_TARIHI', 'Fatura Tarihi', 'date'),
  col('DUE_DATE', 'VADE_TARIHI', 'Vade Tarihi', 'date'),
  col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'),
  col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'),
  col('PROCESS_NAME', 'FATURA_TURU', 'Fatura Türü', 'text'),
  col('NETTOTAL', 'NET_TOPLAM', 'Net Toplam', 'money', true),
  col('TAXTOTAL', 'KDV_TOPLAM', 'KDV Toplam', 'money', true),
  col('GRANDTOTAL', 'GENEL_TOPLAM', 'Genel Toplam', 'money', true),
  col('MONEY', 'PARA_BIRIMI', 'Para Birimi', 'text'),
];
export const INVOICE_LINE_COLUMNS: Column[] = [
  col('LINE_NO', 'SATIR_NO', 'Sıra No', 'num'),
  col('STOCK_CODE', 'STOK_KODU', 'Stok Kodu', 'text'),
  col('PRODUCT_NAME', 'URUN_ADI', 'Ürün Adı', 'text'),
  col('AMOUNT', 'MIKTAR', 'Miktar', 'num'),
  col('UNIT', 'BIRIM', 'Birim', 'text'),
  col('PRICE', 'BIRIM_FIYAT', 'Birim Fiyat', 'money'),
  col('TAX', 'KDV_ORANI', 'KDV Oranı', 'num'),
  col('ROW_NETTOTAL', 'SATIR_NET_TUTAR', 'Net Tutar', 'money'),
  col('ROW_TAXTOTAL', 'SATIR_KDV_TUTARI', 'KDV Tutarı', 'money'),
  col('ROW_TOTAL', 'SATIR_TOPLAM', 'Satır Toplamı', 'money'),
];

/**
 * mobius: get_fatura with the vendor's documented fields (Fatura ID, Fatura No, Cari, Fatura Tarihi,
 * Kdv Hariç Tutar, Kdv Dahil Tutar, Toplam Tutar) and three more as ColdFusion upper-cases them; no
 * account id (the app finds the account by its name, "Cari").
 */
export const MOBIUS_INVOICE_COLUMNS: Column[] = [
  doc(INVOICE_COLUMNS[0]!, 'Fatura ID'),
  doc(INVOICE_COLUMNS[1]!, 'Fatura No'),
  doc(INVOICE_COLUMNS[5]!, 'Cari'),
  doc(INVOICE_COLUMNS[2]!, 'Fatura Tarihi'),
  INVOICE_COLUMNS[3]!, // VADE TARİHİ
  INVOICE_COLUMNS[6]!, // FATURA TÜRÜ
  doc(INVOICE_COLUMNS[7]!, 'Kdv Hariç Tutar'),
  doc(INVOICE_COLUMNS[9]!, 'Kdv Dahil Tutar'),
  doc(INVOICE_COLUMNS[9]!, 'Toplam Tutar'),
  INVOICE_COLUMNS[10]!, // PARA BİRİMİ
];
const mobiusInvoiceRow = (i: DemoInvoice): CellValue[] => [i.id, i.number, i.accountName, i.date, i.dueDate, i.kind, i.net, i.total, i.total, i.currency];
/** mobius: get_fatura_det's documented header (Fatura No, Fatura Tarihi, Cari) and two more. */
export const MOBIUS_DETAIL_COLUMNS: Column[] = [
  doc(INVOICE_COLUMNS[1]!, 'Fatura No'),
  doc(INVOICE_COLUMNS[2]!, 'Fatura Tarihi'),
  doc(INVOICE_COLUMNS[5]!, 'Cari'),
  INVOICE_COLUMNS[3]!,
  INVOICE_COLUMNS[6]!,
];
const mobiusDetailRow = (i: DemoInvoice): CellValue[] => [i.number, i.date, i.accountName, i.dueDate, i.kind];
/** mobius: the nested `Ürün` lines — the documented fields, then the VAT rate and stock code upper-cased. */
export const MOBIUS_LINE_COLUMNS: Column[] = [
  doc(INVOICE_LINE_COLUMNS[2]!, 'Ürün Adı'),
  doc(INVOICE_LINE_COLUMNS[3]!, 'Miktar'),
  doc(INVOICE_LINE_COLUMNS[4]!, 'Birim'),
  doc(INVOICE_LINE_COLUMNS[5]!, 'Birim Fiyat', true),
  doc(INVOICE_LINE_COLUMNS[7]!, 'Satır Toplam Fiyat KDV H.'),
  doc(INVOICE_LINE_COLUMNS[9]!, 'Satır Toplam Fiyat Kdv Dahil'),
  doc(col('MONEY', 'PARA_BIRIMI', 'Para Birimi', 'text'), 'Para Birimi'),
  INVOICE_LINE_COLUMNS[6]!, // KDV ORANI
  INVOICE_LINE_COLUMNS[1]!, // STOK KODU
];

/**
 * Does a looked-up id match? Exact, or in mobius (ColdFusion's loose `==`) numerically when both
 * look like numbers: "457" finds the account "00457" whose id the answers wrote as 457.
 */
function sameId(asked: string, id: string, loose: boolean): boolean {
  if (asked === id) return true;
  return loose && /^\d{1,15}$/.test(asked) && /^\d{1,15}$/.test(id) && Number(asked) === Number(id);
}
function findById<T extends { id: string }>(byId: Map<string, T>, list: readonly T[], asked: string, loose: boolean): T | undefined {
  return byId.get(asked) ?? (loose && /^\d{1,15}$/.test(asked) ? list.find((x) => sameId(asked, x.id, true)) : undefined);
}

const invoiceRow = (i: DemoInvoice): CellValue[] => [i.id, i.number, i.date, i.dueDate, i.accountId, i.accountName, i.kind, i.net, i.vat, i.total, i.currency];

const MALFORMED = ['12,34,5', 'abc', '1.2.3', '--5', '12a'];
/** malformed-numbers: every fourth row gets one unreadable number. */
function corrupt(t: Table): Table {
  const idx = t.columns.findIndex((c) => c.kind === 'money' || c.kind === 'num');
  if (idx < 0) return t;
  return { columns: t.columns, rows: t.rows.map((r, i) => (i % 4 === 1 ? r.map((v, j) => (j === idx ? { bad: MALFORMED[i % MALFORMED.length]! } : v)) : r)) };
}

// ---------------------------------------------------------------- answers

const foldedNames = new Map<string, string>(); // names are few and fixed per dataset: fold each once
const foldName = (name: string) => {
  let f = foldedNames.get(name);
  if (f === undefined) foldedNames.set(name, (f = foldTr(name)));
  return f;
};
const agingCache = new WeakMap<DemoAccount, AgingResult>(); // a dataset's "today" never changes
/** A statement changed at run time (a payment added): its aging is worked out again. */
export const forgetAging = (a: DemoAccount) => agingCache.delete(a);
const agingCached = (a: DemoAccount, today: string) => {
  let r = agingCache.get(a);
  if (!r) agingCache.set(a, (r = agingOf(a.lines, today)));
  return r;
};
const nameMatcher = (q: string | undefined) => {
  const needle = foldTr((q ?? '').trim());
  return (name: string) => !needle || foldName(name).includes(needle);
};

/** The body of a successful answer to `op` in shape `s` (malformed: some numbers unreadable). */
export function answer(ds: DemoDataset, op: Operation, p: Record<string, string>, s: ShapeName, malformed: boolean): string {
  const fix = (t: Table) => (malformed ? corrupt(t) : t);
  switch (op) {
    case 'get_user': {
      const userName = foldTr((p.user_name ?? '').trim());
      const u = DEMO_USERS.find((x) => x.userName === userName && x.password === (p.user_password ?? ''));
      if (!u) return renderUser(s, false, LOGIN_FAILED_MESSAGE);
      const fam = keyFamily(s);
      const data: Record<string, string> =
        fam === 'mobius'
          ? { EMPLOYEE_İD: u.id, USERNAME: u.userName, NAME: u.name, SURNAME: u.surname, EMAİL: u.email, POSİTİON_NAME: u.position }
          : fam === 'label'
            ? { 'Kullanıcı ID': u.id, 'Kullanıcı Adı': u.userName, Adı: u.name, Soyadı: u.surname, 'E-posta': u.email, Görevi: u.position }
            : { USER_ID: u.id, USERNAME: u.userName, NAME: u.name, SURNAME: u.surname, EMAIL: u.email, POSITION_NAME: u.position };
      return renderUser(s, true, data);
    }
    case 'get_cari': {
      const match = nameMatcher(p.firma_ismi);
      const rows = ds.accounts
        .filter((a) => match(a.name))
        .map((a): CellValue[] => [a.id, a.category, a.name, a.province, a.district, a.balance, a.currency ?? null]);
      return renderList(s, fix({ columns: ACCOUNT_COLUMNS, rows }));
    }
    case 'get_cari_extre': {
      const acc = findById(ds.accountById, ds.accounts, (p.cari_id ?? '').trim(), s === 'mobius');
      const related = !!acc?.lines.some((l) => l.relatedDocumentNo);
      const rel = (l: DemoStatementLine): CellValue[] => (related ? [l.relatedDocumentNo ?? null] : []);
      const relCols = related ? [STATEMENT_RELATED_COLUMN] : [];
      if (acc?.currency) {
        const rows = acc.lines.map((l): CellValue[] => [
          l.date,
          l.dueDate,
          l.type,
          l.debit,
          l.credit,
          l.documentNo,
          l.description,
          l.currency ?? 'TL',
          l.currencyAmount ?? l.debit + l.credit,
          ...rel(l),
        ]);
        return renderList(s, fix({ columns: [...STATEMENT_COLUMNS, ...STATEMENT_CURRENCY_COLUMNS, ...relCols], rows }));
      }
      const rows = (acc?.lines ?? []).map((l): CellValue[] => [l.date, l.dueDate, l.type, l.debit, l.credit, l.documentNo, l.description, ...rel(l)]);
      return renderList(s, fix({ columns: [...STATEMENT_COLUMNS, ...relCols], rows }));
    }
    case 'get_yaslandirma': {
      const match = nameMatcher(p.firma_ismi);
      const rows: CellValue[][] = [];
      for (const a of ds.accounts) {
        if (a.balance === 0 || !match(a.name)) continue;
        const { buckets: b, total } = agingCached(a, ds.today);
        rows.push([a.id, a.name, b.notDue, b.d0_30, b.d31_60, b.d61_90, b.d91_120, b.d120plus, total]);
      }
      return renderList(s, fix({ columns: AGING_COLUMNS, rows }));
    }
    case 'get_fatura': {
      const match = nameMatcher(p.firma_ismi);
      const no = (p.fatura_no ?? '').trim().toLocaleUpperCase('tr-TR');
      const rows = ds.invoices
        .filter((i) => (!no || i.number === no || (/^\d+$/.test(no) && i.number.endsWith(no))) && match(i.accountName))
        .map(s === 'mobius' ? mobiusInvoiceRow : invoiceRow);
      return renderList(s, fix({ columns: s === 'mobius' ? MOBIUS_INVOICE_COLUMNS : INVOICE_COLUMNS, rows }));
    }
    case 'get_fatura_det': {
      const inv = findById(ds.invoiceById, ds.invoices, (p.fatura_id ?? '').trim(), s === 'mobius');
      if (s === 'mobius') {
        const header: Table = { columns: MOBIUS_DETAIL_COLUMNS, rows: inv ? [mobiusDetailRow(inv)] : [] };
        const lines: Table = {
          columns: MOBIUS_LINE_COLUMNS,
          rows: (inv?.lines ?? []).map((l) => [
            l.productName,
            l.quantityMilli / 1000,
            l.unit,
            l.unitPrice,
            l.net,
            l.total,
            inv?.currency ?? 'TL',
            l.vatRate,
            l.productCode,
          ]),
        };
        return renderDetail(s, header, fix(lines), Boolean(inv), INVOICE_NOT_FOUND_MESSAGE);
      }
      const header: Table = { columns: INVOICE_COLUMNS, rows: inv ? [invoiceRow(inv)] : [] };
      const lines: Table = {
        columns: INVOICE_LINE_COLUMNS,
        rows: (inv?.lines ?? []).map((l) => [
          l.lineNo,
          l.productCode,
          l.productName,
          l.quantityMilli / 1000,
          l.unit,
          l.unitPrice,
          l.vatRate,
          l.net,
          l.vat,
          l.total,
        ]),
      };
      return renderDetail(s, header, fix(lines), Boolean(inv), INVOICE_NOT_FOUND_MESSAGE);
    }
  }
}
