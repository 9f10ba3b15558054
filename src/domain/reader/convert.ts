/**
 * Step 4 — converting values (docs/erp-contract.md §6): one parser per column kind (text, money/number,
 * date), the decimal mark of a column for the ambiguous "1.234", and Converter, which turns value i
 * of a typed column into a Cell and counts the invalid ones. A new column kind gets its case in
 * Converter.cell here (its kind is decided in columns.ts).
 */
import type { Cell, ErpColumn } from '../erp-types';
import { columnDecimalMark, parseNumber, type DecimalMark, type NumberParse } from '../money';
import { parseDate, type DateParse } from '../dates';
import { columnOf, valueAt, type RawTable } from './locate';

export function isEmptyRaw(v: unknown): boolean {
  return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
}

/** ERP date columns repeat the same few hundred values: memoise the (pure) parse. Results are shared, never mutated. */
const dateMemo = new Map<string, DateParse>();
export function parseDateMemo(v: unknown): DateParse {
  if (typeof v !== 'string') return parseDate(v);
  let p = dateMemo.get(v);
  if (p === undefined) {
    if (dateMemo.size >= 10_000) dateMemo.clear();
    p = parseDate(v);
    dateMemo.set(v, p);
  }
  return p;
}

const EMPTY_CELL: Cell = Object.freeze({ kind: 'empty' }) as Cell;

export function textOf(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return String(v);
  }
}

export interface TypedColumn extends ErpColumn {
  /** Where the raw values are: column `index` of `table` (transposed only when needed). */
  table: RawTable;
  index: number;
  /** Number parses already made while deciding the kind (index = row). */
  parsed?: NumberParse[];
  /** Shared text cells of a column whose values repeat (categories, cities). */
  textCells?: Map<string, Cell>;
  /** The column's decimal mark for ambiguous "1.234" values (null = none shown; undefined = not looked yet). */
  decimalMark?: DecimalMark | null;
}

/**
 * The decimal mark of a column whose values are parsed (`parsed`, index = row; missing ones are
 * parsed here) and the ambiguous "1.234" / "1,234" among them re-read with it, in place. Returns
 * the mark (columnDecimalMark: what the other values show), or null — then they stay invalid +
 * ambiguous (shown raw, counted), never guessed.
 */
export function resolveAmbiguous(values: unknown[], n: number, parsed: (NumberParse | undefined)[]): DecimalMark | null {
  for (let i = 0; i < n; i++) if (parsed[i] === undefined) parsed[i] = parseNumber(values[i]);
  const mark = columnDecimalMark(values, n, parsed);
  if (mark !== null) {
    for (let i = 0; i < n; i++) {
      const p = parsed[i]!;
      if (p.kind === 'invalid' && p.ambiguous) parsed[i] = parseNumber(values[i], mark);
    }
  }
  return mark;
}

/**
 * Value i of a money/number column. On the first ambiguous "1.234" the whole column is parsed
 * once (resolveAmbiguous) and those parses are kept in `col.parsed`, so the mark costs one pass.
 */
function numberOf(col: TypedColumn, v: unknown, i: number): NumberParse {
  const p = parseNumber(v);
  if (p.kind !== 'invalid' || !p.ambiguous || col.decimalMark !== undefined) return p;
  const parsed = new Array<NumberParse | undefined>(col.table.rowCount);
  parsed[i] = p;
  col.decimalMark = resolveAmbiguous(columnOf(col.table, col.index), col.table.rowCount, parsed);
  col.parsed = parsed as NumberParse[];
  return parsed[i]!;
}

/** Per-read state: counts invalid values. */
export class Converter {
  warnings = 0;
  cell(col: TypedColumn, i: number): Cell {
    const v = columnOf(col.table, col.index)[i];
    switch (col.kind) {
      case 'text': {
        const text = textOf(v);
        if (text === '') return EMPTY_CELL;
        const cache = col.textCells;
        if (!cache) return { kind: 'text', text };
        let cell = cache.get(text);
        if (!cell) cache.set(text, (cell = { kind: 'text', text }));
        return cell;
      }
      case 'money':
      case 'number': {
        const p = col.parsed?.[i] ?? numberOf(col, v, i);
        if (p.kind === 'invalid') {
          this.warnings++;
          return p.ambiguous ? { kind: 'invalid', raw: p.raw, expected: 'number', ambiguous: true } : { kind: 'invalid', raw: p.raw, expected: 'number' };
        }
        return p.kind === 'empty' ? EMPTY_CELL : p;
      }
      case 'date': {
        const p = parseDateMemo(v);
        if (p.kind === 'invalid') {
          this.warnings++;
          return { kind: 'invalid', raw: p.raw, expected: 'date' };
        }
        return p.kind === 'empty' ? EMPTY_CELL : p;
      }
    }
  }
  text(col: TypedColumn | undefined, i: number): string {
    return col ? textOf(valueAt(col.table, col.index, i)) : '';
  }
}
