/**
 * Step 3 — keys → fields (docs/erp-contract.md §5): key folding, the alias table (erp-aliases.json plus the
 * operator's extendAliases), the kind of each recognised field, and column headers. A new alias or
 * label goes in erp-aliases.json; a new recognised field also gets its kind in FIELD_KINDS.
 */
import type { ColumnKind } from '../erp-types';
import defaultAliases from './erp-aliases.json';
import { foldKey } from '../turkish';
import { t, type MessageKey } from '../../i18n';
import { isPlainObject } from './locate';

export type RecordKind = 'account' | 'statementLine' | 'invoice' | 'invoiceLine' | 'aging';
export type AliasTable = Record<string, Record<string, string[]>>;

/** Kinds of the recognised fields; fields only known from an operator's table are typed from their values. */
export const FIELD_KINDS: Record<string, Record<string, ColumnKind>> = {
  account: { id: 'text', category: 'text', name: 'text', province: 'text', district: 'text', balance: 'money', currency: 'text' },
  statementLine: { date: 'date', dueDate: 'date', type: 'text', debit: 'money', credit: 'money', currency: 'text', currencyAmount: 'money' },
  invoice: {
    id: 'text',
    number: 'text',
    date: 'date',
    dueDate: 'date',
    company: 'text',
    accountId: 'text',
    net: 'money',
    gross: 'money',
    total: 'money',
    taxTotal: 'money',
    currency: 'text',
  },
  invoiceLine: {
    productCode: 'text',
    productName: 'text',
    quantity: 'number',
    unit: 'text',
    unitPrice: 'money',
    vatRate: 'number',
    vatAmount: 'money',
    netAmount: 'money',
    amount: 'money',
    currency: 'text',
  },
  aging: { company: 'text', accountId: 'text' },
};

/** The kind of a recognised field (own entries only: a field named "constructor" is no kind). */
export function fieldKind(record: RecordKind, field: string): ColumnKind | undefined {
  const kinds = FIELD_KINDS[record];
  return kinds && Object.hasOwn(kinds, field) ? kinds[field] : undefined;
}

/** True when `field` is one of the record's fields with a kind of its own (the typed ones). */
export function isTypedField(record: RecordKind, field: string): boolean {
  return fieldKind(record, field) !== undefined;
}

/**
 * The alias file (erp-aliases.json): record kind → field → aliases, plus `labels`: folded key → Turkish
 * header for keys that are not a recognised field ("ACIKLAMA" → "Açıklama", "NETTOTAL" → "Net Toplam").
 */
type AliasFile = AliasTable & { labels?: Record<string, string> };
const LABELS = 'labels';

/** record → folded alias → { field, priority } (lower priority number wins when several keys match one field). */
let aliasIndex = new Map<string, Map<string, { field: string; priority: number }>>();
/** folded key → header (the operator's labels over the built-in ones). */
let labelIndex = new Map<string, string>();
let extraAliases: AliasTable = {};
let extraLabels: Record<string, string> = {};

function buildAliasIndex(): void {
  const index = new Map<string, Map<string, { field: string; priority: number }>>();
  const add = (table: AliasTable, base: number) => {
    for (const [record, fields] of Object.entries(table)) {
      if (record === LABELS || !isPlainObject(fields)) continue;
      let m = index.get(record);
      if (!m) index.set(record, (m = new Map()));
      for (const [field, aliases] of Object.entries(fields)) {
        if (!Array.isArray(aliases)) continue;
        aliases.forEach((alias, i) => {
          if (typeof alias !== 'string') return;
          const folded = foldKey(alias);
          if (folded && !m.has(folded)) m.set(folded, { field, priority: base + i });
        });
      }
    }
  };
  const defaults = defaultAliases as unknown as AliasFile;
  add(extraAliases, 0); // the operator's table wins
  add(defaults, 1000);
  aliasIndex = index;
  const labels = new Map<string, string>();
  for (const table of [extraLabels, defaults.labels ?? {}]) {
    for (const [key, label] of Object.entries(table)) {
      const folded = foldKey(key);
      if (folded && typeof label === 'string' && label.trim() && !labels.has(folded)) labels.set(folded, label.trim());
    }
  }
  labelIndex = labels;
}
buildAliasIndex();

/** The operator's tables merged so far, in order (an answer worker merges the same: answer-read.ts). */
let operatorTables: readonly unknown[] = [];
export const operatorAliasTables = (): readonly unknown[] => operatorTables;

/**
 * Merges an operator's extra alias table (GET /api/config → `aliases`, same shape as
 * erp-aliases.json, `labels` included) into the defaults. Its aliases and labels take precedence.
 * Malformed parts are ignored.
 */
