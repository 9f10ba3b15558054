/**
 * /tahsilat?gorunum=&musteri=&q= — the collections worklist: one row per customer with overdue
 * receivables, sorted by what needs doing now (the server's order), views as links (URL is state),
 * the overdue figure linking to the customer's open items, Excel/CSV through the DataTable; a
 * customer's panel beside it; suppliers (what we owe) read-only under gorunum=tedarikci.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { tahsilatQueries, refreshWorklist, type View, type WorkRow } from '../../api/tahsilat';
import { csvValue, DataTable, TableSearch, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t, type MessageKey } from '../../i18n';
import { formatCount, formatDate, formatDateTime, formatMoney, formatMoneyPerCurrency } from '../../domain/format';
import { withParams } from '../../lib/search-params';
import { CustomerPanel, promiseText } from '../../components/tahsilat/customer-panel';
import { PayablesTable } from './payables-table';
import { tlBasisText } from '../../components/statement/tl-basis-note';
import { WORKLIST_VIEWS, worklistViewOf } from '../../contract/tahsilat';
import './tahsilat.css';

const KIND_LABEL: Record<string, string> = { note: 'Not', call: 'Arama', email: 'E-posta', letter: 'Mektup', visit: 'Ziyaret', promise: 'Söz', reminder: 'Hatırlatma', statement: 'Ekstre', state: 'Sonraki adım' };
const first = (r: WorkRow) => r.overdue[0];
/** An estimate says so; a TL figure beside foreign ones is the TL-written items only (the account view's TL basis). */
const titleOf = (r: WorkRow, c: WorkRow['overdue'][number]) =>
  c.estimated ? t('col.estimated') : c.currency === 'TL' ? (tlBasisText('own', r.overdue.map((o) => o.currency).filter((x) => x !== 'TL')) ?? undefined) : undefined;

const COLUMNS: readonly DataColumn<WorkRow>[] = [
  { id: 'name', header: () => t('col.c.name'), value: (r) => r.name || r.accountId, primary: true, href: (r) => `?musteri=${encodeURIComponent(r.accountId)}`, wrap: true, width: '16rem' },
  {
    id: 'overdue', header: () => t('col.c.overdue'), kind: 'money', width: '10rem', value: (r) => first(r)?.overdue ?? null,
    // A customer owing in two currencies: both in the file, each with its currency (a number cell would keep the first only).
    csv: (r) => (r.overdue.length > 1 ? formatMoneyPerCurrency(r.overdue.map((c) => ({ minor: c.overdue, currency: c.currency }))) : csvValue('money', first(r)?.overdue ?? null)),
    cell: (r) => r.overdue.length ? r.overdue.map((c) => <Link key={c.currency} to={`/accounts/${encodeURIComponent(r.accountId)}/acik-kalemler`} className="col-figure" title={titleOf(r, c)}>{c.estimated ? '≈ ' : ''}{formatMoney(c.overdue)}</Link>) : '—',
  },
  { id: 'currency', header: () => t('col.c.currency'), width: '5rem', value: (r) => r.overdue.map((c) => c.currency).join(', ') },
  { id: 'oldest', header: () => t('col.c.oldest'), kind: 'number', width: '6rem', value: (r) => r.oldestDays },
  { id: 'owner', header: () => t('col.c.owner'), width: '7rem', value: (r) => r.owner ?? '' },
  { id: 'next', header: () => t('col.c.next'), wrap: true, width: '12rem', value: (r) => r.nextAction },
  { id: 'nextDate', header: () => t('col.c.nextDate'), kind: 'date', width: '7rem', value: (r) => r.nextActionDate },
  { id: 'last', header: () => t('col.c.last'), wrap: true, width: '10rem', value: (r) => (r.lastActivity ? `${KIND_LABEL[r.lastActivity.kind] ?? r.lastActivity.kind} ${formatDateTime(new Date(r.lastActivity.at))}` : ''), sortValue: (r) => r.lastActivity?.at ?? '' },
  { id: 'promise', header: () => t('col.c.promise'), wrap: true, width: '12rem', value: (r) => (r.promise ? promiseText(r.promise) : '') },
  { id: 'level', header: () => t('col.c.level'), kind: 'number', width: '6rem', value: (r) => r.reminderLevel || null },
  { id: 'flags', header: () => t('col.c.flags'), width: '8rem', value: (r) => r.flags.map((f) => t(`col.flag.${f}` as MessageKey)).join(', ') },
];

