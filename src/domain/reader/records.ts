/**
 * Step 6 — the record readers: one exported function per ERP operation (get_cari → readAccounts,
 * get_cari_extre → readStatement, get_fatura_det → readInvoiceDetail, get_user → readLogin, any
 * other → readTableAnswer). A new record: its kind in RecordKind and FIELD_KINDS (./keys.ts), its
 * aliases in erp-aliases.json, its reader here, exported from ./index.ts.
 */
import type { Account, AccountList, Cell, ErpColumn, ErpTable, InvoiceDetail, LoginResult, Statement, StatementLine } from '../erp-types';
import type { Minor } from '../types';
import { foldKey } from '../turkish';
import { cellText } from '../cell-text';
import { isLocalCurrency, normalizeCurrency } from '../currency';
import {
  EMPTY_TABLE,
  columnOf,
  envelopeMessage,
  fromColdFusionQuery,
  fromObjects,
  isPlainObject,
  isSuccessStatus,
  locate,
  locateTable,
  lowerKeys,
  ownValue,
  recordAsTable,
  setOwn,
  valueAt,
  type RawTable,
} from './locate';
import { aliasesOf, isTypedField, type RecordKind } from './keys';
import { Converter, isEmptyRaw, parseDateMemo, textOf, type TypedColumn } from './convert';
import { publicColumn, toErpTable, typeColumns } from './columns';

/**
 * Raw value reader of one column (undefined when the field is absent): straight from the row
 * objects of an array-of-objects answer, else from the column — no transposing for these fields.
 */
function rawReader(col: TypedColumn | undefined): (i: number) => unknown {
  if (!col) return () => undefined;
  const { table, key } = col;
  const objects = table.objects;
  if (objects && table.columns[col.index] === undefined) return (i) => ownValue(objects[i]!, key);
  const values = columnOf(table, col.index);
  return (i) => values[i];
}

/**
 * Minor units of a JSON number with at most 2 decimals (the usual ERP amount) without building a
 * parse object — the same result as parseNumber's; NaN for anything else (the caller parses it).
 */
function fastMinor(v: unknown): number {
  if (typeof v !== 'number') return NaN;
  if (Number.isInteger(v) && Math.abs(v) <= 90_071_992_547_409) return v * 100 + 0;
  const m = Math.round(v * 100);
  return Number.isSafeInteger(m) && m / 100 === v ? m + 0 : NaN;
}

/**
 * What the account reader gives each row to: readAccounts makes the objects; the answer worker
 * writes columns for the page straight away (src/api/account-pack.ts), with no object in between.
 */
export interface AccountRows {
  /** Before the rows: how many, and the extra columns' keys (extra(i, k, …) is extraKeys[k]'s cell). */
  start(rowCount: number, extraKeys: readonly string[]): void;
  row(
    i: number,
    id: string,
    category: string,
    name: string,
    province: string,
    district: string,
    balance: Minor | null,
    balanceInvalid: string | undefined,
    currency: string | undefined,
  ): void;
  extra(i: number, k: number, cell: Cell): void;
}

/** get_cari → accounts. The six documented fields are typed; every other key goes to extras/extraColumns. */
export function readAccounts(json: unknown): AccountList {
  let accounts: Account[] = [];
  let keys: readonly string[] = [];
  const { extraColumns, warnings } = visitAccounts(json, {
    start(n, extraKeys) {
      accounts = new Array(n);
      keys = extraKeys;
    },
    row(i, id, category, name, province, district, balance, balanceInvalid, currency) {
      const account: Account = { id, category, name, province, district, balance, extras: {} };
      if (balanceInvalid !== undefined) account.balanceInvalid = balanceInvalid;
      if (currency !== undefined) account.currency = currency;
      accounts[i] = account;
    },
    extra(i, k, cell) {
      setOwn(accounts[i]!.extras, keys[k]!, cell);
    },
  });
  return { accounts, extraColumns, warnings };
}

/** The account reader: each row of get_cari's answer to `rows`, in order; the extra columns and the count of unreadable values. */
export function visitAccounts(json: unknown, rows: AccountRows): { extraColumns: ErpColumn[]; warnings: number } {
  return visitAccountTable(locateTable(json), rows);
}

