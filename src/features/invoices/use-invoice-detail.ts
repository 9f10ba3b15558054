/**
 * The invoice detail's state: get_fatura_det's header and lines, the recognised fields, the
 * invoice's currency, its account (by id, or by the one account with its company name), the totals
 * of its lines and whether the invoice's own total differs from them.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useParams } from 'react-router-dom';
import { invoiceQueries } from '../../api/invoices';
import { accountQueries } from '../../api/accounts';
import { whole } from '../../api/erp-call';
import { useCompanyTitle } from '../../api/session';
import { cellText, type ErpRow } from '../../components/data-table/erp-columns';
import { normalizeCurrency } from '../../domain/currency';
import type { ErpTable } from '../../domain/erp-types';
import { ErpError } from '../../domain/errors';
import { foldTr } from '../../domain/turkish';
import type { Minor } from '../../domain/types';
import { invoiceLayout } from './invoice-fields';
import { invoiceTotals } from './invoice-totals';

const EMPTY_ROW: ErpRow = {};

/**
 * The account of an invoice: its id when the ERP sent one, else found by the company name the
 * invoice carries (the vendor's get_fatura / get_fatura_det give only "Cari"): get_cari filtered by
 * that name, the one account whose name is the same (Turkish case and letters folded). "" while
 * unknown or when no single account has that name (then the name is shown without a link).
 */
function useAccountIdOf(id: string, name: string): string {
  const byName = useQuery({ ...accountQueries.list(name), enabled: !id && name.trim() !== '' });
  if (id) return id;
  const wanted = foldTr(name.trim());
  // Only the whole answer can say that exactly one account has that name.
  const same = whole(byName.data)?.accounts.filter((a) => foldTr(a.name.trim()) === wanted) ?? [];
  return same.length === 1 ? same[0]!.id : '';
}

export type InvoiceDetail = ReturnType<typeof useInvoiceDetail>;

export function useInvoiceDetail() {
  const { faturaId = '' } = useParams();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof from === 'string' && from.startsWith('/invoices') ? from : '/invoices';

  const query = useQuery(invoiceQueries.detail(faturaId));
  const header: ErpTable | undefined = query.data?.header;
  const lines: ErpTable | undefined = query.data?.lines;
  const headerRow = header?.rows[0] ?? EMPTY_ROW;
  const layout = useMemo(() => invoiceLayout(header?.columns ?? []), [header]);
  const number = layout.text(headerRow, layout.numberKey) || layout.text(headerRow, layout.idKey) || faturaId;
  // The invoice's currency (YTL is TL), else the one currency of its lines ("Para Birimi" per line).
  const lineCurrencies = useMemo(() => {
    const col = lines?.columns.find((c) => c.field === 'currency');
    const codes = new Set<string>();
    if (col)
      for (const row of lines!.rows) {
        const code = normalizeCurrency(cellText(row[col.key]));
        if (code) codes.add(code);
      }
    return [...codes];
  }, [lines]);
  const currency = normalizeCurrency(layout.text(headerRow, layout.currencyKey)) ?? (lineCurrencies.length === 1 ? lineCurrencies[0]! : '');
  const companyName = layout.text(headerRow, layout.companyKey);
  const accountId = useAccountIdOf(layout.text(headerRow, layout.accountIdKey), companyName);
  const company = useCompanyTitle();
  const accountForDoc = accountId || companyName ? { id: accountId, name: companyName || accountId } : null;
  const empty = query.isSuccess && (header?.rows.length ?? 0) === 0 && (lines?.rows.length ?? 0) === 0;
  // The ERP said so itself (an envelope with status false and "Fatura bulunamadı."): the same state.
  const erpSaysNotFound = query.error instanceof ErpError && /bulunamad|not found/.test(foldTr(query.error.erpMessage ?? ''));

  const totals = useMemo(() => (lines ? invoiceTotals(lines) : null), [lines]);
  const headerTotalCol = header?.columns.find((c) => c.key === layout.totalKey);
  const headerTotalCell = layout.totalKey ? headerRow[layout.totalKey] : undefined;
  const headerTotal: Minor | null = headerTotalCell?.kind === 'number' ? headerTotalCell.minor : null;

  return {
    faturaId,
    backTo,
    query,
    header,
    headerRow,
    lines,
    layout,
    number,
    currency,
    lineCurrencies,
    mixedCurrencies: lineCurrencies.length > 1,
    accountId,
    company,
    accountForDoc,
    notFound: erpSaysNotFound || empty,
    totals,
    headerTotal,
    headerTotalLabel: headerTotalCol?.label ?? null,
    warnings: (header?.warnings ?? 0) + (lines?.warnings ?? 0),
  };
}
