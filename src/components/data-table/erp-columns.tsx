/**
 * DataTable columns for an ErpTable (answers whose fields are undocumented: aging, invoices,
 * extra keys): one column per ERP key, in the ERP's order, header = the reader's label, values
 * typed per column (money in kuruş, dates ISO, text). Unreadable values are shown raw and marked.
 * Money columns get an exact totals cell (Σ kuruş over the filtered rows).
 */
import type { ReactNode } from 'react';
import type { Cell, ErpColumn } from '../../domain/erp-types';
import { t } from '../../i18n';
import { formatMoney } from '../../domain/format';
import { BalanceText, balanceText } from '../balance';
import { addMinor, parseNumber } from '../../domain/money';
import { displayValue, headerText } from './cell-format';
import type { CellValue, DataColumn } from './types';

export type ErpRow = Record<string, Cell>;

/** The sortable/exportable value of a cell for a column kind. */
export function erpCellValue(col: ErpColumn, cell: Cell | undefined): CellValue {
  if (!cell) return null;
  switch (cell.kind) {
    case 'empty':
      return null;
    case 'text':
      return cell.text;
    case 'number':
      return col.kind === 'money' ? cell.minor : col.kind === 'number' ? cell.value : cell.raw;
    case 'date':
      return col.kind === 'date' ? cell.iso : cell.raw;
    case 'invalid':
      return cell.raw;
  }
}

export { cellText } from '../../domain/cell-text';

/**
 * An unreadable value: raw text with a visible mark and an explanation. An ambiguous "1.234"
 * (its column shows no decimal mark, docs/team-contracts.md "Numbers") says so.
 */
export function InvalidValue({ raw }: { raw: string }) {
  const p = parseNumber(raw);
  const why = t(p.kind === 'invalid' && p.ambiguous ? 'common.cell.ambiguous' : 'common.cell.invalid');
  return (
    <span className="cell-invalid" title={why}>
      {raw}
      <span aria-hidden="true"> ⚠</span>
      <span className="visually-hidden"> ({why})</span>
    </span>
  );
}

export interface ErpColumnOptions {
  /** Overrides per ERP key (e.g. make the invoice number the primary link). */
  override?: (col: ErpColumn) => Partial<DataColumn<ErpRow>> | undefined;
  /** Currency text of a row (shown after money values when the record says which currency). */
  currencyOf?: (row: ErpRow) => string;
  /** The answer's rows: money columns are made wide enough for their widest amount and their total. */
  rows?: readonly ErpRow[];
  /**
   * Default true: money columns get a totals cell (Σ per currency). False where a column's sum means
   * nothing (sales + purchases + returns in one invoice list): no totals cell, widths from the rows only.
   */
  totals?: boolean;
  /**
   * Money columns are balances (aging buckets): shown as "1.234,56 B" / "A" (BalanceText), exported
   * signed with the sign explained in the column title.
   */
  balances?: boolean;
}

/** One DataColumn per ErpColumn. Build once per answer (useMemo on the columns array). */
export function erpDataColumns(columns: readonly ErpColumn[], options: ErpColumnOptions = {}): DataColumn<ErpRow>[] {
  return columns.map((col) => {
    const value = (row: ErpRow) => erpCellValue(col, row[col.key]);
    const base: DataColumn<ErpRow> = {
      id: col.key,
      header: col.label,
      kind: col.kind,
      value,
      cell: (row) => {
        const cell = row[col.key];
        if (cell?.kind === 'invalid') return <InvalidValue raw={cell.raw} />;
        if (options.balances && col.kind === 'money' && cell?.kind === 'number') return <BalanceText minor={cell.minor} />;
        const text = displayValue(col.kind, value(row));
        const currency = col.kind === 'money' && text && options.currencyOf ? options.currencyOf(row) : '';
        return currency ? `${text} ${currency}` : text;
      },
      searchText: col.kind === 'text' ? (row) => String(value(row) ?? '') : false,
      // On paper a balance reads as on screen ("1.234,56 B" / "A"); an unreadable one as the ERP sent it.
      printText:
        options.balances && col.kind === 'money'
          ? (row) => {
              const cell = row[col.key];
              return cell?.kind === 'number' ? balanceText(cell.minor) : cell?.kind === 'invalid' ? cell.raw : '';
            }
          : undefined,
      footer:
        col.kind === 'money' && options.totals !== false
          ? (rows) => (options.balances ? <BalanceText minor={moneyTotals(rows, col.key)[0]?.minor ?? 0} /> : moneyFooter(rows, col.key, options.currencyOf))
          : undefined,
      // Dates and amounts are never cut off ("31.01.2026", the column's widest amount and its total).
      width: col.kind === 'date' ? '8.5rem' : col.kind === 'money' ? moneyWidth(col.key, options) : undefined,
    };
    const extra = options.override?.(col);
    const merged = extra ? { ...base, ...extra } : base;
    // A signed balance in the exports says which sign is which, under the header the page chose.
    if (options.balances && col.kind === 'money' && merged.exportHeader === undefined)
      merged.exportHeader = () => t('common.table.balanceExport', { header: headerText(merged) });
    return merged;
  });
}