/** visitAccounts of a table already located (the answer worker's slices of rows, src/api/answer-read.ts). */
export function visitAccountTable(table: RawTable, rows: AccountRows): { extraColumns: ErpColumn[]; warnings: number } {
  const conv = new Converter();
  const cols = typeColumns(table, 'account', conv);
  const byField = new Map(cols.filter((c) => c.field).map((c) => [c.field!, c]));
  const extraCols = cols.filter((c) => !c.field || !isTypedField('account', c.field));
  const id = rawReader(byField.get('id'));
  const category = rawReader(byField.get('category'));
  const name = rawReader(byField.get('name'));
  const province = rawReader(byField.get('province'));
  const district = rawReader(byField.get('district'));
  const balanceCol = byField.get('balance');
  const balance = rawReader(balanceCol);
  const parsedBalance = balanceCol?.parsed;
  const currencyCol = byField.get('currency');
  const currency = rawReader(currencyCol);
  rows.start(
    table.rowCount,
    extraCols.map((c) => c.key),
  );
  // Rows that all have the same keys in the same order (the usual WEX answer): one Object.values per
  // row and each field by its position, not a keyed own-property lookup per field (3× faster).
  const objects = table.uniform ? table.objects : undefined;
  const used = [byField.get('id'), byField.get('category'), byField.get('name'), byField.get('province'), byField.get('district'), balanceCol, currencyCol];
  const byPosition = objects !== undefined && used.every((c) => !c || (c.table === table && table.columns[c.index] === undefined));
  const at = used.map((c) => (c ? c.index : -1));
  let values: unknown[] = [];
  const raw = (k: number, read: (i: number) => unknown, i: number): unknown => (byPosition ? (at[k]! < 0 ? undefined : values[at[k]!]) : read(i));
  for (let i = 0; i < table.rowCount; i++) {
    if (byPosition) values = Object.values(objects![i]!);
    let minorBalance: Minor | null = null;
    let invalid: string | undefined;
    if (balanceCol) {
      const minor = parsedBalance ? NaN : fastMinor(raw(5, balance, i));
      if (minor === minor) minorBalance = minor;
      else {
        const cell = conv.cell(balanceCol, i);
        if (cell.kind === 'number') minorBalance = cell.minor;
        else if (cell.kind === 'invalid') invalid = cell.raw;
      }
    }
    let foreign: string | undefined;
    if (currencyCol) {
      // TL (or no code) is the accounting currency: only a foreign currency is worth showing.
      const code = normalizeCurrency(textOf(raw(6, currency, i)));
      if (code && !isLocalCurrency(code)) foreign = code;
    }
    rows.row(
      i,
      textOf(raw(0, id, i)),
      textOf(raw(1, category, i)),
      textOf(raw(2, name, i)),
      textOf(raw(3, province, i)),
      textOf(raw(4, district, i)),
      minorBalance,
      invalid,
      foreign,
    );
    for (let k = 0; k < extraCols.length; k++) rows.extra(i, k, conv.cell(extraCols[k]!, i));
  }
  return { extraColumns: extraCols.map(publicColumn), warnings: conv.warnings };
}

const DOC_FIELDS = ['documentNo', 'documentId', 'ref', 'refId'] as const;

