/** The collections worklist's columns: the customer, the overdue figure per currency (linking to the open items), age, owner, next step, last activity, promise, reminder level and flags. */
import { Link } from 'react-router-dom';
import type { WorkRow } from '../../api/tahsilat';
import { csvValue, type DataColumn } from '../../components/data-table';
import { t, type MessageKey } from '../../i18n';
import { formatDateTime, formatMoney, formatMoneyPerCurrency } from '../../domain/format';
import { promiseText } from '../../components/tahsilat/customer-panel';
import { tlBasisText } from '../../components/statement/tl-basis-note';

const KIND_LABEL: Record<string, string> = {
  note: 'Not',
  call: 'Arama',
  email: 'E-posta',
  letter: 'Mektup',
  visit: 'Ziyaret',
  promise: 'Söz',
  reminder: 'Hatırlatma',
  statement: 'Ekstre',
  state: 'Sonraki adım',
};
const first = (r: WorkRow) => r.overdue[0];
/** An estimate says so; a TL figure beside foreign ones is the TL-written items only (the account view's TL basis). */
const titleOf = (r: WorkRow, c: WorkRow['overdue'][number]) =>
  c.estimated
    ? t('col.estimated')
    : c.currency === 'TL'
      ? (tlBasisText(
          'own',
          r.overdue.map((o) => o.currency).filter((x) => x !== 'TL'),
        ) ?? undefined)
      : undefined;

export const WORKLIST_COLUMNS: readonly DataColumn<WorkRow>[] = [
  {
    id: 'name',
    header: () => t('col.c.name'),
    value: (r) => r.name || r.accountId,
    primary: true,
    href: (r) => `?musteri=${encodeURIComponent(r.accountId)}`,
    wrap: true,
    width: '16rem',
  },
  {
    id: 'overdue',
    header: () => t('col.c.overdue'),
    kind: 'money',
    width: '10rem',
    value: (r) => first(r)?.overdue ?? null,
    // A customer owing in two currencies: both in the file, each with its currency (a number cell would keep the first only).
    csv: (r) =>
      r.overdue.length > 1
        ? formatMoneyPerCurrency(r.overdue.map((c) => ({ minor: c.overdue, currency: c.currency })))
        : csvValue('money', first(r)?.overdue ?? null),
    cell: (r) =>
      r.overdue.length
        ? r.overdue.map((c) => (
            <Link key={c.currency} to={`/accounts/${encodeURIComponent(r.accountId)}/acik-kalemler`} className="col-figure" title={titleOf(r, c)}>
              {c.estimated ? '≈ ' : ''}
              {formatMoney(c.overdue)}
            </Link>
          ))
        : '—',
  },
  { id: 'currency', header: () => t('col.c.currency'), width: '5rem', value: (r) => r.overdue.map((c) => c.currency).join(', ') },
  { id: 'oldest', header: () => t('col.c.oldest'), kind: 'number', width: '6rem', value: (r) => r.oldestDays },
  { id: 'owner', header: () => t('col.c.owner'), width: '7rem', value: (r) => r.owner ?? '' },
  { id: 'next', header: () => t('col.c.next'), wrap: true, width: '12rem', value: (r) => r.nextAction },
  { id: 'nextDate', header: () => t('col.c.nextDate'), kind: 'date', width: '7rem', value: (r) => r.nextActionDate },
  {
    id: 'last',
    header: () => t('col.c.last'),
    wrap: true,
    width: '10rem',
    value: (r) => (r.lastActivity ? `${KIND_LABEL[r.lastActivity.kind] ?? r.lastActivity.kind} ${formatDateTime(new Date(r.lastActivity.at))}` : ''),
    sortValue: (r) => r.lastActivity?.at ?? '',
  },
  { id: 'promise', header: () => t('col.c.promise'), wrap: true, width: '12rem', value: (r) => (r.promise ? promiseText(r.promise) : '') },
  { id: 'level', header: () => t('col.c.level'), kind: 'number', width: '6rem', value: (r) => r.reminderLevel || null },
  { id: 'flags', header: () => t('col.c.flags'), width: '8rem', value: (r) => r.flags.map((f) => t(`col.flag.${f}` as MessageKey)).join(', ') },
];
