/**
 * Özet's "Vadesi yaklaşan ödemeler": what customers are due to pay us and what we are due to pay
 * suppliers, this week (Monday–Sunday) and this month, from the accounts' open items (due-soon.ts)
 * — computed only when asked (use-due-soon.ts: a bounded number of statements, with progress).
 * Each figure links to `/?due=<side>-<window>`, and the table below then lists exactly its rows.
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type DataColumn } from '../../components/data-table';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney } from '../../domain/format';
import { LOCAL_CURRENCY } from '../../domain/currency';
import { dueFigure, rowsBehind, type DueRow, type DueSide, type DueWindow, type DueWindows } from './due-soon';
import { useDueSoon, DUE_CONCURRENCY, type DueCandidates } from './use-due-soon';
import { useUrlParams } from '../../lib/search-params';

const FIGURES: readonly { side: DueSide; window: DueWindow }[] = [
  { side: 'B', window: 'week' },
  { side: 'B', window: 'month' },
  { side: 'A', window: 'week' },
  { side: 'A', window: 'month' },
];

export const dueHref = (side: DueSide, window: DueWindow) => `/?due=${side}-${window}`;

function parseDue(param: string | null): { side: DueSide; window: DueWindow } | null {
  const m = /^([BA])-(week|month)$/.exec(param ?? '');
  return m ? { side: m[1] as DueSide, window: m[2] as DueWindow } : null;
}

const amountsText = (amounts: { currency: string; amount: number }[]) =>
  amounts.length ? amounts.map((a) => `${formatMoney(a.amount)} ${a.currency}`).join(' · ') : formatMoney(0);

const COLUMNS: readonly DataColumn<DueRow>[] = [
  {
    id: 'account',
    header: () => t('overview.due.col.account'),
    value: (r) => r.accountName,
    primary: true,
    href: (r) => `/accounts/${encodeURIComponent(r.accountId)}/acik-kalemler`,
    wrap: true,
  },
  { id: 'side', header: () => t('overview.due.col.side'), value: (r) => t(r.side === 'B' ? 'overview.due.side.B' : 'overview.due.side.A'), width: '8rem' },
  { id: 'dueDate', header: () => t('overview.due.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
  { id: 'type', header: () => t('overview.due.col.type'), value: (r) => r.type, width: '10rem' },
  { id: 'documentNo', header: () => t('overview.due.col.documentNo'), value: (r) => r.documentNo, width: '11.5rem' },
  { id: 'remaining', header: () => t('overview.due.col.remaining'), kind: 'money', value: (r) => r.remaining, width: '10rem' },
  { id: 'currency', header: () => t('overview.due.col.currency'), value: (r) => r.currency, width: '5rem' },
];

function figureLabel(side: DueSide, window: DueWindow, w: DueWindows): string {
  const until = formatDate(window === 'week' ? w.weekEnd : w.monthEnd);
  return t(`overview.due.${side}.${window}`, { until });
}

export function DueSoonSection({ candidates, today }: { candidates: DueCandidates; today: string }) {
  const [params] = useUrlParams();
  const chosen = parseDue(params.get('due'));
  const { windows: w, run, rows, failed, missing, unreadable, start, cancel } = useDueSoon(candidates.accounts, today);
  const foreign = useMemo(() => [...new Set(rows.map((r) => r.currency))].filter((c) => c !== LOCAL_CURRENCY).sort(), [rows]);
  const running = !!run?.running;
  const total = candidates.accounts.length;
  const complete = !!run && !running && missing.length === 0 && failed.length === 0;
  const shown = useMemo(() => (chosen ? rowsBehind(rows, w, chosen.side, chosen.window) : rowsBehind(rows, w, null, 'month')), [rows, w, chosen]);
  const caption = chosen ? figureLabel(chosen.side, chosen.window, w) : t('overview.due.allRows', { until: formatDate(w.monthEnd) });

  return (
    <section className="overview-section" aria-labelledby="overview-due">
      <div className="overview-section__head">
        <h2 id="overview-due">{t('overview.due.title')}</h2>
      </div>
      <p className="overview-due__basis" data-testid="overview-due-basis">
        {t('overview.due.basis', {
          today: formatDate(w.today),
          weekStart: formatDate(w.weekStart),
          weekEnd: formatDate(w.weekEnd),
          monthEnd: formatDate(w.monthEnd),
        })}{' '}
        {t(candidates.basis === 'notDue' ? 'overview.due.scope.notDue' : 'overview.due.scope.all', { count: formatCount(total) })}
        {candidates.unmatched > 0 && ` ${t('overview.due.unmatched', { count: formatCount(candidates.unmatched) })}`}
      </p>
      <TlBasisNote basis="own" foreign={foreign} />
      <div className="overview-due__actions no-print">
        {!running && total > 0 && (missing.length > 0 || failed.length > 0) && (
          <button type="button" className="button button--primary" onClick={() => void start(run ? [...missing, ...failed] : candidates.accounts)}>
            {run
              ? t('overview.due.resume', { count: formatCount(missing.length + failed.length) })
              : t('overview.due.start', { count: formatCount(total), limit: DUE_CONCURRENCY })}
          </button>
        )}
        {running && (
          <button type="button" className="button" onClick={cancel}>
            {t('overview.due.cancel')}
          </button>
        )}
        {run && (running || run.done < run.total) && (
          <span className="overview-due__progress">
            <progress max={run.total} value={run.done} aria-label={t('overview.due.progress')} />
            <span role="status">{t('overview.due.progressText', { done: formatCount(run.done), total: formatCount(run.total) })}</span>
          </span>
        )}
      </div>
      {total === 0 && <p className="overview-muted">{t('overview.due.none')}</p>}
      {run && !running && !complete && (
        <p className="notice notice--warn" role="alert">
          {t('overview.due.partial', { done: formatCount(total - missing.length - failed.length), total: formatCount(total) })}
          {failed.length > 0 &&
            ` ${t('overview.due.failed', { names: failed.map((c) => `${c.name} (${(run.results.get(c.id) as { message: string }).message})`).join('; ') })}`}
        </p>
      )}
      {unreadable > 0 && <p className="notice notice--warn">{t('overview.due.unreadable', { count: formatCount(unreadable) })}</p>}
      {run && (
        <>
          <div className="overview-figures overview-figures--due">
            {FIGURES.map(({ side, window }) => {
              const fig = dueFigure(rows, w, side, window);
              return (
                <Link
                  key={`${side}-${window}`}
                  to={dueHref(side, window)}
                  className="overview-figure"
                  data-testid={`overview-due-${side}-${window}`}
                  aria-current={chosen?.side === side && chosen.window === window ? 'true' : undefined}
                >
                  <span className="overview-figure__label">{figureLabel(side, window, w)}</span>
                  <span className="overview-figure__value num">{amountsText(fig.amounts)}</span>
                  <span className="overview-figure__sub">
                    {t('overview.due.items', { count: formatCount(fig.count) })}
                    {!complete && ` · ${t('overview.due.incomplete')}`}
                  </span>
                </Link>
              );
            })}
          </div>
          <h3 className="overview-due__caption" id="overview-due-rows">
            {caption}
            {chosen && (
              <>
                {' · '}
                <Link to="/">{t('overview.due.showAll')}</Link>
              </>
            )}
          </h3>
          <DataTable<DueRow>
            data={shown}
            columns={COLUMNS}
            getRowId={(r) => `${r.accountId}:${r.index}`}
            aria-label={t('overview.due.table')}
            emptyMessage={t('overview.due.empty')}
            csvFileName={`${t('overview.due.file')}-${today}`}
            tableId="overviewDue"
            virtualize={false}
            maxHeight="28rem"
          />
        </>
      )}
    </section>
  );
}
