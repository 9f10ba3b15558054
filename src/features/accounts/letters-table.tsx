/** The letters page's table: a tick, the list's balance, the letter's balance and status per account. */
import { createContext, useContext } from 'react';
import type { Account } from '../../domain/erp-types';
import { BalanceText } from '../../components/balance';
import { DataTable, type DataColumn } from '../../components/data-table';
import { t } from '../../i18n';
import type { LetterStatus, LettersPageView } from './use-letters-page';

interface RowState {
  status: (id: string) => LetterStatus | undefined;
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
}
const RowContext = createContext<RowState>({ status: () => undefined, isSelected: () => true, toggle: () => undefined });

function SelectCell({ account }: { account: Account }) {
  const { isSelected, toggle } = useContext(RowContext);
  return (
    <input
      type="checkbox"
      checked={isSelected(account.id)}
      aria-label={t('letters.select', { name: account.name })}
      onChange={(e) => toggle(account.id, e.target.checked)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

function LetterBalanceCell({ account }: { account: Account }) {
  const s = useContext(RowContext).status(account.id);
  return s?.kind === 'ready' ? <BalanceText minor={s.balance} currency={s.currency && s.currency !== 'TL' ? s.currency : undefined} /> : null;
}

function StatusCell({ account }: { account: Account }) {
  const s = useContext(RowContext).status(account.id);
  if (!s) return <span className="letters-status">{t('letters.status.waiting')}</span>;
  const text = {
    loading: t('letters.status.loading'),
    ready: t('letters.status.ready'),
    failed: t('letters.status.failed'),
    cancelled: t('letters.status.cancelled'),
    unreadable: t('letters.status.unreadable'),
  }[s.kind];
  return <span className={`letters-status letters-status--${s.kind}`}>{text}</span>;
}

const LETTER_COLUMNS: readonly DataColumn<Account>[] = [
  {
    id: 'select',
    header: () => t('letters.col.select'),
    width: '5rem',
    align: 'center',
    value: () => null,
    cell: (a) => <SelectCell account={a} />,
    sortable: false,
    searchText: false,
    exportable: false,
  },
  { id: 'id', header: () => t('letters.col.id'), width: '7rem', value: (a) => a.id, sortable: false },
  {
    id: 'name',
    header: () => t('letters.col.name'),
    value: (a) => a.name,
    primary: true,
    href: (a) => `/accounts/${encodeURIComponent(a.id)}`,
    sortable: false,
  },
  {
    id: 'listBalance',
    header: () => t('letters.col.listBalance'),
    kind: 'money',
    width: '11rem',
    value: (a) => a.balance,
    cell: (a) => (a.balance !== null ? <BalanceText minor={a.balance} /> : (a.balanceInvalid ?? '')),
    sortable: false,
  },
  {
    id: 'letterBalance',
    header: () => t('letters.col.letterBalance'),
    kind: 'money',
    width: '11rem',
    value: () => null,
    cell: (a) => <LetterBalanceCell account={a} />,
    sortable: false,
    exportable: false,
  },
  {
    id: 'status',
    header: () => t('letters.col.status'),
    width: '10rem',
    value: () => null,
    cell: (a) => <StatusCell account={a} />,
    sortable: false,
    exportable: false,
  },
];

export function LettersTable({ v }: { v: LettersPageView }) {
  const { capped, deselected, list, listKnown, searchFailed } = v;
  const { full } = list;
  const rowState: RowState = {
    status: (id) => {
      const a = capped.find((x) => x.id === id);
      return a ? v.statusOf(a) : undefined;
    },
    isSelected: (id) => !deselected.has(id),
    toggle: v.toggle,
  };
  return (
    <RowContext.Provider value={rowState}>
      <DataTable<Account>
        data={capped}
        columns={LETTER_COLUMNS}
        getRowId={(a) => a.id}
        aria-label={t('letters.table.label')}
        loading={full.isPending || list.sourceKind === 'remote-pending' || (full.isSuccess && !listKnown && !searchFailed)}
        error={full.error ?? (searchFailed ? list.remote.error : undefined) ?? undefined}
        onRetry={() => void (full.isError ? full.refetch() : list.remote.refetch())}
        emptyMessage={searchFailed ? t('accounts.search.remoteFailed.empty') : t('letters.empty')}
        maxHeight="24rem"
      />
    </RowContext.Provider>
  );
}
