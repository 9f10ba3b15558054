/**
 * One account's aging computed in the browser from its statement (fifo-aging.ts), shown beside
 * the ERP's own aging row, with a line-by-line explanation of which credit closed which debit.
 * Settings live in the URL: ?asOf=YYYY-MM-DD&basis=due|transaction&edges=30,60,90,120.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { statementQueries } from '../../api/statement';
import { accountQueries } from '../../api/accounts';
import type { StatementLine } from '../../api/types';
import { DataTable, type DataColumn } from '../../components/data-table';
import { BalanceText, balanceText } from '../../components/balance';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { ErrorState, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { DateField } from '../../components/form/date-field';
import { isIsoDate } from '../../lib/dates';
import { useToday } from '../../lib/use-today';
import { foreignCurrencies, linesInCurrency, LOCAL_CURRENCY } from '../../lib/currency';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { sumMinor } from '../../lib/money';
import type { IsoDate, Minor } from '../../lib/types';
import { cellMinor, rowTotal, type AgingLayout } from '../../components/aging/aging-buckets';
import { bucketLabel } from '../../components/aging/bucket-display';
import { fifoAging, parseEdges, type AgingBasis, type FifoAgingResult } from './fifo-aging';

interface CompareRow {
  key: string;
  label: string;
  fifo: Minor | null;
  erp: Minor | null;
}

const dash = '—';
/** Bucket amounts are balances: "1.234,56 B" / "A" like everywhere on screen (— when absent). */
const balance = (v: Minor | null) => (v === null ? dash : <BalanceText minor={v} />);
const signedTitle = (label: () => string) => () => t('common.table.balanceExport', { header: label() });

/** The currency of the ERP's aging answer: Workcube ages in the accounting currency. */
const ERP_AGING_CURRENCY = LOCAL_CURRENCY;

/** Bucket comparison columns; the headers say which currency each side is in. */
function compareColumns(currency: string): DataColumn<CompareRow>[] {
  return [
    { id: 'label', header: () => t('aging.fifo.col.bucket'), value: (r) => r.label, sortable: false, width: '40%' },
    { id: 'fifo', header: () => t('aging.fifo.col.fifoIn', { currency }), kind: 'money', value: (r) => r.fifo, exportHeader: signedTitle(() => t('aging.fifo.col.fifoIn', { currency })), cell: (r) => balance(r.fifo), sortable: false },
    { id: 'erp', header: () => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY }), kind: 'money', value: (r) => r.erp, exportHeader: signedTitle(() => t('aging.fifo.col.erpIn', { currency: ERP_AGING_CURRENCY })), cell: (r) => balance(r.erp), sortable: false },
  ];
}

// Amount columns are wide enough for a bold total of a big account ("12.361.432,76"); the
// explanations take the room left and wrap (fifo-panel CSS), never cut.
const AMOUNT_WIDTH = '10.5rem';

/**
 * Up to this many lines the explanations wrap onto several lines in full (rows grow, so the table
 * is not virtualized); a bigger statement keeps one virtualized line per row, the full text on hover.
 */
const WRAP_MAX_ROWS = 400;

interface DebitRow {
  index: number;
  date: IsoDate | null;
  dueDate: IsoDate | null;
  type: string;
  original: Minor;
  remaining: Minor;
  days: number | null;
  bucket: string;
  closedBy: string;
}

const DEBIT_COLUMNS: DataColumn<DebitRow>[] = [
  { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
  { id: 'dueDate', header: () => t('aging.fifo.col.dueDate'), kind: 'date', value: (r) => r.dueDate, width: '7.5rem' },
  { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
  { id: 'original', header: () => t('aging.fifo.col.amount'), kind: 'money', value: (r) => r.original, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.original))) },
  { id: 'remaining', header: () => t('aging.fifo.col.remaining'), kind: 'money', value: (r) => r.remaining, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.remaining))) },
  { id: 'days', header: () => t('aging.fifo.col.days'), kind: 'number', value: (r) => r.days, width: '4.5rem' },
  { id: 'bucket', header: () => t('aging.fifo.col.bucket'), value: (r) => r.bucket, width: '9rem' },
  { id: 'closedBy', header: () => t('aging.fifo.col.closedBy'), value: (r) => r.closedBy, cell: (r) => <span title={r.closedBy}>{r.closedBy}</span> },
];

