/** The invoice's header: every field the ERP sent (the internal id last); the company opens its statement. */
import { Link } from 'react-router-dom';
import { displayValue } from '../../components/data-table';
import { erpCellValue, InvalidValue, type ErpRow } from '../../components/data-table/erp-columns';
import type { Cell, ErpColumn } from '../../domain/erp-types';
import { t } from '../../i18n';
import { idColumnLast, type InvoiceLayout } from './invoice-fields';

function HeaderValue({ col, cell, currency, accountHref }: { col: ErpColumn; cell: Cell | undefined; currency: string; accountHref?: string }) {
  if (cell?.kind === 'invalid') return <InvalidValue raw={cell.raw} />;
  const text = displayValue(col.kind, erpCellValue(col, cell));
  if (!text) return <>–</>;
  // The company opens its statement (the statement's document numbers open the invoice back).
  if (accountHref)
    return (
      <Link to={accountHref} title={t('invoices.detail.openStatement', { name: text })}>
        {text}
      </Link>
    );
  return <>{col.kind === 'money' && currency ? `${text} ${currency}` : text}</>;
}

export interface InvoiceHeaderFieldsProps {
  columns: readonly ErpColumn[];
  row: ErpRow;
  layout: InvoiceLayout;
  currency: string;
  accountId: string;
}

export function InvoiceHeaderFields({ columns, row, layout, currency, accountId }: InvoiceHeaderFieldsProps) {
  return (
    <dl className="invoice-header-fields">
      {idColumnLast(
        columns.map((c) => ({ ...c, id: c.key })),
        layout.idKey,
      ).map((col) => (
        <div key={col.key}>
          <dt>{col.label}</dt>
          <dd className={col.kind === 'money' || col.kind === 'number' ? 'num' : undefined}>
            <HeaderValue
              col={col}
              cell={row[col.key]}
              currency={currency}
              accountHref={col.key === layout.companyKey && accountId ? `/accounts/${encodeURIComponent(accountId)}` : undefined}
            />
          </dd>
        </div>
      ))}
    </dl>
  );
}
