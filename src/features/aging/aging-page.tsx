/**
 * /aging?firma=<name>&cari=<account id>&asOf=&basis=&edges=&side=B|A&overdue=1&sort= — the ERP's aging
 * (get_yaslandirma) with every field it returns, bucket totals and a stacked bar per company; with
 * ?cari= the account's aging computed from its statement (FIFO) beside the ERP's own row. side=B keeps
 * the rows whose total is borçlu (receivables), side=A the alacaklı ones (payables); without a side
 * the summary shows receivables and payables apart — never one netted overdue figure. overdue=1 keeps
 * the rows with an overdue amount (the Özet page's overdue links land here: exactly its rows).
 */
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { statementQueries } from '../../api/statement';
import { useAccountName } from '../../components/statement/account-name';
import { foldTr } from '../../lib/turkish';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { agingQueries } from '../../api/aging';
import type { ErpTable } from '../../api/types';
import { DataTable, TableSearch, sortingFromParam, sortingToParam, type DataColumn, type SortingState } from '../../components/data-table';
import { erpDataColumns, type ErpRow } from '../../components/data-table/erp-columns';
import { tooLongMessage } from '../../components/form/field-limit';
import { useUrlFilter } from '../../components/data-table/use-url-filter';
import { PageHeader } from '../../components/layout/page-header';
import { useCompanyTitle } from '../../api/session';
import { useToday } from '../../lib/use-today';
import { t } from '../../i18n';
import { TextField } from '../../components/form/text-field';
import { formatCount, formatDate } from '../../lib/format';
import { BalanceText } from '../../components/balance';
import { agingLayout, agingRowHref, cellMinor, cellText, hasOverdue, onSide, sideFigures, type AgingLayout, type AgingSide, type SideFigures, agingReportDate } from '../../components/aging/aging-buckets';
import { bucketColor, bucketLabel, StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import { AccountAgingPanel } from './account-aging-panel';
import { agingDocument } from './aging-document';
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
  const company = useCompanyTitle();
  const today = useToday();
  const navigate = useNavigate();
  const firma = params.get('firma') ?? '';
  const cari = params.get('cari') ?? '';
  const [q, setQ] = useUrlFilter('q');
  const sorting = sortingFromParam(params.get('sort'));
  const side: AgingSide | null = params.get('side') === 'B' || params.get('side') === 'A' ? (params.get('side') as AgingSide) : null;
  const onlyOverdue = params.get('overdue') === '1';
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

  // Longer than the gateway accepts (a link, a paste): said next to the box, nothing is asked of the ERP.
  const firmaTooLong = (v: string) => tooLongMessage(t('aging.search.label'), v);
  const firmaValid = !firmaTooLong(firma);
  const query = useQuery({ ...agingQueries.list(firma), enabled: firmaValid });
  const table = query.data ?? EMPTY_TABLE;
  const layout = useMemo(() => agingLayout(table.columns), [table]);
  // The day the ERP made this aging (when its answer says): the page, its documents and the FIFO panel go by it.
  const reportDate = agingReportDate(table, layout);
  const asOf = reportDate ?? today;
  const sideFilter = useMemo(() => {
    if (!side && !onlyOverdue) return null;
    return (row: ErpRow) => (!side || onSide(row, layout, side)) && (!onlyOverdue || hasOverdue(row, layout));
  }, [side, onlyOverdue, layout]);
  const shownRows = useMemo(() => (sideFilter ? table.rows.filter(sideFilter) : table.rows), [table, sideFilter]);

  const update = (patch: Record<string, string | null>, replace = false) =>
    setParams((prev) => withParams(prev, patch), { replace });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (firmaTooLong(draft)) return;
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
        if (col.key === layout.accountIdKey) return { width: '6rem', defaultHidden: true, exportAlways: true };
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
        // On paper the figures are there; the bar is not.
        printable: false,
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

  // One summary per side (receivables, payables), over the rows shown; never netted.
  const summaries = useMemo(() => {
    const shown = { ...table, rows: shownRows };
    return (side ? [side] : (['B', 'A'] as const)).map((sd) => sideFigures(shown, layout, sd));
  }, [table, shownRows, layout, side]);

  // ?cari=<id>: the ERP's aging row by id when the answer carries ids; else (or when the id is not
  // there) by the account's name (useAccountName: a cached list, the statement answer, the user's
  // shortcuts, or — only when none has it — the account list).
  const idRow = cari && layout.accountIdKey ? table.rows.find((r) => cellText(r[layout.accountIdKey!]) === cari) : undefined;
  const cariStatement = useQuery({ ...statementQueries.detail(cari), enabled: !!cari });
  const resolvedName = useAccountName(cari, { statement: cariStatement, needed: !!cari && query.isSuccess && !idRow });
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
          error={firmaTooLong(draft)}
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
        <label className="checkbox-field">
          <input type="checkbox" checked={onlyOverdue} onChange={(e) => update({ overdue: e.target.checked ? '1' : null }, true)} />
          {t('aging.onlyOverdue')}
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
          reportDate={reportDate}
        />
      )}

      {query.isSuccess && table.rows.length > 0 && (
        layout.buckets.length === 0 ? (
          <section className="aging-summary" aria-label={t('aging.summary.title')}>
            <p className="notice">{t('aging.summary.noBuckets')}</p>
          </section>
        ) : (
          <div className="aging-summaries">
            {summaries.map((fig) => (
              <SideSummary key={fig.side} fig={fig} layout={layout} single={side !== null} />
            ))}
          </div>
        )
      )}

      {reportDate && <p className="aging-report-date">{t('aging.reportDate', { date: formatDate(reportDate) })}</p>}
      {table.warnings > 0 && (
        <p className="notice notice--warn" role="status">
          {t('aging.warnings', { count: formatCount(table.warnings) })}
        </p>
      )}


      {/* A name too long to ask for: the box says so; no list stands under it. */}
      {firmaValid && (
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
        documentHead={{ company, title: t('doc.title.aging'), short: t('doc.short.aging'), asOf }}
        // On paper: a document with every page's head, Σ of each bucket carried (nakli yekün), totals once.
        printDocument={
          query.isSuccess
            ? (view) => agingDocument({ company, title: t('doc.title.aging'), short: t('doc.short.aging'), asOf, madeAt: new Date() }, table, layout, view.columns, view.rows, side ? [side] : ['B', 'A'])
            : undefined
        }
        exportSumMoney
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
      )}
    </div>
  );
}