interface CreditRow {
  index: number;
  date: IsoDate | null;
  type: string;
  amount: Minor;
  unapplied: Minor;
  closes: string;
}

const CREDIT_COLUMNS: DataColumn<CreditRow>[] = [
  { id: 'date', header: () => t('aging.fifo.col.date'), kind: 'date', value: (r) => r.date, width: '7.5rem' },
  { id: 'type', header: () => t('aging.fifo.col.type'), value: (r) => r.type, width: '10rem' },
  { id: 'amount', header: () => t('aging.fifo.col.credit'), kind: 'money', value: (r) => r.amount, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.amount))) },
  { id: 'unapplied', header: () => t('aging.fifo.col.unapplied'), kind: 'money', value: (r) => r.unapplied, width: AMOUNT_WIDTH, footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.unapplied))) },
  { id: 'closes', header: () => t('aging.fifo.col.closes'), value: (r) => r.closes, cell: (r) => <span title={r.closes}>{r.closes}</span> },
];


function explain(result: FifoAgingResult, lines: readonly StatementLine[]): { debits: DebitRow[]; credits: CreditRow[] } {
  const byIndex = new Map(lines.map((l) => [l.index, l]));
  const bucketNames = new Map(result.buckets.map((b) => [b.key, bucketLabel(b)]));
  bucketNames.set('undated', t('aging.bucket.undated'));
  bucketNames.set('closed', t('aging.fifo.closed'));
  // Group the allocations once (a 50.000-line statement has tens of thousands of them).
  const byDebit = new Map<number, FifoAgingResult['allocations']>();
  const byCredit = new Map<number, FifoAgingResult['allocations']>();
  for (const a of result.allocations) {
    (byDebit.get(a.debitIndex) ?? byDebit.set(a.debitIndex, []).get(a.debitIndex)!).push(a);
    (byCredit.get(a.creditIndex) ?? byCredit.set(a.creditIndex, []).get(a.creditIndex)!).push(a);
  }
  const debits = result.debits.map((d): DebitRow => {
    const parts = (byDebit.get(d.index) ?? []).map((a) =>
        a.creditDate
          ? t('aging.fifo.closedBy', { date: formatDate(a.creditDate), amount: formatMoney(a.amount) })
          : t('aging.fifo.closedByUndated', { amount: formatMoney(a.amount) }),
      );
    return {
      index: d.index,
      date: d.date,
      dueDate: d.dueDate,
      type: d.type,
      original: d.original,
      remaining: d.remaining,
      days: d.days,
      bucket: bucketNames.get(d.bucket) ?? d.bucket,
      closedBy: parts.length ? parts.join('; ') : t('aging.fifo.notClosed'),
    };
  });
  const credits = result.credits.map((c): CreditRow => {
    const parts = (byCredit.get(c.index) ?? []).map((a) => {
        const debitDate = byIndex.get(a.debitIndex)?.date ?? null;
        return debitDate
          ? t('aging.fifo.closes', { date: formatDate(debitDate), amount: formatMoney(a.amount) })
          : t('aging.fifo.closesUndated', { amount: formatMoney(a.amount) });
      });
    return { index: c.index, date: c.date, type: c.type, amount: c.amount, unapplied: c.unapplied, closes: parts.join('; ') };
  });
  return { debits, credits };
}

export interface AccountAgingPanelProps {
  cariId: string;
  name: string;
  erpRow: ErpRow | undefined;
  erpLoaded: boolean;
  /** The ERP's aging failed: the comparison says so (with the reason) instead of staying silent. */
  erpError?: unknown;
  onErpRetry?: () => void;
  layout: AgingLayout;
  params: URLSearchParams;
  onChange: (patch: Record<string, string | null>) => void;
  onClose: () => void;
}

