/**
 * Step 2 — locating the rows (docs/erp-contract.md §3/§4): status values, envelopes ({status, data},
 * {DATA}, {result}, …), ColdFusion query objects (row and column format), arrays of objects and
 * single records → one column-wise RawTable. A new envelope key goes in DATA_KEYS (the data) or
 * META_KEYS (keys an envelope may carry besides it).
 */
import { ErpError, ErpFormatError } from '../errors';
import { foldTr } from '../turkish';

const SUCCESS = new Set(['true', '1', 'ok', 'success', 'succeeded', 'basarili', 'yes', 'y']);

/** True for the success values of §4 (true, 1, "1", "ok", "Başarılı", "YES", …); everything else is failure. */
export function isSuccessStatus(value: unknown): boolean {
  if (value === true || value === 1) return true;
  if (typeof value === 'string') return SUCCESS.has(foldTr(value.trim()));
  return false;
}

/**
 * Column-wise raw answer. `columns[c][i]` is the value of key `keys[c]` in row i. An array of
 * objects keeps its rows (`objects`) and is transposed lazily, one column at a time, only for the
 * columns that need it (the typed readers read the documented fields straight from the rows).
 */
export interface RawTable {
  keys: string[];
  columns: unknown[][];
  rowCount: number;
  objects?: readonly Record<string, unknown>[];
  /** `objects` whose every row has exactly `keys`, in that order: Object.values(row)[c] is column c (fromObjects). */
  uniform?: boolean;
}

type Located = { kind: 'table'; table: RawTable } | { kind: 'record'; record: Record<string, unknown> };

const DATA_KEYS = ['data', 'result', 'results', 'rows', 'items', 'records'];
/** Keys an envelope may carry besides its data key; an object with any other key is a record. */
const META_KEYS = new Set([
  'status',
  'success',
  'ok',
  'message',
  'msg',
  'error',
  'errors',
  'errormessage',
  'code',
  'errorcode',
  'rowcount',
  'recordcount',
  'count',
  'totalcount',
  'page',
  'pagesize',
  'columns',
]);

export const EMPTY_TABLE = (): RawTable => ({ keys: [], columns: [], rowCount: 0 });

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * ERP keys are data, never object machinery: a key may be `constructor`, `toString` or `__proto__`.
 * Reads go through ownValue (an inherited member is not a value the ERP sent); writes of a key the
 * ERP chose go through setOwn (`obj.__proto__ = v` would replace the prototype, not add a key).
 */
export function ownValue(obj: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(obj, key) ? obj[key] : undefined;
}
export function setOwn<T>(obj: Record<string, T>, key: string, value: T): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

function shapeError(json: unknown): ErpFormatError {
  let text: string;
  try {
    text = JSON.stringify(json) ?? String(json);
  } catch {
    text = String(json);
  }
  return new ErpFormatError(200, text, 'unexpected shape');
}

/** Case-insensitive key lookup: lower-cased key → actual key (first wins). */
export function lowerKeys(obj: Record<string, unknown>): Map<string, string> {
  const m = new Map<string, string>();
  for (const k of Object.keys(obj)) {
    const l = k.toLowerCase();
    if (!m.has(l)) m.set(l, k);
  }
  return m;
}

/** A string message of a failure envelope: data / message / error (any case). */
export function envelopeMessage(obj: Record<string, unknown>, keys: Map<string, string>): string | undefined {
  for (const name of ['data', 'message', 'msg', 'error', 'errormessage']) {
    const k = keys.get(name);
    const v = k === undefined ? undefined : obj[k];
    if (typeof v === 'string' && v.trim() !== '') return v.trim();
    if (name === 'error' && isPlainObject(v) && typeof v.message === 'string' && v.message.trim()) return v.message.trim();
  }
  return undefined;
}

