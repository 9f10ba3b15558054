/** The invoice lines' columns: every line field the ERP sent, with widths and formats for the known ones. */
import type { DataColumn } from '../../components/data-table';
import { cellText, erpCellValue, erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { normalizeCurrency } from '../../domain/currency';
import type { ErpTable } from '../../domain/erp-types';
import { formatNumber } from '../../domain/format';
import { foldKey } from '../../domain/turkish';

/** Line-number columns ("Sıra No", "SATIR_NO"): a few digits, a narrow column. */
const LINE_NO_KEYS = new Set(['sirano', 'satirno', 'lineno', 'rowno', 'linenumber', 'sira']);
/** A VAT rate as Turkish invoices write it: "%20", "%0,5". */
const vatRateText = (v: unknown) => (typeof v === 'number' ? `%${formatNumber(v, 2)}` : '');

export function invoiceLineColumns(lines: ErpTable | undefined): DataColumn<ErpRow>[] {
  return erpDataColumns(lines?.columns ?? [], {
    // A sum of unit prices means nothing: no total under that column.
    override: (col) => {
      if (col.field === 'unitPrice') return { footer: undefined };
      // The product name takes the room the others leave (never cut while there is room).
      if (col.field === 'productName') return { width: undefined };
      if (col.field === 'vatRate') return { width: '6.5rem', cell: (row) => vatRateText(erpCellValue(col, row[col.key])) };
      if (col.field === 'quantity' || col.field === 'unit') return { width: '6.5rem' };
      // The line's currency as one code (Workcube's old "YTL" is TL).
      if (col.field === 'currency') return { width: '6.5rem', cell: (row) => normalizeCurrency(cellText(row[col.key])) ?? '' };
      if (col.field === 'productCode') return { width: '8rem' };
      // The line number is the lines' own order: narrow (room for the totals row's "Toplam"), no sort button.
      if (LINE_NO_KEYS.has(col.folded) || LINE_NO_KEYS.has(foldKey(col.label))) return { width: '5rem', sortable: false };
      return undefined;
    },
    rows: lines?.rows,
  });
}