/**
 * Room for the widest amount of a money column (or its total) with sign and currency. Digits are
 * tabular (1ch each); the "." and "," separators are narrower (~0.4ch). The totals row is bold, and
 * bold digits are wider (~1.1ch): a total gets that much room, so "97.581.812,71" is never "97.581.812,…".
 */
function moneyWidth(key: string, { rows, currencyOf, totals = true, balances = false }: ErpColumnOptions): string {
  let widest = 9_999_999; // at least "99.999,99"
  let currency = 0;
  for (const row of rows ?? []) {
    const cell = row[key];
    if (cell?.kind !== 'number') continue;
    widest = Math.max(widest, Math.abs(cell.minor));
    if (currencyOf && currency === 0) currency = currencyOf(row).length;
  }
  let widestTotal = 0;
  // The total of each currency (one total when there is no currency text).
  if (totals) for (const { minor } of moneyTotals(rows ?? [], key, currencyOf)) widestTotal = Math.max(widestTotal, Math.abs(minor));
  const chars = (minor: number) => {
    // A balance has no minus sign but a side letter (" B", ~2ch with its gap); an amount may have
    // a sign. Separators are ~0.5ch.
    const text = balances ? formatMoney(minor) : formatMoney(-minor);
    const separators = text.replace(/[^.,]/g, '').length;
    return text.length - separators + separators * (balances ? 0.5 : 0.4) + (currency ? currency + 1 : 0) + (balances ? 2 : 0);
  };
  const ch = Math.max(chars(widest), widestTotal ? chars(widestTotal) * BOLD_CH : 0);
  return `calc(${ch.toFixed(1)}ch + 1.2rem)`;
}

/** Bold digits are this much wider than regular ones (DejaVu Sans, Segoe UI, Roboto: 1.05–1.1). */
const BOLD_CH = 1.1;

/**
 * Σ kuruş of a money column per currency, in first-seen order ("" = the row names no currency, or
 * no `currencyOf`). Amounts in different currencies are never added together.
 */
function moneyTotals(rows: readonly ErpRow[], key: string, currencyOf?: (row: ErpRow) => string): { currency: string; minor: number }[] {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const cell = row[key];
    if (cell?.kind !== 'number') continue;
    const currency = currencyOf ? currencyOf(row).trim() : '';
    sums.set(currency, addMinor(sums.get(currency) ?? 0, cell.minor));
  }
  return Array.from(sums, ([currency, minor]) => ({ currency, minor }));
}

/** "1.000,50" (no currency text), "1.000,50 TL" (one currency) or "1.000,50 TL · 2.500,00 USD". */
function moneyFooter(rows: readonly ErpRow[], key: string, currencyOf?: (row: ErpRow) => string): ReactNode {
  const totals = moneyTotals(rows, key, currencyOf);
  if (totals.length === 0) return formatMoney(0);
  return totals.map(({ currency, minor }) => (currency ? `${formatMoney(minor)} ${currency}` : formatMoney(minor))).join(' · ');
}