/** ColdFusion query object (row or column format), or null when obj is not one. */
export function fromColdFusionQuery(obj: Record<string, unknown>, keys: Map<string, string>): RawTable | null {
  const colKey = keys.get('columns');
  const dataKey = keys.get('data');
  if (colKey === undefined || dataKey === undefined) return null;
  const cols = obj[colKey];
  const data = obj[dataKey];
  if (!Array.isArray(cols) || !cols.every((c) => typeof c === 'string')) return null;
  const names = cols as string[];
  if (Array.isArray(data)) {
    // Row format: DATA = [[v1, v2, …], …]
    const n = data.length;
    const columns = names.map(() => new Array<unknown>(n));
    for (let i = 0; i < n; i++) {
      const row = data[i];
      if (!Array.isArray(row)) throw shapeError(obj);
      for (let c = 0; c < names.length; c++) columns[c]![i] = row[c];
    }
    return { keys: names, columns, rowCount: n };
  }
  if (isPlainObject(data)) {
    // Column format: DATA = { COL: [v, …], … } — zip by index.
    const dataKeys = lowerKeys(data);
    const columns = names.map((name) => {
      const arr = ownValue(data, name) ?? ownValue(data, dataKeys.get(name.toLowerCase()) ?? '');
      if (arr !== undefined && !Array.isArray(arr)) throw shapeError(obj);
      return (arr as unknown[] | undefined) ?? [];
    });
    const rcKey = keys.get('rowcount');
    const rc = rcKey === undefined ? undefined : obj[rcKey];
    const rowCount = typeof rc === 'number' && rc >= 0 ? rc : Math.max(0, ...columns.map((c) => c.length));
    return { keys: names, columns, rowCount };
  }
  return null;
}

/**
 * An array of objects → a table, keys in order of first appearance. Columns are transposed on
 * first access (see RawTable). Rows with the same keys in the same order as the previous row (the
 * usual case) cost one pass over their keys and no lookups.
 */
export function fromObjects(rows: unknown[], whole: unknown): RawTable {
  const n = rows.length;
  const keyIndex = new Map<string, number>();
  const keys: string[] = [];
  let prev: string[] = [];
  // Every row with the first row's own keys, in its order (and nothing inherited among them).
  let uniform = true;
  for (let i = 0; i < n; i++) {
    const row = rows[i];
    if (!isPlainObject(row)) throw shapeError(whole);
    let j = 0;
    let same = true;
    for (const k in row) {
      if (same && prev[j] === k) {
        j++;
        continue;
      }
      same = false;
      if (!keyIndex.has(k)) {
        keyIndex.set(k, keys.length);
        keys.push(k);
      }
    }
    if (!same || j !== prev.length) {
      if (i > 0) uniform = false;
      prev = Object.keys(row);
    }
  }
  uniform &&= prev.length === keys.length;
  return { keys, columns: new Array<unknown[]>(keys.length), rowCount: n, objects: rows as Record<string, unknown>[], uniform };
}

/** Column c of a table (an array of objects is transposed here, once per column). */
export function columnOf(table: RawTable, c: number): unknown[] {
  let col = table.columns[c];
  if (col === undefined) {
    const { objects, rowCount: n } = table;
    const k = table.keys[c]!;
    col = new Array<unknown>(n);
    if (objects) for (let i = 0; i < n; i++) col[i] = ownValue(objects[i]!, k);
    table.columns[c] = col;
  }
  return col;
}

/** Value of column c in row i, without transposing. */
export function valueAt(table: RawTable, c: number, i: number): unknown {
  const col = table.columns[c];
  if (col !== undefined) return col[i];
  return table.objects ? ownValue(table.objects[i]!, table.keys[c]!) : undefined;
}

