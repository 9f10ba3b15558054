/**
 * /tahsilat?gorunum=&musteri=&q= — the collections worklist: one row per customer with overdue
 * receivables, sorted by what needs doing now (the server's order), views as links (URL is state),
 * the overdue figure linking to the customer's open items, Excel/CSV through the DataTable; a
 * customer's panel beside it; suppliers (what we owe) read-only under gorunum=tedarikci.
 */
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { tahsilatQueries, refreshWorklist, type View, type WorkRow } from '../../api/tahsilat';
import { DataTable, TableSearch } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../domain/format';
import { useUrlParams, withParams } from '../../lib/search-params';
import { ParamLink } from '../../components/param-link';
import { CustomerPanel } from '../../components/tahsilat/customer-panel';
import { PayablesTable } from './payables-table';
import { WORKLIST_COLUMNS } from './worklist-columns';
import { WorklistNotes } from './worklist-notes';
import { WORKLIST_VIEWS, worklistViewOf } from '../../contract/tahsilat';
import './tahsilat.css';

export default function WorklistPage() {
  const [params, setParams] = useUrlParams();
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
        <Link className="button button--small" to="/tahsilat/hatirlatmalar">
          {t('col.reminders')}
        </Link>
        <button type="button" className="button button--small" onClick={() => void refresh()}>
          {t('col.refresh')}
        </button>
      </PageHeader>
      <nav className="col-views" aria-label="Görünümler">
        {WORKLIST_VIEWS.map((v) => (
          <ParamLink key={v} patch={{ gorunum: v === 'all' ? null : v, musteri: null }} aria-current={!payables && v === view ? 'page' : undefined}>
            {t(`col.view.${v}`)}
            {data ? ` (${formatCount(data.counts[v])})` : ''}
          </ParamLink>
        ))}
        <ParamLink patch={{ gorunum: 'tedarikci', musteri: null }} aria-current={payables ? 'page' : undefined}>
          {t('col.view.payables')}
        </ParamLink>
      </nav>
      {!payables && data && <WorklistNotes data={data} wholeFailed={!!whole.error} onLoadAll={() => void whole.refetch()} />}
      <div className={selected ? 'col-layout col-layout--panel' : 'col-layout'}>
        {payables ? (
          <PayablesTable />
        ) : (
          <DataTable<WorkRow>
            data={data?.rows ?? []}
            columns={WORKLIST_COLUMNS}
            getRowId={(r) => r.accountId}
            aria-label={t('col.table')}
            loading={list.isPending}
            error={list.error ?? undefined}
            onRetry={() => void list.refetch()}
            onRowOpen={(r) => setParams((prev) => withParams(prev, { musteri: r.accountId }))}
            rowClassName={(r) =>
              [r.urgency === 0 ? 'col-row--broken' : r.urgency === 1 ? 'col-row--due' : '', r.accountId === selected ? 'mut-row--selected' : '']
                .filter(Boolean)
                .join(' ') || undefined
            }
            searchQuery={q}
            toolbar={
              <TableSearch
                value={q}
                onChange={(v) => setParams((prev) => withParams(prev, { q: v || null }), { replace: true })}
                label="Müşteri ara"
                placeholder="Müşteri adı veya kodu"
              />
            }
            emptyMessage={t('col.empty')}
            csvFileName={`Tahsilat listesi ${data ? formatDate(data.today) : ''}`}
            sheetName="Tahsilat"
            tableId="tahsilat.worklist"
            maxHeight="viewport"
          />
        )}
        {selected && !payables && (
          <CustomerPanel key={selected} accountId={selected} onClose={() => setParams((prev) => withParams(prev, { musteri: null }))} />
        )}
      </div>
    </div>
  );
}