export function AccountAgingPanel({ cariId, name, erpRow, erpLoaded, erpError, onErpRetry, layout, params, onChange, onClose }: AccountAgingPanelProps) {
  const asOfParam = params.get('asOf');
  const today = useToday();
  const asOf: IsoDate = isIsoDate(asOfParam) ? asOfParam : today;
  const basis: AgingBasis = params.get('basis') === 'transaction' ? 'transaction' : 'due';
  const edges = parseEdges(params.get('edges'));

  const [draftAsOf, setDraftAsOf] = useState(asOf);
  const [draftBasis, setDraftBasis] = useState<AgingBasis>(basis);
  const [draftEdges, setDraftEdges] = useState(edges.join(','));

  const statement = useQuery(statementQueries.detail(cariId));
  // An id that no list knows and whose statement is empty does not exist: say so (once), not an
  // empty panel. The account list is usually cached already (accounts page, Özet).
  const accounts = useQuery({ ...accountQueries.list(''), enabled: erpLoaded && !erpRow });
  const lines = statement.data?.lines;
  // Lines whose amounts could not be read are left out (never counted as 0).
  const usable = useMemo(() => (lines ?? []).filter((l) => !l.invalid.debit && !l.invalid.credit), [lines]);
  const unreadable = (lines?.length ?? 0) - usable.length;
  // A foreign-currency account is aged in its own currency (by default), each currency on its own.
  const currencies = useMemo(() => [LOCAL_CURRENCY, ...foreignCurrencies(usable)], [usable]);
  const curParam = params.get('cur');
  const currency = curParam && currencies.includes(curParam) ? curParam : (currencies[1] ?? LOCAL_CURRENCY);
  const inCurrency = useMemo(
    () => (currency === LOCAL_CURRENCY ? { lines: usable, unreadable: 0 } : linesInCurrency(usable, currency)),
    [usable, currency],
  );
  const agingLines = inCurrency.lines;
  const result = useMemo(() => (lines ? fifoAging(agingLines, { asOf, basis, edges }) : null), [lines, agingLines, asOf, basis, edges.join(',')]); // eslint-disable-line react-hooks/exhaustive-deps
  const explained = useMemo(() => (result ? explain(result, agingLines) : null), [result, agingLines]);
  const comparable = currency === ERP_AGING_CURRENCY;
  const compareCols = useMemo(() => compareColumns(currency), [currency]);

  const erpTotal = erpRow && comparable ? rowTotal(erpRow, layout) : null;

  const compareRows = useMemo<CompareRow[]>(() => {
    if (!result) return [];
    const used = new Set<string>();
    const rows: CompareRow[] = result.buckets.map((b) => {
      const match = layout.buckets.find((e) => (b.key === 'notDue' ? e.notDue : !e.notDue && e.from === b.from && e.to === b.to));
      if (match) used.add(match.key);
      return { key: b.key, label: bucketLabel(b), fifo: b.amount, erp: erpRow && comparable && match ? cellMinor(erpRow[match.key]) : null };
    });
    if (erpRow && comparable) {
      for (const e of layout.buckets) {
        if (!used.has(e.key)) rows.push({ key: `erp-${e.key}`, label: `${t('aging.fifo.erpBuckets')}: ${e.label}`, fifo: null, erp: cellMinor(erpRow[e.key]) });
      }
    }
    if (result.undated) rows.push({ key: 'undated', label: t('aging.bucket.undated'), fifo: result.undated, erp: null });
    if (result.unappliedCredit) rows.push({ key: 'unapplied', label: t('aging.fifo.unapplied'), fifo: -result.unappliedCredit, erp: null });
    return rows;
  }, [result, layout, erpRow, comparable]);

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    onChange({
      asOf: isIsoDate(draftAsOf) ? draftAsOf : null,
      basis: draftBasis === 'due' ? null : draftBasis,
      edges: parseEdges(draftEdges).join(','),
    });
  };

  const title = name || t('aging.fifo.account', { id: cariId });
  const notFound =
    erpLoaded && !erpRow && statement.isSuccess && (lines?.length ?? 0) === 0 && accounts.isSuccess && !accounts.data.accounts.some((a) => a.id === cariId);
  if (notFound) {
    return (
      <section className="fifo-panel fifo-not-found" aria-labelledby="fifo-title" data-testid="not-found">
        <h2 id="fifo-title">{t('aging.fifo.notFound')}</h2>
        <p>{t('aging.fifo.notFound.text', { id: cariId })}</p>
        <p>
          <button type="button" className="button button--small" onClick={onClose}>
            ← {t('aging.fifo.notFound.back')}
          </button>
        </p>
      </section>
    );
  }

  return (
    <section className="fifo-panel" aria-labelledby="fifo-title">
      <div className="fifo-panel__head">
        <h2 id="fifo-title">
          {t('aging.fifo.title')}: <Link to={`/accounts/${encodeURIComponent(cariId)}`}>{title}</Link>
        </h2>
        <button type="button" className="button button--small no-print" onClick={onClose}>
          {t('aging.fifo.close')}
        </button>
      </div>
      <form className="fifo-panel__controls no-print" onSubmit={onApply}>
        <DateField id="fifo-asof" label={t('aging.fifo.asOf')} value={isIsoDate(draftAsOf) ? draftAsOf : null} onCommit={(iso) => setDraftAsOf(iso ?? '')} />
        <div className="field">
          <label htmlFor="fifo-basis">{t('aging.fifo.basis')}</label>
          <select id="fifo-basis" value={draftBasis} onChange={(e) => setDraftBasis(e.target.value === 'transaction' ? 'transaction' : 'due')}>
            <option value="due">{t('aging.fifo.basis.due')}</option>
            <option value="transaction">{t('aging.fifo.basis.transaction')}</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor="fifo-edges">{t('aging.fifo.edges')}</label>
          <input id="fifo-edges" type="text" inputMode="numeric" value={draftEdges} aria-describedby="fifo-edges-hint" onChange={(e) => setDraftEdges(e.target.value)} />
          <small id="fifo-edges-hint">{t('aging.fifo.edges.hint')}</small>
        </div>
        <button type="submit" className="button button--primary">
          {t('aging.fifo.apply')}
        </button>
      </form>
      <p className="fifo-panel__rule">{t('aging.fifo.rule')}</p>
      {currencies.length > 1 && (
        <div className="fifo-panel__currency no-print" role="group" aria-label={t('aging.fifo.currency')}>
          <span>{t('aging.fifo.currency')}:</span>
          {currencies.map((c) => (
            <button key={c} type="button" className="button button--small" aria-pressed={c === currency} onClick={() => onChange({ cur: c })}>
              {c}
            </button>
          ))}
          <small>{t('aging.fifo.currency.hint')}</small>
        </div>
      )}

      {statement.isPending && <Loading rows={4} />}
      {statement.isError && <ErrorState title={t('aging.fifo.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && explained && (
        <>
          {unreadable > 0 && (
            <p className="notice notice--warn" role="status">
              {t('aging.fifo.warnings', { count: formatCount(unreadable) })}
            </p>
          )}
          {inCurrency.unreadable > 0 && (
            <p className="notice notice--warn" role="status">
              {t('aging.fifo.fxWarnings', { count: formatCount(inCurrency.unreadable), currency })}
            </p>
          )}
          {result.excludedAfterAsOf > 0 && <p className="notice">{t('aging.fifo.excluded', { count: formatCount(result.excludedAfterAsOf) })}</p>}
          {usable.length === 0 ? (
            <p className="notice">{t('aging.fifo.noLines')}</p>
          ) : null}
          <Comparison erpLoaded={erpLoaded} erpError={erpError} onErpRetry={onErpRetry} erpTotal={erpTotal} fifoTotal={result.total} currency={currency} />
          <div className="fifo-panel__grid">
            <DataTable<CompareRow>
              data={compareRows}
              columns={compareCols}
              aria-label={t('aging.fifo.bucketsTitle')}
              caption={t('aging.fifo.bucketsTitle')}
              virtualize={false}
              csvFileName={`${t('aging.fifo.csv.file')}-${cariId}-dilimler`}
              tableId="aging.fifo.buckets"
              sheetName={`FIFO ${cariId} ${t('aging.fifo.bucketsTitle')}`}
              exportTotals={{ fifo: result.total, erp: erpTotal }}
              totalsRow={{ label: t('aging.fifo.total'), fifo: balance(result.total), erp: balance(erpTotal) }}
            />
          </div>
          <div className={explained.debits.length <= WRAP_MAX_ROWS ? 'fifo-explain fifo-explain--wrap' : 'fifo-explain'}>
          <DataTable<DebitRow>
            virtualize={explained.debits.length > WRAP_MAX_ROWS}
            data={explained.debits}
            columns={DEBIT_COLUMNS}
            aria-label={t('aging.fifo.table.label')}
            caption={t('aging.fifo.explainTitle')}
            csvFileName={`${t('aging.fifo.csv.file')}-${cariId}`}
            tableId="aging.fifo.debits"
            sheetName={`FIFO ${cariId} ${t('aging.fifo.explainTitle')}`}
            getRowId={(r) => String(r.index)}
            maxHeight="50vh"
          />
          </div>
          {explained.credits.length > 0 && (
            <div className={explained.credits.length <= WRAP_MAX_ROWS ? 'fifo-explain fifo-explain--wrap' : 'fifo-explain'}>
            <DataTable<CreditRow>
              virtualize={explained.credits.length > WRAP_MAX_ROWS}
              data={explained.credits}
              columns={CREDIT_COLUMNS}
              aria-label={t('aging.fifo.creditsTitle')}
              caption={t('aging.fifo.creditsTitle')}
              csvFileName={`${t('aging.fifo.csv.file')}-${cariId}-alacaklar`}
              tableId="aging.fifo.credits"
              sheetName={`FIFO ${cariId} ${t('aging.fifo.creditsTitle')}`}
              getRowId={(r) => String(r.index)}
              maxHeight="40vh"
            />
            </div>
          )}
        </>
      )}
    </section>
  );
}

