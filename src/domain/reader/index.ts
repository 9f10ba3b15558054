/**
 * THE one ERP reader (docs/erp-contract.md §2–§6). Pure: no DOM, no Node APIs —
 * the server imports it too (get_user). This file is its only entry: import from `…/api/reader`.
 *
 *   body text ──parseErpBody──▶ JSON ──locate──▶ columns of raw values ──type per column──▶ domain rows
 *
 * The steps, in order (each file imports only the ones before it):
 *   1. body.ts    — raw body: BOM, leading `//`, HTML/empty → ErpFormatError (§2)
 *   2. locate.ts  — locating the rows: status values, envelopes, ColdFusion row/column formats (§3/§4)
 *   3. keys.ts    — key folding, the alias table and labels, the kind of each recognised field (§5)
 *   4. convert.ts — converting values: one parser per column kind, the column's decimal mark, cells (§6)
 *   5. columns.ts — typing columns: each column's kind from its alias field, key and values (§6)
 *   6. records.ts — the record readers: accounts, statement, invoice detail, login, any table
 * Beside them: prefix.ts — the start of an answer still arriving, closed into JSON of the same
 * shape (a long list shows its first rows before its last byte); segments.ts — a long answer
 * parsed in slices while it arrives (JSON.parse's value, little left to parse after the last byte);
 * json-chars.ts — the structural characters both scan for.
 *
 * Where to add:
 *   - a new envelope key → DATA_KEYS / META_KEYS in locate.ts;
 *   - a new alias or header label → erp-aliases.json (no code); a new field → FIELD_KINDS in keys.ts;
 *   - a new column kind → ColumnKind (../types.ts), then kindFromKey / kindFromValues in columns.ts
 *     and Converter.cell in convert.ts;
 *   - a new record → RecordKind + FIELD_KINDS (keys.ts), its reader in records.ts, exported below.
 *
 * Internally an answer is held column-wise ({ keys, columns[][] }): ColdFusion's column format is
 * used as is (zero copy), row format and arrays of objects are transposed once. Each column's kind
 * is decided once (alias field, key hints, then its values), and each value is converted by that
 * kind's parser only.
 */
export { parseErpBody } from './body';
export { BodySegments } from './segments';
export { AccountSlices } from './account-slices';
export { closedPrefix, parsePrefix } from './prefix';
export { answerShape, isSuccessStatus } from './locate';
export {
  FIELD_KINDS,
  columnHeader,
  extendAliases,
  fieldOf,
  hasLabel,
  operatorAliasTables,
  readableHeader,
  resetAliases,
  type AliasTable,
  type RecordKind,
} from './keys';
export { setOwn } from './locate';
export { kindFromKey } from './columns';
export { readAccounts, readInvoiceDetail, readLogin, readStatement, readTableAnswer, visitAccountTable, visitAccounts, type AccountRows } from './records';
