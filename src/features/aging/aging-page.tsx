/**
 * /aging?firma=<name>&cari=<account id>&asOf=&basis=&edges=&side=B|A&sort= — the ERP's aging (get_yaslandirma)
 * with every field it returns, bucket totals and a stacked bar per company; with ?cari= the
 * account's aging computed from its statement (FIFO) beside the ERP's own row. side=B keeps the rows
 * whose total is borçlu (receivables), side=A the alacaklı ones; the summary totals follow (the Özet
 * page links here with side and a sort on a bucket column).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { statementAccountName, statementQueries } from '../../api/statement';
import { findCachedAccount } from '../../components/statement/cached-account';
import { foldTr } from '../../lib/turkish';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { agingQueries } from '../../api/aging';
import type { ErpTable } from '../../api/types';
import { DataTable, TableSearch, sortingFromParam, sortingToParam, type DataColumn, type SortingState } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { TextField } from '../../components/form/text-field';
import { formatCount } from '../../lib/format';
import { BalanceText } from '../../components/balance';
import { agingLayout, agingRowHref, bucketTotals, cellMinor, cellText, overdueSum, rowTotal, type AgingLayout } from '../../components/aging/aging-buckets';
import { bucketColor, bucketLabel, StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import { AccountAgingPanel } from './account-aging-panel';
import './aging.css';
import { withParams } from '../../lib/search-params';

const EMPTY_TABLE: ErpTable = { columns: [], rows: [], warnings: 0 };

const statementHref = agingRowHref;

function segmentsOf(row: ErpRow, layout: AgingLayout): BarSegment[] {
  const n = layout.buckets.length;
  const firstIsNotDue = layout.buckets[0]?.notDue ?? false;
  return layout.buckets.map((b, i) => ({ key: b.key, label: bucketLabel(b), amount: cellMinor(row[b.key]), color: bucketColor(i, n, firstIsNotDue) }));
}

function positiveSum(segments: BarSegment[]): number {
  let s = 0;
  for (const seg of segments) if (seg.amount > 0) s += seg.amount;
  return s;
}

export default function AgingPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const firma = params.get('firma') ?? '';
  const cari = params.get('cari') ?? '';
  const [q, setQ] = useUrlFilter('q');
  const sorting = sortingFromParam(params.get('sort'));
  const side = params.get('side') === 'B' || params.get('side') === 'A' ? params.get('side') : null;
  const [draft, setDraft] = useState(firma);
  const [lastFirma, setLastFirma] = useState(firma);
  if (lastFirma !== firma) {
    // Back/forward changed the URL: the box follows it.
    setLastFirma(firma);
    setDraft(firma);
  }
  const searchRef = useRef<HTMLInputElement>(null);
  // "Hesapla" opens the panel above: the list below starts again at its left edge, the page at the
  // panel (a list left scrolled sideways hid its first columns).
  const pageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cari) return;
    const box = pageRef.current?.querySelector<HTMLElement>('.aging-list .dt-scroll');
    if (box) box.scrollLeft = 0;
    pageRef.current?.querySelector('.fifo-panel')?.scrollIntoView?.({ block: 'start' });
  }, [cari]);

  const query = useQuery(agingQueries.list(firma));
  const table = query.data ?? EMPTY_TABLE;
  const layout = useMemo(() => agingLayout(table.columns), [table]);
  const sideFilter = useMemo(
    () => (side ? (row: ErpRow) => (side === 'B' ? rowTotal(row, layout) > 0 : rowTotal(row, layout) < 0) : null),
    [side, layout],
  );
  const shownRows = useMemo(() => (sideFilter ? table.rows.filter(sideFilter) : table.rows), [table, sideFilter]);

  const update = (patch: Record<string, string | null>, replace = false) =>
    setParams((prev) => withParams(prev, patch), { replace });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // "firma" stays in the URL even when empty: an empty search is a real search.
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      next.set('firma', draft.trim());
      next.delete('cari');
      next.delete('q');
      return next;
    });
  };

  const scale = useMemo(() => {
    let max = 0;
    for (const row of table.rows) max = Math.max(max, positiveSum(segmentsOf(row, layout)));
    return max;
  }, [table, layout]);

  const columns = useMemo<DataColumn<ErpRow>[]>(() => {
    const cols = erpDataColumns(table.columns, {
      // Bucket amounts are balances: "1.234,56 B" / "A" on screen (one sign convention), signed in
      // the CSV with the sign named in the title. No totals row: the summary above shows every
      // bucket's total in full (a totals row made the table wider than a laptop screen).
      balances: true,
      totals: false,
      override: (col) => {
        if (col.key === layout.nameKey) return { primary: true, href: (row) => statementHref(row, layout), width: '13rem', wrap: true };
        // The name links to the statement: the id is an extra the column chooser shows.
        if (col.key === layout.accountIdKey) return { width: '6rem', defaultHidden: true };
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
        searchText: false,
        // The bar repeats the row's figures: on a laptop it waits in the column chooser, so the
        // table fits without sideways scrolling.
        defaultHidden: 'narrow',
        width: '7rem',
        cell: (row) => (
          <StackedBar segments={segmentsOf(row, layout)} scale={scale} name={layout.nameKey ? cellText(row[layout.nameKey]) : ''} />
        ),
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
    // params: only the link target depends on it.
  }, [table, layout, scale, params]);

  const totals = useMemo(() => bucketTotals({ ...table, rows: shownRows }, layout), [table, shownRows, layout]);
  const grandTotal = useMemo(() => {
    let s = 0;
    for (const row of shownRows) s += rowTotal(row, layout);
    return s;
  }, [shownRows, layout]);
  const overdueTotal = overdueSum(layout.buckets, totals);
  const summarySegments: BarSegment[] = layout.buckets.map((b, i) => ({
    key: b.key,
    label: bucketLabel(b),
    amount: totals[i] ?? 0,
    color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
  }));
  const anyNegative = summarySegments.some((s) => s.amount < 0) || shownRows.some((r) => segmentsOf(r, layout).some((s) => s.amount < 0));

  // ?cari=<id>: the ERP's aging row by id when the answer carries ids; else (or when the id is not
  // there) by the account's name, resolved from a cached account list, the statement answer, or
  // — only when neither has it — the account list.
  const queryClient = useQueryClient();
  const idRow = cari && layout.accountIdKey ? table.rows.find((r) => cellText(r[layout.accountIdKey!]) === cari) : undefined;
  const cachedName = useMemo(() => (cari ? findCachedAccount(queryClient, cari)?.name : undefined), [queryClient, cari]);
  const cariStatement = useQuery({ ...statementQueries.detail(cari), enabled: !!cari });
  const statementName = cariStatement.data ? statementAccountName(cariStatement.data) : undefined;
  const nameList = useQuery({
    ...accountQueries.list('', { priority: 'low' }),
    enabled: !!cari && query.isSuccess && !idRow && !cachedName && !statementName && (cariStatement.isSuccess || cariStatement.isError),
  });
  const resolvedName = cachedName ?? statementName ?? nameList.data?.accounts.find((a) => a.id === cari)?.name;
  const cariRow = useMemo(() => {
    if (idRow || !resolvedName || !layout.nameKey) return idRow;
    const want = foldTr(resolvedName.trim());
    return table.rows.find((r) => foldTr(cellText(r[layout.nameKey!]).trim()) === want);
  }, [idRow, resolvedName, layout, table]);
  const cariName = (cariRow && layout.nameKey ? cellText(cariRow[layout.nameKey]) : '') || resolvedName || '';

  const emptyMessage = firma ? t('aging.empty', { firma }) : t('aging.empty.all');

  return (
    <div className="aging-page" ref={pageRef}>
      <PageHeader title={t('aging.title')} />
      <form className="search-form no-print" role="search" onSubmit={onSubmit}>
        <TextField
          id="aging-firma"
          type="search"
          label={t('aging.search.label')}
          value={draft}
          onValueChange={setDraft}
          placeholder={t('aging.search.placeholder')}
          autoComplete="off"
        />
        <button type="submit" className="button button--primary">
          {t('aging.search.submit')}
        </button>
        <label className="date-field">
          {t('aging.side.label')}
          <select value={side ?? ''} onChange={(e) => update({ side: e.target.value || null }, true)}>
            <option value="">{t('aging.side.all')}</option>
            <option value="B">{t('aging.side.B')}</option>
            <option value="A">{t('aging.side.A')}</option>
          </select>
        </label>
        <p className="search-form__hint">{t('aging.search.hint')}</p>
      </form>

      {cari && (
        <AccountAgingPanel
          cariId={cari}
          name={cariName}
          erpRow={cariRow}
          erpLoaded={query.isSuccess}
          erpError={query.isError ? query.error : undefined}
          onErpRetry={() => void query.refetch()}
          layout={layout}
          params={params}
          onChange={update}
          onClose={() => update({ cari: null, asOf: null, basis: null, edges: null, cur: null })}
        />
      )}

      {query.isSuccess && table.rows.length > 0 && (
        <section className="aging-summary" aria-labelledby="aging-summary-title">
          <h2 id="aging-summary-title">{t('aging.summary.title')}</h2>
          {layout.buckets.length === 0 ? (
            <p className="notice">{t('aging.summary.noBuckets')}</p>
          ) : (
            <>
              <StackedBar segments={summarySegments} scale={positiveSum(summarySegments)} name={t('aging.summary.total')} height={22} />
              <dl className="aging-summary__list">
                {summarySegments.map((s) => (
                  <div key={s.key} className="aging-summary__item">
                    <dt>
                      <span className="aging-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
                      {s.label}
                    </dt>
                    <dd className="num">
                      <BalanceText minor={s.amount} />
                    </dd>
                  </div>
                ))}
                <div className="aging-summary__item aging-summary__item--total">
                  <dt>{t('aging.summary.overdue')}</dt>
                  <dd className="num" data-testid="aging-overdue">
                    <BalanceText minor={overdueTotal} />
                  </dd>
                </div>
                <div className="aging-summary__item aging-summary__item--total">
                  <dt>{t('aging.summary.total')}</dt>
                  <dd className="num">
                    <BalanceText minor={grandTotal} />
                  </dd>
                </div>
              </dl>
              {anyNegative && <p className="aging-summary__note">{t('aging.summary.negative')}</p>}
            </>
          )}
        </section>
      )}

      {table.warnings > 0 && (
        <p className="notice notice--warn" role="status">
          {t('aging.warnings', { count: formatCount(table.warnings) })}
        </p>
      )}


      <div className="aging-list">
      <DataTable<ErpRow>
        data={table.rows}
        columns={columns}
        aria-label={t('aging.table.label')}
        loading={query.isPending}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyMessage={q ? undefined : emptyMessage}
        csvFileName={t('aging.csv.file')}
        tableId="aging"
        sheetName={t('aging.title')}
        searchQuery={q}
        rowFilter={sideFilter}
        sorting={sorting}
        onSortingChange={(next: SortingState) => update({ sort: sortingToParam(next) || null }, true)}
        onRowOpen={(row) => void navigate(statementHref(row, layout))}
        searchInputRef={searchRef}
        toolbar={<TableSearch ref={searchRef} value={q} onChange={setQ} placeholder={t('aging.table.filter')} />}
      />
      </div>
    </div>
  );
}