/** get_cari_extre → statement lines. Empty debit/credit = 0; unreadable ones = 0 with the raw text in `invalid`. */
export function readStatement(json: unknown): Statement {
  const table = locateTable(json);
  const conv = new Converter();
  const cols = typeColumns(table, 'statementLine', conv);
  const byField = new Map(cols.filter((c) => c.field).map((c) => [c.field!, c]));
  const extraCols = cols.filter((c) => !c.field || !isTypedField('statementLine', c.field));
  const dateCol = byField.get('date');
  const dueCol = byField.get('dueDate');
  const debitCol = byField.get('debit');
  const creditCol = byField.get('credit');
  const date = rawReader(dateCol);
  const due = rawReader(dueCol);
  const type = rawReader(byField.get('type'));
  const debit = rawReader(debitCol);
  const credit = rawReader(creditCol);
  const currencyCol = byField.get('currency');
  const currencyAmountCol = byField.get('currencyAmount');
  const currency = rawReader(currencyCol);
  const currencyAmount = rawReader(currencyAmountCol);
  const docCols = DOC_FIELDS.flatMap((f) => {
    const col = byField.get(f);
    return col ? [[f, col] as const] : [];
  });
  const lines: StatementLine[] = new Array(table.rowCount);
  const readDate = (line: StatementLine, name: 'date' | 'dueDate', v: unknown) => {
    const p = parseDateMemo(v);
    if (p.kind === 'date') line[name] = p.iso;
    else if (p.kind === 'invalid') {
      conv.warnings++;
      line.invalid[name] = p.raw;
    }
  };
  const readAmount = (line: StatementLine, name: 'debit' | 'credit' | 'currencyAmount', col: TypedColumn, i: number, v: unknown) => {
    const minor = col.parsed ? NaN : fastMinor(v);
    if (minor === minor) {
      line[name] = minor;
      return;
    }
    const cell = conv.cell(col, i);
    if (cell.kind === 'number') line[name] = cell.minor;
    else if (cell.kind === 'invalid') line.invalid[name] = cell.raw;
  };
  for (let i = 0; i < table.rowCount; i++) {
    const line: StatementLine = { index: i, date: null, dueDate: null, type: textOf(type(i)), debit: 0, credit: 0, invalid: {}, extras: {} };
    if (dateCol) readDate(line, 'date', date(i));
    if (dueCol) readDate(line, 'dueDate', due(i));
    if (debitCol) readAmount(line, 'debit', debitCol, i, debit(i));
    if (creditCol) readAmount(line, 'credit', creditCol, i, credit(i));
    if (currencyCol) line.currency = normalizeCurrency(textOf(currency(i)));
    if (currencyAmountCol) {
      line.currencyAmount = null;
      readAmount(line, 'currencyAmount', currencyAmountCol, i, currencyAmount(i));
    }
    for (const col of extraCols) setOwn(line.extras, col.key, conv.cell(col, i));
    // Document keys stay shown as columns (extras) and are also read for the ledger: a return reduces
    // the invoice it names (by number, else by id), else the oldest open one (src/domain/ledger).
    for (const [field, col] of docCols) {
      const text = cellText(line.extras[col.key]).trim();
      if (text) line[field] = text;
    }
    lines[i] = line;
  }
  return { lines, extraColumns: extraCols.map(publicColumn), warnings: conv.warnings };
}

/** Generic answers (get_yaslandirma → 'aging', get_fatura → 'invoice'): every key, typed per column. */
export function readTableAnswer(json: unknown, recordKind: RecordKind): ErpTable {
  return toErpTable(locateTable(json), recordKind);
}

/**
 * get_fatura_det (§5 last bullet).
 * - One object holding a nested array (or nested ColdFusion query): the array is the lines table,
 *   the scalar fields (and scalars of nested plain objects) are the header.
 * - A flat array of line rows: the fields equal on every row are the header, the rest the lines.
 *   Keys recognised as invoice-line fields (quantity, unit price, …) always stay in the lines —
 *   so a one-line invoice still has a lines table.
 * An empty answer gives a header with no row (the page shows "not found").
 */
export function readInvoiceDetail(json: unknown): InvoiceDetail {
  const located = locate(json);
  // WEX writes a query as an array of rows: one header row holding its nested line list
  // ([{"Fatura No":…, "Ürün":[…]}]) is that header and those lines, as when it comes bare.
  const single = located.kind === 'table' ? singleRecord(located.table) : null;
  if (single) return readInvoiceDetail(single);
  if (located.kind === 'record') {
    const header: Record<string, unknown> = {};
    let lines: RawTable | null = null;
    const take = (obj: Record<string, unknown>) => {
      for (const [k, v] of Object.entries(obj)) {
        if (Array.isArray(v) && v.every(isPlainObject)) {
          if (!lines && v.length > 0) lines = fromObjects(v, json);
          else if (!lines) lines = EMPTY_TABLE();
        } else if (isPlainObject(v)) {
          const cf = fromColdFusionQuery(v, lowerKeys(v));
          if (cf && !lines) lines = cf;
          else if (!cf) take(v);
        } else if (!Object.hasOwn(header, k)) setOwn(header, k, v);
      }
    };
    take(located.record);
    if (lines) return { header: toErpTable(recordAsTable(header), 'invoice'), lines: toErpTable(lines, 'invoiceLine') };
    return splitFlat(recordAsTable(header));
  }
  return splitFlat(located.table);
}