export function extendAliases(extra: unknown): void {
  if (!isPlainObject(extra)) return;
  operatorTables = [...operatorTables, extra];
  // Null-prototype copies: the operator's names ("constructor", "__proto__") are plain keys here.
  const merged: AliasTable = Object.assign(Object.create(null) as AliasTable, extraAliases);
  for (const [record, fields] of Object.entries(extra)) {
    if (!isPlainObject(fields)) continue;
    if (record === LABELS) {
      const labels: Record<string, string> = Object.assign(Object.create(null) as Record<string, string>, extraLabels);
      for (const [key, label] of Object.entries(fields)) if (typeof label === 'string') labels[key] = label;
      extraLabels = labels;
      continue;
    }
    const target: Record<string, string[]> = Object.assign(Object.create(null) as Record<string, string[]>, merged[record]);
    for (const [field, aliases] of Object.entries(fields)) {
      if (!Array.isArray(aliases)) continue;
      target[field] = [...(target[field] ?? []), ...aliases.filter((a): a is string => typeof a === 'string')];
    }
    merged[record] = target;
  }
  extraAliases = merged;
  buildAliasIndex();
}

/** Back to the built-in table only (tests). */
export function resetAliases(): void {
  operatorTables = [];
  extraAliases = {};
  extraLabels = {};
  buildAliasIndex();
}

/** The recognised field of a key for a record kind, if any. */
export function fieldOf(record: RecordKind, key: string): string | undefined {
  return aliasesOf(record)?.get(foldKey(key))?.field;
}

/** Folded alias → { field, priority } of one record kind (the operator's table merged in). */
export function aliasesOf(record: RecordKind): ReadonlyMap<string, { field: string; priority: number }> | undefined {
  return aliasIndex.get(record);
}

const ACRONYMS = new Map(
  Object.entries({
    id: 'ID',
    kdv: 'KDV',
    otv: 'ÖTV',
    tl: 'TL',
    try: 'TRY',
    usd: 'USD',
    eur: 'EUR',
    iban: 'IBAN',
    vkn: 'VKN',
    tckn: 'TCKN',
    no: 'No',
  }),
);

/** True when the alias file (or the operator's) has a header label for this key (erp:check: "understood as a column"). */
export function hasLabel(key: string): boolean {
  return labelIndex.has(foldKey(key));
}

/**
 * Header of a key that is not a recognised field: the alias file's `labels` entry for the folded key
 * ("NETTOTAL" → "Net Toplam", "0_30_GUN" → "0–30 Gün"), else one made from the key itself.
 */
export function columnHeader(key: string): string {
  return labelIndex.get(foldKey(key)) ?? readableHeader(key);
}

/**
 * Readable header from an ERP key: "FATURA_TARIHI" → "Fatura Tarihi", "faturaTarihi" → "Fatura Tarihi",
 * "SON_ISLEM_TARIHI" → "Son İşlem Tarihi". An ASCII word that the `labels` table spells with Turkish
 * letters ("islem" → "İşlem", "gun" → "Gün") takes that spelling; any other ASCII "I" is read as "i"
 * ("KDV_ORANLARI" → "KDV Oranlari": the ERP's spelling is not guessed). Two numbers in a row are a
 * range ("181_365_GUN" → "181–365 Gün"). Keys that already look like labels ("Vade Farkı") are kept as sent.
 */
export function readableHeader(key: string): string {
  const k = key.trim();
  if (k === '') return k;
  if (/\s/.test(k) && k !== k.toLocaleUpperCase('tr')) return k;
  const words = k
    .replace(/([a-zçğıöşü0-9])([A-ZÇĞİÖŞÜ])/g, '$1 $2')
    .split(/[^0-9A-Za-zÇĞİÖŞÜçğıöşüÂÎÛâîû]+/)
    .filter(Boolean);
  for (let i = words.length - 1; i > 0; i--) {
    if (/^\d+$/.test(words[i]!) && /^\d+$/.test(words[i - 1]!)) words.splice(i - 1, 2, `${words[i - 1]}–${words[i]}`);
  }
  return words
    .map((w) => {
      const ascii = !/[^\u0020-\u007e]/.test(w);
      // ERP keys are usually ASCII ("TARIHI"): an ASCII "I" is an "i" there, not a dotless "ı".
      const lower = ascii ? w.toLowerCase() : w.toLocaleLowerCase('tr');
      const acronym = ACRONYMS.get(lower);
      if (acronym) return acronym;
      if (ascii) {
        // A Turkish spelling of this very word ("gun" → "Gün"), not a translation ("tax" → "KDV %").
        const spelled = labelIndex.get(lower);
        if (spelled && !/\s/.test(spelled) && foldKey(spelled) === lower) return spelled;
      }
      // An upper-case first letter is kept as sent ("ISLEM" → "Islem", "İL" → "İl"); a lower-case one
      // is capitalised with Turkish rules ("islem" → "İslem").
      const first = w.charAt(0);
      return (first !== first.toLocaleLowerCase('tr') ? first : first.toLocaleUpperCase('tr')) + lower.slice(1);
    })
    .join(' ');
}

export function fieldLabel(record: RecordKind, field: string, key: string): string {
  const label = t(`common.field.${record}.${field}` as MessageKey) as string | undefined;
  return label ?? columnHeader(key);
}