/** One side's bucket totals, overdue and total (receivables B or payables A), with its row count. */
function SideSummary({ fig, layout, single }: { fig: SideFigures; layout: AgingLayout; single: boolean }) {
  const segments: BarSegment[] = layout.buckets.map((b, i) => ({
    key: b.key,
    label: bucketLabel(b),
    amount: Math.abs(fig.bucketTotals[i] ?? 0),
    color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
  }));
  const title = single ? t('aging.summary.title') : t('aging.summary.titleSide', { side: t(fig.side === 'B' ? 'aging.side.B' : 'aging.side.A') });
  const suffix = single ? '' : `-${fig.side}`;
  return (
    <section className="aging-summary" aria-label={title}>
      <h2>{title}</h2>
      <p className="aging-summary__count" data-testid={`aging-count${suffix}`}>
        {t('aging.summary.count', { count: formatCount(fig.rows.length), overdue: formatCount(fig.overdueCount) })}
      </p>
      <StackedBar segments={segments} scale={positiveSum(segments)} name={title} height={22} />
      <dl className="aging-summary__list">
        {layout.buckets.map((b, i) => (
          <div key={b.key} className="aging-summary__item">
            <dt>
              <span className="aging-legend__swatch" style={{ background: segments[i]!.color }} aria-hidden="true" />
              {segments[i]!.label}
            </dt>
            <dd className="num">
              <BalanceText minor={fig.bucketTotals[i] ?? 0} />
            </dd>
          </div>
        ))}
        <div className="aging-summary__item aging-summary__item--total">
          <dt>{t(fig.side === 'B' ? 'aging.summary.overdueB' : 'aging.summary.overdueA')}</dt>
          <dd className="num" data-testid={`aging-overdue${suffix}`}>
            <BalanceText minor={fig.overdue} />
          </dd>
        </div>
        <div className="aging-summary__item aging-summary__item--total">
          <dt>{t('aging.summary.total')}</dt>
          <dd className="num" data-testid={`aging-total${suffix}`}>
            <BalanceText minor={fig.total} />
          </dd>
        </div>
      </dl>
    </section>
  );
}