/** Finds the records in a parsed answer (§3). Throws ErpError for a failure envelope, ErpFormatError for other shapes. */
export function locate(json: unknown, depth = 0): Located {
  if (Array.isArray(json)) return { kind: 'table', table: fromObjects(json, json) };
  if (!isPlainObject(json) || depth > 4) throw shapeError(json);
  const keys = lowerKeys(json);

  const cf = fromColdFusionQuery(json, keys);
  if (cf) return { kind: 'table', table: cf };

  const dataKey = DATA_KEYS.map((k) => keys.get(k)).find((k) => k !== undefined);
  const statusKey = keys.get('status');
  const onlyMeta = [...keys.keys()].every((l) => META_KEYS.has(l) || (dataKey !== undefined && l === dataKey.toLowerCase()));
  // A bare error object ({"error":"Yetki yok"}, {"message":"Kayıt bulunamadı"}): no data, no status,
  // only envelope keys and a message — the ERP saying no, not a record with blank fields.
  if (onlyMeta && dataKey === undefined && statusKey === undefined) {
    const message = envelopeMessage(json, keys);
    if (message !== undefined && !isSuccessStatus(message)) throw new ErpError(message);
  }
  if (onlyMeta && (dataKey !== undefined || statusKey !== undefined)) {
    if (statusKey !== undefined && !isSuccessStatus(json[statusKey])) throw new ErpError(envelopeMessage(json, keys));
    const data = dataKey === undefined ? undefined : json[dataKey];
    if (data === undefined || data === null || (typeof data === 'string' && (statusKey !== undefined || data.trim() === ''))) {
      return { kind: 'table', table: EMPTY_TABLE() };
    }
    return locate(data, depth + 1);
  }
  return { kind: 'record', record: json };
}

export function recordAsTable(record: Record<string, unknown>): RawTable {
  const keys = Object.keys(record);
  return { keys, columns: keys.map((k) => [record[k]]), rowCount: 1 };
}

export function locateTable(json: unknown): RawTable {
  const l = locate(json);
  if (l.kind === 'table') return l.table;
  return Object.keys(l.record).length === 0 ? EMPTY_TABLE() : recordAsTable(l.record);
}

/**
 * What shape an answer has, in words (npm run erp:check): the same decisions as locate(), named —
 * "dizi (N satır)", "zarf {status, data} → …", "ColdFusion sorgusu, satır biçimi", "tek kayıt",
 * "tek kayıt, iç içe liste: Ürün". Never throws.
 */
export function answerShape(json: unknown, depth = 0): string {
  if (Array.isArray(json)) {
    const nested = json.length === 1 && isPlainObject(json[0]) ? nestedListKeys(json[0]) : [];
    if (nested.length) return `bir satırlık dizi, iç içe liste: ${nested.join(', ')}`;
    return `nesne dizisi (${json.length} satır)`;
  }
  if (!isPlainObject(json) || depth > 4) return 'tanınmayan biçim';
  const keys = lowerKeys(json);
  const cf = fromColdFusionQueryShape(json, keys);
  if (cf) return cf;
  const dataKey = DATA_KEYS.map((k) => keys.get(k)).find((k) => k !== undefined);
  const statusKey = keys.get('status');
  const onlyMeta = [...keys.keys()].every((l) => META_KEYS.has(l) || (dataKey !== undefined && l === dataKey.toLowerCase()));
  if (onlyMeta && (dataKey !== undefined || statusKey !== undefined)) {
    const label = `zarf {${[statusKey, dataKey].filter(Boolean).join(', ')}}`;
    const inner = dataKey === undefined ? undefined : json[dataKey];
    return inner === undefined || inner === null || typeof inner === 'string' ? label : `${label} → ${answerShape(inner, depth + 1)}`;
  }
  if (onlyMeta && envelopeMessage(json, keys) !== undefined) return 'hata nesnesi';
  const nested = nestedListKeys(json);
  return nested.length ? `tek kayıt, iç içe liste: ${nested.join(', ')}` : 'tek kayıt';
}

function nestedListKeys(obj: Record<string, unknown>): string[] {
  return Object.keys(obj).filter((k) => {
    const v = obj[k];
    return (Array.isArray(v) && v.every(isPlainObject)) || (isPlainObject(v) && fromColdFusionQuery(v, lowerKeys(v)) !== null);
  });
}

function fromColdFusionQueryShape(obj: Record<string, unknown>, keys: Map<string, string>): string | null {
  try {
    const table = fromColdFusionQuery(obj, keys);
    if (!table) return null;
    const data = obj[keys.get('data')!];
    return `ColdFusion sorgusu, ${Array.isArray(data) ? 'satır' : 'sütun'} biçimi (${table.rowCount} satır)`;
  } catch {
    return 'bozuk ColdFusion sorgusu';
  }
}
