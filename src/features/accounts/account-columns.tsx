/**
 * Column definitions of the account list (module constants, so the DataTable caches its sort
 * orders per list). Searched (the table's haystack): id + name + province + district; category is a
 * facet, not searched. The totals row is the page's (the list pipeline counts it once, over the
 * same view as the table: account-list.ts).
 */
import { useMemo } from 'react';
import type { Account, AccountList, ErpColumn } from '../../domain/erp-types';
import { erpDataColumns, type DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import { csvMoney } from '../../domain/format';
import { BalanceText } from '../../components/balance';
import { PinButton } from './shortcuts-bar';
import { InvalidValue } from '../../components/data-table/erp-columns';

export const accountHref = (a: Account) => `/accounts/${encodeURIComponent(a.id)}`;

const balanceColumn: DataColumn<Account> = {
  id: 'balance',
  header: () => t('accounts.col.balance'),
  kind: 'money',
  // Wide enough for the bold 100k-row total ("1.220.740.292,41 B") in the totals row.
  width: '12.5rem',
  value: (a) => a.balance,
  cell: (a) => (a.balance !== null ? <BalanceText minor={a.balance} /> : a.balanceInvalid ? <InvalidValue raw={a.balanceInvalid} /> : ''),
  // CSV/Excel: signed amount (borçlu +, alacaklı −) so Excel can sum the column; the header says so.
  exportHeader: () => t('common.table.balanceExport', { header: t('accounts.col.balance') }),
  csv: (a) => (a.balance !== null ? csvMoney(a.balance) : (a.balanceInvalid ?? '')),
};

export const BASE_COLUMNS: readonly DataColumn<Account>[] = [
  {
    id: 'pin',
    header: () => t('accounts.col.pin'),
    width: '3.5rem',
    align: 'center',
    value: () => null,
    cell: (a) => <PinButton account={a} />,
    sortable: false,
    // A button: nothing on paper.
    printable: false,
    searchText: false,
    exportable: false,
  },
  { id: 'id', header: () => t('accounts.col.id'), width: '6rem', value: (a) => a.id },
  { id: 'category', header: () => t('accounts.col.category'), width: '8rem', value: (a) => a.category, searchText: false },
  {
    id: 'name',
    header: () => t('accounts.col.name'),
    width: '27%',
    value: (a) => a.name,
    primary: true,
    href: accountHref,
    wrap: true,
  },
  { id: 'province', header: () => t('accounts.col.province'), width: '8rem', value: (a) => a.province },
  { id: 'district', header: () => t('accounts.col.district'), width: '8rem', value: (a) => a.district },
  balanceColumn,
];

/**
 * The account's currency (an export/import account kept in USD, EUR …), after the balance; only
 * added when some account of the list has one. The balance itself stays the TL balance.
 */
export const CURRENCY_COLUMN: DataColumn<Account> = {
  id: 'currency',
  header: () => t('accounts.col.currency'),
  width: '5.5rem',
  align: 'center',
  value: (a) => a.currency ?? '',
  cell: (a) => (a.currency ? <span className="currency-badge">{a.currency}</span> : ''),
};

/** Extra keys the ERP returned (beyond the six documented fields): shown after the balance. */
export function extraAccountColumns(extra: readonly ErpColumn[]): DataColumn<Account>[] {
  return erpDataColumns(extra).map((c): DataColumn<Account> => ({
    id: `x:${c.id}`,
    header: c.header,
    kind: c.kind,
    value: (a) => c.value(a.extras),
    cell: c.cell ? (a) => c.cell!(a.extras) : undefined,
    searchText: false,
    // Extra ERP keys start hidden (the list fits a laptop screen); the column chooser shows them.
    defaultHidden: true,
  }));
}

/**
 * Base columns (+ the currency when an account of the list has one) + one per extra key the ERP
 * returned (stable per answer: the table caches by columns).
 */
export function useAccountColumns(list: AccountList | undefined): readonly DataColumn<Account>[] {
  return useMemo(() => {
    const extra = list?.extraColumns ?? [];
    const withCurrency = list?.accounts.some((a) => a.currency) ?? false;
    if (!extra.length && !withCurrency) return BASE_COLUMNS;
    return [...BASE_COLUMNS, ...(withCurrency ? [CURRENCY_COLUMN] : []), ...extraAccountColumns(extra)];
  }, [list]);
}