function Comparison({
  erpLoaded,
  erpError,
  onErpRetry,
  erpTotal,
  fifoTotal,
  currency,
}: {
  erpLoaded: boolean;
  erpError?: unknown;
  onErpRetry?: () => void;
  erpTotal: Minor | null;
  fifoTotal: Minor;
  currency: string;
}) {
  if (currency !== ERP_AGING_CURRENCY) {
    return <p className="notice">{t('aging.fifo.compare.otherCurrency', { currency, erpCurrency: ERP_AGING_CURRENCY })}</p>;
  }
  if (erpError != null) return <ErrorState title={t('aging.fifo.compare.erpFailed')} error={erpError} onRetry={onErpRetry} />;
  if (!erpLoaded) return null;
  const which = t('aging.fifo.compare.which', { currency });
  if (erpTotal === null) return <p className="notice">{t('aging.fifo.compare.noErp')}</p>;
  if (erpTotal === fifoTotal) {
    return (
      <p className="notice notice--ok" role="status">
        {`${which} ${t('aging.fifo.compare.same', { total: balanceText(fifoTotal) })}`}
      </p>
    );
  }
  return (
    <p className="notice notice--warn" role="alert">
      {`${which} ${t('aging.fifo.compare.diff', { erp: balanceText(erpTotal), fifo: balanceText(fifoTotal), diff: formatMoney(Math.abs(erpTotal - fifoTotal)) })}`}
    </p>
  );
}