export default function WorklistPage() {
  const [params, setParams] = useSearchParams();
  const qc = useQueryClient();
  const shown = worklistViewOf(params.get('gorunum'));
  const payables = shown === null;
  const view: View = shown ?? 'all';
  const selected = params.get('musteri');
  const q = params.get('q') ?? '';
  // The first rows paint at once; the whole view follows in a second request (search, sort, export).
  const list = useQuery({ ...tahsilatQueries.worklist(view), enabled: !payables });
  const partial = !!list.data && list.data.total > list.data.rows.length;
  // Asked once the first rows are painted and the browser is idle: it must not hold the first screen up.
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!partial || painted) return;
    const idle = window.requestIdleCallback ?? ((f: () => void) => window.setTimeout(f, 50));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const id = idle(() => setPainted(true));
    return () => cancel(id);
  }, [partial, painted]);
  const whole = useQuery({ ...tahsilatQueries.worklistWhole(view), enabled: !payables && partial && painted });
  const data = partial ? (whole.data ?? list.data) : list.data;
  const refresh = async () => {
    qc.setQueryData(tahsilatQueries.worklist(view).queryKey, await refreshWorklist(view));
    await qc.invalidateQueries({ queryKey: tahsilatQueries.worklistWhole(view).queryKey });
  };
  return (
    <div className="col-page">
      <PageHeader title={t('col.title')}>
        <Link className="button button--small" to="/tahsilat/hatirlatmalar">{t('col.reminders')}</Link>
        <button type="button" className="button button--small" onClick={() => void refresh()}>{t('col.refresh')}</button>
      </PageHeader>
      <nav className="col-views" aria-label="Görünümler">
        {WORKLIST_VIEWS.map((v) => (
          <Link key={v} to={`?${withParams(params, { gorunum: v === 'all' ? null : v, musteri: null }).toString()}`} aria-current={!payables && v === view ? 'page' : undefined}>
            {t(`col.view.${v}`)}{data ? ` (${formatCount(data.counts[v])})` : ''}
          </Link>
        ))}
        <Link to={`?${withParams(params, { gorunum: 'tedarikci', musteri: null }).toString()}`} aria-current={payables ? 'page' : undefined}>{t('col.view.payables')}</Link>
      </nav>
      {!payables && data?.problem && <p className="notice notice--warning" role="status">{data.problem}</p>}
      {!payables && data?.mailProblem && <p className="notice notice--warning" role="status">{data.mailProblem}</p>}
      {!payables && data?.asOf && !data.stale && <p className="col-asof">{t('col.asOf', { at: formatDateTime(new Date(data.asOf)) })} Bugün: {formatDate(data.today)}</p>}
      {!payables && data?.rows.some((r) => r.overdue.some((c) => c.estimated)) && <p className="col-asof">{t('col.estimatedNote')}</p>}
      {!payables && data && data.total > data.rows.length && (
        <p className="col-asof" role="status">{whole.error ? t('col.partialFailed', { shown: formatCount(data.rows.length), total: formatCount(data.total) }) : t('col.partial', { shown: formatCount(data.rows.length), total: formatCount(data.total) })}
          {whole.error && <> <button type="button" className="button button--small" onClick={() => void whole.refetch()}>{t('col.loadAll')}</button></>}</p>
      )}
      <div className={selected ? 'col-layout col-layout--panel' : 'col-layout'}>
        {payables ? <PayablesTable /> : (
          <DataTable<WorkRow>
            data={data?.rows ?? []}
            columns={COLUMNS}
            getRowId={(r) => r.accountId}
            aria-label={t('col.table')}
            loading={list.isPending}
            error={list.error ?? undefined}
            onRetry={() => void list.refetch()}
            onRowOpen={(r) => setParams((prev) => withParams(prev, { musteri: r.accountId }))}
            rowClassName={(r) => [r.urgency === 0 ? 'col-row--broken' : r.urgency === 1 ? 'col-row--due' : '', r.accountId === selected ? 'mut-row--selected' : ''].filter(Boolean).join(' ') || undefined}
            searchQuery={q}
            toolbar={<TableSearch value={q} onChange={(v) => setParams((prev) => withParams(prev, { q: v || null }), { replace: true })} label="Müşteri ara" placeholder="Müşteri adı veya kodu" />}
            emptyMessage={t('col.empty')}
            csvFileName={`Tahsilat listesi ${data ? formatDate(data.today) : ''}`}
            sheetName="Tahsilat"
            tableId="tahsilat.worklist"
            maxHeight="viewport"
          />
        )}
        {selected && !payables && <CustomerPanel key={selected} accountId={selected} onClose={() => setParams((prev) => withParams(prev, { musteri: null }))} />}
      </div>
    </div>
  );
}

