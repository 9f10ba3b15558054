/** The invoice list's columns: every field get_fatura returns; the number opens the invoice, the internal ids last and hidden. */
import type { DataColumn } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import type { ErpTable } from '../../domain/erp-types';
import { t } from '../../i18n';
import { idColumnLast, invoiceHref, type InvoiceLayout } from './invoice-fields';

export function invoiceSearchColumns(table: ErpTable, layout: InvoiceLayout): DataColumn<ErpRow>[] {
  return idColumnLast(
    erpDataColumns(table.columns, {
      // Amounts without a currency suffix: the currency column says it (and the list fits a laptop screen).
      totals: false,
      override: (col) => {
        if (col.key === layout.primaryKey && layout.idKey) return { primary: true, href: (row) => invoiceHref(row, layout) ?? '#', width: '9.5rem' };
        if (col.key === layout.dateKey || col.key === layout.dueDateKey) return { width: '7.5rem' };
        // One name for the document type: the column says what the totals box below it says.
        if (col.key === layout.typeKey) return { width: '9rem', header: () => t('invoices.type') };
        if (col.key === layout.companyKey) return { wrap: true };
        // Internal ids (the number and the company name are the links): hidden until the column chooser shows them.
        if (col.key === layout.idKey || col.key === layout.accountIdKey) return { width: '5.75rem', defaultHidden: true, exportAlways: true };
        if (col.key === layout.currencyKey) return { width: '5.75rem' };
        return undefined;
      },
      rows: table.rows,
    }),
    layout.idKey,
  );
}
