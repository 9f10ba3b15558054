/**
 * The aging list's columns: every field the ERP sent (bucket headers as day ranges, amounts as
 * balances), a stacked bar per company and the link that opens the account's own aging (?cari=).
 */
import { Link } from 'react-router-dom';
import type { DataColumn } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { bucketColor, bucketLabel, StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import type { ErpTable } from '../../domain/erp-types';
import { agingRowHref, cellMinor, cellText, type AgingLayout } from '../../domain/aging-buckets';
import { t } from '../../i18n';

export function segmentsOf(row: ErpRow, layout: AgingLayout): BarSegment[] {
  const n = layout.buckets.length;
  const firstIsNotDue = layout.buckets[0]?.notDue ?? false;
  return layout.buckets.map((b, i) => ({ key: b.key, label: bucketLabel(b), amount: cellMinor(row[b.key]), color: bucketColor(i, n, firstIsNotDue) }));
}

export function positiveSum(segments: BarSegment[]): number {
  let s = 0;
  for (const seg of segments) if (seg.amount > 0) s += seg.amount;
  return s;
}

/** The longest bar's length: every row's bar is drawn on the same scale. */
export function barScale(table: ErpTable, layout: AgingLayout): number {
  let max = 0;
  for (const row of table.rows) max = Math.max(max, positiveSum(segmentsOf(row, layout)));
  return max;
}

/** `params`: the page's search, which the ?cari= link keeps. */
export function agingColumns(table: ErpTable, layout: AgingLayout, scale: number, params: URLSearchParams): DataColumn<ErpRow>[] {
  const cols = erpDataColumns(table.columns, {
    // Bucket amounts are balances: "1.234,56 B" / "A" on screen (one sign convention), signed in
    // the CSV with the sign named in the title. No totals row: the summary above shows every
    // bucket's total in full (a totals row made the table wider than a laptop screen).
    balances: true,
    totals: false,
    override: (col) => {
      if (col.key === layout.nameKey) return { primary: true, href: (row) => agingRowHref(row, layout), width: '13rem', wrap: true };
      // The name links to the statement: the id is an extra the column chooser shows.
      if (col.key === layout.accountIdKey) return { width: '6rem', defaultHidden: true, exportAlways: true };
      // Bucket columns get a readable day-range header ("0-30 Gün"), also in the CSV.
      const bucket = layout.buckets.find((b) => b.key === col.key);
      if (bucket) return { header: bucketLabel(bucket) };
      return undefined;
    },
    rows: table.rows,
  });
  if (layout.buckets.length > 0) {
    cols.push({
      id: '__chart',
      header: () => t('aging.col.chart'),
      value: () => null,
      sortable: false,
      exportable: false,
      // On paper the figures are there; the bar is not.
      printable: false,
      searchText: false,
      // The bar repeats the row's figures: on a laptop it waits in the column chooser, so the
      // table fits without sideways scrolling.
      defaultHidden: 'narrow',
      width: '7rem',
      cell: (row) => <StackedBar segments={segmentsOf(row, layout)} scale={scale} name={layout.nameKey ? cellText(row[layout.nameKey]) : ''} />,
    });
  }
  if (layout.accountIdKey) {
    const idKey = layout.accountIdKey;
    cols.push({
      id: '__fifo',
      header: () => t('aging.col.actions'),
      value: () => null,
      sortable: false,
      exportable: false,
      printable: false,
      searchText: false,
      width: '5rem',
      cell: (row) => {
        const id = cellText(row[idKey]);
        if (!id) return null;
        const name = layout.nameKey ? cellText(row[layout.nameKey]) : id;
        const next = new URLSearchParams(params);
        next.set('cari', id);
        return (
          <Link to={`/aging?${next.toString()}`} aria-label={t('aging.fifo.openFor', { name })}>
            {t('aging.fifo.open')}
          </Link>
        );
      },
    });
  }
  return cols;
}
