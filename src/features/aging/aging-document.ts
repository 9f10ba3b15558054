/**
 * The aging list as a document (print): the rows as shown (side, search, sort) with the columns
 * shown; every bucket and the total carried from page to page as Σ (nakli yekün, "1.234,56 B" / "A"
 * like the screen), their totals once at the end; above the table on page 1, receivables and payables
 * apart (never one netted overdue figure): total, count and overdue.
 */
import type { ErpRow } from '../../components/data-table/erp-columns';
import type { DataColumn } from '../../components/data-table';
import { balanceText } from '../../components/balance';
import type { DocumentHead } from '../../domain/document/document-head';
import { tableDocument } from '../../components/document/from-table';
import type { DocColumn, DocSpec } from '../../domain/document/paginate';
import { sideFigures, type AgingLayout } from '../../domain/aging-buckets';
import type { ErpTable } from '../../domain/erp-types';
import { t } from '../../i18n';
import { formatCount } from '../../domain/format';
import { sumMinor } from '../../domain/money';

export function agingDocument(
  head: DocumentHead,
  table: ErpTable,
  layout: AgingLayout,
  columns: readonly DataColumn<ErpRow>[],
  rows: readonly ErpRow[],
  sides: readonly ('B' | 'A')[],
): DocSpec<ErpRow> {
  const keys = [...layout.buckets.map((b) => b.key), ...(layout.totalKey ? [layout.totalKey] : [])];
  // An unreadable amount makes the carried Σ of its column unknown from there on.
  const minorOf = (row: ErpRow, key: string): number | null => {
    const cell = row[key];
    return cell?.kind === 'number' ? cell.minor : cell?.kind === 'invalid' ? null : 0;
  };
  const carry: Partial<Record<string, DocColumn<ErpRow>['carry']>> = {};
  const grandTotal: Partial<Record<string, string>> = {};
  for (const key of keys) {
    carry[key] = { kind: 'sum', value: (r) => minorOf(r, key), format: (m) => balanceText(m) };
    const values = rows.map((r) => minorOf(r, key));
    grandTotal[key] = values.includes(null) ? t('statement.incomplete') : balanceText(sumMinor(values as number[]));
  }
  const shown = { ...table, rows: rows as ErpRow[] };
  const intro = layout.buckets.length
    ? sides.map((sd) => {
        const fig = sideFigures(shown, layout, sd);
        return t('doc.aging.side', {
          side: t(sd === 'B' ? 'aging.side.B' : 'aging.side.A'),
          total: balanceText(fig.total),
          count: formatCount(fig.rows.length),
          overdue: balanceText(fig.overdue),
        });
      })
    : [];
  return tableDocument(head, columns, rows, { carry, grandTotal, intro, unknownCarry: t('statement.incomplete') });
}
