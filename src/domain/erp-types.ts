/**
 * Domain types that come out of the ERP reader. Components never see raw ERP JSON:
 * every answer is turned into these by src/api (see docs/erp-contract.md).
 */
import type { IsoDate, Minor } from './types';

/**
 * One value of an ERP record, as the reader understood it. Cells are immutable: the reader may
 * share one cell object between rows (repeated texts, dates), so never mutate a cell.
 */
export type Cell =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  /** A number. `minor` is the value in hundredths, rounded half-up from the exact decimal text. */
  | { kind: 'number'; value: number; minor: Minor; decimals: number; raw: string }
  | { kind: 'date'; iso: IsoDate; raw: string }
  /**
   * Claimed to be a number or date but could not be read: shown raw, marked, counted in warnings.
   * `ambiguous`: a "1.234" / "1,234" whose column shows no decimal mark (docs/team-contracts.md "Numbers").
   */
  | { kind: 'invalid'; raw: string; expected: 'number' | 'date'; ambiguous?: true };

/** How a column's values are shown (decided per column from its key and its values). */
export type ColumnKind = 'text' | 'money' | 'number' | 'date';

/** A column of an ERP answer, in the order the ERP sent the keys. */
export interface ErpColumn {
  /** The key exactly as the ERP sent it. */
  key: string;
  /** foldKey(key). */
  folded: string;
  /** Readable header: the alias field's label, else made from the key ("FATURA_TARIHI" → "Fatura Tarihi"). */
  label: string;
  kind: ColumnKind;
  /** The recognised field name from the alias table (e.g. "name", "invoiceNo"), if any. */
  field?: string;
}

/** A generic table: every key the ERP returned, typed per column. */
export interface ErpTable {
  columns: ErpColumn[];
  rows: Record<string, Cell>[];
  /** How many values claimed to be a number/date but could not be read. */
  warnings: number;
}

export interface Account {
  id: string;
  category: string;
  name: string;
  province: string;
  district: string;
  /** Balance in kuruş; > 0 borçlu (debit), < 0 alacaklı (credit); null when empty or unreadable. */
  balance: Minor | null;
  /** Raw text when the balance claimed to be a number but could not be read. */
  balanceInvalid?: string;
  /** The account's currency when the ERP names one (normalised: "USD", "EUR"; TL/empty = null). */
  currency?: string | null;
  /** Every other key the ERP sent, keyed by ErpColumn.key. */
  extras: Record<string, Cell>;
}

export interface AccountList {
  accounts: Account[];
  /** Columns for keys that are not one of the six documented fields. */
  extraColumns: ErpColumn[];
  warnings: number;
}

export interface StatementLine {
  /** Position in the ERP's answer (stable sort tie-breaker). */
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  debit: Minor;
  credit: Minor;
  /** Transaction currency (Workcube OTHER_MONEY), normalised by src/domain/currency ("USD", "TL"); null/absent = TL. */
  currency?: string | null;
  /** Amount in `currency`, minor units, unsigned like debit/credit (OTHER_CASH_ACT_VALUE); null when not sent. */
  currencyAmount?: Minor | null;
  /** The line's own document number (Workcube CARI_ROWS.PAPER_NO, "Belge No"), when the statement carries it. */
  documentNo?: string | null;
  /** The line's own record id (CARI_ROWS.ACTION_ID: an invoice's INVOICE_ID). */
  documentId?: string | null;
  /** A return / discount / price-difference credit: the number of the invoice it belongs to ("İlgili Belge No"). */
  ref?: string | null;
  /** The same by id (Workcube INVOICE.RELATED_INVOICE_ID, matched against an invoice line's `documentId`). */
  refId?: string | null;
  /** Raw texts of values that could not be read (field name → raw). */
  invalid: Partial<Record<'date' | 'dueDate' | 'debit' | 'credit' | 'currencyAmount', string>>;
  extras: Record<string, Cell>;
}

export interface Statement {
  lines: StatementLine[];
  extraColumns: ErpColumn[];
  warnings: number;
}

/** get_user outcome. */
export interface LoginResult {
  ok: boolean;
  /** The ERP's own message (failure) when it gave one as a string. */
  message?: string;
  /** Display name / user fields the ERP returned in data, if any. */
  user?: { name: string; id?: string; fields: Record<string, string> };
}

/** Invoice detail: header fields and a lines table. */
export interface InvoiceDetail {
  header: ErpTable; // exactly one row
  lines: ErpTable;
}

/** The signed-in user as our gateway reports it (GET/POST /api/session). */
export interface SessionUser {
  userName: string;
  name: string;
}

/** Our company, printed at the top of mutabakat letters (server settings COMPANY_*); "" = not set. */
export interface CompanyInfo {
  title: string;
  address: string;
  taxOffice: string;
  taxNo: string;
}

/** GET /api/config (no login needed). */
export interface AppConfig {
  company: CompanyInfo;
  /** Letter settings: print the TTK md. 94 clause (LETTER_TTK94_CLAUSE; on unless the server says false). */
  letters: { ttk94Clause: boolean };
  demo: boolean;
  demoUsers?: { userName: string; password: string }[];
  /** Operator's extra alias table (same shape as src/domain/reader/erp-aliases.json), merged at start-up. */
  aliases?: Record<string, Record<string, string[]>>;
}

/** get_fatura search criteria (trimmed; "" = not given). */
export interface InvoiceSearch {
  no: string;
  firma: string;
}
