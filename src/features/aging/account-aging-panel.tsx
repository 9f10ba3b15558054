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
import { DataTable } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { ErrorState, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { DateField } from '../../components/form/date-field';
import { isIsoDate } from '../../lib/dates';
import { useToday } from '../../lib/use-today';
import { foreignCurrencies, linesInCurrency, LOCAL_CURRENCY } from '../../lib/currency';
import { formatCount } from '../../lib/format';
import type { IsoDate } from '../../lib/types';
import { cellMinor, rowTotal, type AgingLayout } from '../../components/aging/aging-buckets';
import { bucketLabel } from '../../components/aging/bucket-display';
import { fifoAging, parseEdges, type AgingBasis } from './fifo-aging';
import { CREDIT_COLUMNS, DEBIT_COLUMNS, explain, type CreditRow, type DebitRow } from './fifo-explanation';
import { balance, Comparison, compareColumns, ERP_AGING_CURRENCY, type CompareRow } from './aging-comparison';

/**
 * Up to this many lines the explanations wrap onto several lines in full (rows grow, so the table
 * is not virtualized); a bigger statement keeps one virtualized line per row, the full text on hover.
 */
const WRAP_MAX_ROWS = 400;

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