/** The one row of a one-row table as an object, when one of its values is a nested list (or ColdFusion query). */
function singleRecord(table: RawTable): Record<string, unknown> | null {
  if (table.rowCount !== 1) return null;
  const record: Record<string, unknown> = {};
  let nested = false;
  table.keys.forEach((key, c) => {
    const v = valueAt(table, c, 0);
    if ((Array.isArray(v) && v.every(isPlainObject)) || (isPlainObject(v) && fromColdFusionQuery(v, lowerKeys(v)))) nested = true;
    setOwn(record, key, v);
  });
  return nested ? record : null;
}

function splitFlat(table: RawTable): InvoiceDetail {
  const n = table.rowCount;
  if (n === 0) {
    return { header: { columns: [], rows: [], warnings: 0 }, lines: { columns: [], rows: [], warnings: 0 } };
  }
  const headerIdx: number[] = [];
  const lineIdx: number[] = [];
  const lineIndex = aliasesOf('invoiceLine');
  table.keys.forEach((key, c) => {
    const col = columnOf(table, c);
    const isLineField = lineIndex?.has(foldKey(key)) ?? false;
    let equal = true;
    for (let i = 1; i < n && equal; i++) if (!sameValue(col[i], col[0])) equal = false;
    (equal && !isLineField ? headerIdx : lineIdx).push(c);
  });
  const pick = (idx: number[], rows: number): RawTable => ({
    keys: idx.map((c) => table.keys[c]!),
    columns: idx.map((c) => (rows === 1 ? [valueAt(table, c, 0)] : columnOf(table, c))),
    rowCount: rows,
  });
  return {
    header: toErpTable(pick(headerIdx, 1), 'invoice'),
    lines: lineIdx.length ? toErpTable(pick(lineIdx, n), 'invoiceLine') : { columns: [], rows: [], warnings: 0 },
  };
}

function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (isEmptyRaw(a) && isEmptyRaw(b)) return true;
  return typeof a === 'string' && typeof b === 'string' && a.trim() === b.trim();
}

/**
 * get_user answer ({status, data}) → LoginResult. Failure: the ERP's own message when it gave a
 * string (data/message/error), else none (the caller shows "wrong user name or password").
 * Success: user fields from `data` when it is an object (or an array/ColdFusion query of one).
 */
export function readLogin(json: unknown): LoginResult {
  if (Array.isArray(json) && json.length === 1 && isPlainObject(json[0])) return readLogin(json[0]);
  // Success only inside an object with a status (§4): a bare `true`, `1` or "ok" logs nobody in.
  if (!isPlainObject(json)) return { ok: false };
  const keys = lowerKeys(json);
  const statusKey = keys.get('status') ?? keys.get('success');
  if (statusKey === undefined || !isSuccessStatus(json[statusKey])) {
    const message = envelopeMessage(json, keys);
    return message ? { ok: false, message } : { ok: false };
  }
  const dataKey = keys.get('data') ?? keys.get('result');
  let data = dataKey === undefined ? undefined : json[dataKey];
  if (isPlainObject(data)) {
    const cf = fromColdFusionQuery(data, lowerKeys(data));
    if (cf) data = cf.rowCount > 0 ? Object.fromEntries(cf.keys.map((k, c) => [k, cf.columns[c]![0]])) : undefined;
  }
  if (Array.isArray(data) && isPlainObject(data[0])) data = data[0];
  if (!isPlainObject(data)) return { ok: true };
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(data)) {
    if (v !== null && typeof v !== 'object') setOwn(fields, k, textOf(v));
  }
  const byFolded = new Map(Object.entries(fields).map(([k, v]) => [foldKey(k), v]));
  const first = (...names: string[]) => names.map((n) => byFolded.get(n)).find((v) => v !== undefined && v !== '');
  const given = first('name', 'ad', 'adi', 'employeename', 'firstname');
  const surname = first('surname', 'soyad', 'soyadi', 'employeesurname', 'lastname');
  const full = first('fullname', 'adsoyad', 'adisoyadi', 'namesurname', 'displayname', 'username', 'kullaniciadi');
  const name = (given && surname ? `${given} ${surname}` : undefined) ?? full ?? given ?? '';
  const id = first('userid', 'employeeid', 'id', 'kullaniciid', 'personelid');
  return { ok: true, user: id !== undefined ? { name, id, fields } : { name, fields } };
}
