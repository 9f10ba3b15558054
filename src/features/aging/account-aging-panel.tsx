/**
 * One account's aging computed in the browser from its statement by the open-item engine
 * (src/domain/ledger/: on the side of the balance, a supplier's credit balance aged like a customer's
 * debit balance), shown beside the ERP's own aging row bucket by bucket, with a line-by-line
 * explanation of which movement closed which item.
 * Settings live in the URL: ?asOf=YYYY-MM-DD&basis=due|transaction&edges=30,60,90,120&cur=USD.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { useAccountMissing } from '../../components/statement/account-not-found';
import { statementQueries } from '../../api/statement';
import { whole } from '../../api/erp-call';
import { DataTable } from '../../components/data-table';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { ErrorState, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { DateField } from '../../components/form/date-field';
import { isIsoDate } from '../../domain/dates';
import { useToday } from '../../lib/use-today';
import { LOCAL_CURRENCY } from '../../domain/currency';
import { formatCount } from '../../domain/format';
import type { IsoDate } from '../../domain/types';
import { accountLedger, parseEdges, type Basis } from '../../domain/ledger';
import { cellMinor, rowTotal, type AgingLayout } from '../../domain/aging-buckets';
import { bucketLabel } from '../../components/aging/bucket-display';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import { documentNumberKey } from '../../domain/document-number';
import { explain, itemColumns, movementColumns, type ItemRow, type MovementRow } from './fifo-explanation';
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
  /** The day the ERP made its aging (when the answer says): the comparison's as-of date unless ?asOf= says otherwise. */
  reportDate?: IsoDate | null;
}

export function AccountAgingPanel({
  cariId,
  name,
  erpRow,
  erpLoaded,
  erpError,
  onErpRetry,
  layout,
  params,
  onChange,
  onClose,
  reportDate,
}: AccountAgingPanelProps) {
  const asOfParam = params.get('asOf');
  const today = useToday();
  // Compared with the ERP's buckets as of the day the ERP made them.
  const asOf: IsoDate = isIsoDate(asOfParam) ? asOfParam : (reportDate ?? today);
  const basis: Basis = params.get('basis') === 'transaction' ? 'transaction' : 'due';
  const edges = parseEdges(params.get('edges'));

  const [draftAsOf, setDraftAsOf] = useState(asOf);
  const [shownAsOf, setShownAsOf] = useState(asOf);
  if (shownAsOf !== asOf) {
    // The as-of date changed under the form (the ERP's report date arrived, Back): the box follows it.
    setShownAsOf(asOf);
    setDraftAsOf(asOf);
  }
  const [draftBasis, setDraftBasis] = useState<Basis>(basis);
  const [draftEdges, setDraftEdges] = useState(edges.join(','));

  const statement = useQuery(statementQueries.detail(cariId));
  // The aging needs every line: the first lines of a statement still arriving are not enough.
  const statementData = whole(statement.data);
  // An id the ERP's aging has no row for, whose statement is empty and that no list knows does not
  // exist: say so (once), not an empty panel (useAccountMissing: asked by its name when known).
  const missing = useAccountMissing(cariId, statement, { name, needed: erpLoaded && !erpRow });
  const lines = statementData?.lines;
  // The account view decides: every currency on its own; by default its foreign currency (a USD
  // account ages in USD); TL is the TL equivalent of every line, as the ERP's aging it is compared with.
  const ledger = useMemo(
    () => (lines ? accountLedger(lines, { asOf, basis, edges, explain: true }) : null),
    [lines, asOf, basis, edges.join(',')], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const currencies = ledger ? [LOCAL_CURRENCY, ...ledger.currencies.filter((c) => c !== LOCAL_CURRENCY)] : [LOCAL_CURRENCY];
  const curParam = params.get('cur');
  const currency = curParam && currencies.includes(curParam) ? curParam : (ledger?.agingCurrency ?? LOCAL_CURRENCY);
  const result = ledger ? (currency === LOCAL_CURRENCY ? ledger.equivalent : ledger.view(currency)!).items : null;
  const comparable = currency === ERP_AGING_CURRENCY;
  const compareCols = useMemo(() => compareColumns(currency), [currency]);
  const erpTotal = erpRow && comparable ? rowTotal(erpRow, layout) : null;

  // Each of our buckets with the ERP's bucket of the same day range, under the one label the aging
  // list, Özet and the ERP use ("120 Gün Üstü", bucketLabel). Amounts signed like the ERP's: alacaklı negative.
  const compareRows = useMemo<CompareRow[]>(() => {
    if (!result) return [];
    const used = new Set<string>();
    const rows: CompareRow[] = result.buckets.map((b) => {
      const match = layout.buckets.find((e) => (b.key === 'notDue' ? e.notDue : !e.notDue && e.from === b.from && e.to === b.to));
      if (match) used.add(match.key);
      return {
        key: b.key,
        label: bucketLabel(match ?? b),
        fifo: b.amount * result.sign || 0,
        erp: erpRow && comparable && match ? cellMinor(erpRow[match.key]) : null,
      };
    });
    if (erpRow && comparable) {
      for (const e of layout.buckets) {
        if (!used.has(e.key)) rows.push({ key: `erp-${e.key}`, label: `${t('aging.fifo.erpBuckets')}: ${e.label}`, fifo: null, erp: cellMinor(erpRow[e.key]) });
      }
    }
    if (result.undated) rows.push({ key: 'undated', label: t('aging.bucket.undated'), fifo: result.undated * result.sign, erp: null });
    if (result.unapplied) rows.push({ key: 'unapplied', label: t('aging.fifo.unapplied'), fifo: -result.unapplied * result.sign, erp: null });
    return rows;
  }, [result, layout, erpRow, comparable]);
  const bucketName = useMemo(() => {
    const names = new Map(compareRows.map((r) => [r.key, r.label]));
    return (key: string) => names.get(key) ?? (key === 'undated' ? t('aging.bucket.undated') : key);
  }, [compareRows]);
  const docKey = useMemo(() => documentNumberKey(statementData?.extraColumns ?? []), [statementData]);
  const explained = useMemo(() => (result && lines ? explain(result, lines, bucketName, docKey) : null), [result, lines, bucketName, docKey]);
  const itemCols = useMemo(() => itemColumns(result?.side ?? 'debit'), [result?.side]);
  const movementCols = useMemo(() => movementColumns(result?.side ?? 'debit'), [result?.side]);
  const fifoTotal = result ? result.balance : 0;

  const onApply = (e: FormEvent) => {
    e.preventDefault();
    onChange({
      asOf: isIsoDate(draftAsOf) ? draftAsOf : null,
      basis: draftBasis === 'due' ? null : draftBasis,
      edges: parseEdges(draftEdges).join(','),
    });
  };

  const title = name || t('aging.fifo.account', { id: cariId });
  if (missing) {
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
          <input
            id="fifo-edges"
            type="text"
            inputMode="numeric"
            value={draftEdges}
            aria-describedby="fifo-edges-hint"
            onChange={(e) => setDraftEdges(e.target.value)}
          />
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

      {!statementData && !statement.isError && <Loading rows={4} />}
      {statement.isError && <ErrorState title={t('aging.fifo.error.title')} error={statement.error} onRetry={() => void statement.refetch()} />}
      {result && explained && (
        <>
          {result.unreadable > 0 && (
            <p className="notice notice--warn" role="status">
              {currency === LOCAL_CURRENCY
                ? t('aging.fifo.warnings', { count: formatCount(result.unreadable) })
                : t('aging.fifo.fxWarnings', { count: formatCount(result.unreadable), currency })}
            </p>
          )}
          {result.excluded > 0 && <p className="notice">{t('aging.fifo.excluded', { count: formatCount(result.excluded) })}</p>}
          {(lines?.length ?? 0) === 0 ? <p className="notice">{t('aging.fifo.noLines')}</p> : null}
          {currency === LOCAL_CURRENCY && <TlBasisNote basis="equivalent" foreign={currencies.slice(1)} />}
          <p className="fifo-panel__side" data-testid="fifo-side">
            {t(result.side === 'debit' ? 'aging.fifo.sideNote.debit' : 'aging.fifo.sideNote.credit')}
          </p>
          <Comparison
            erpLoaded={erpLoaded}
            erpError={erpError}
            onErpRetry={onErpRetry}
            erpTotal={erpTotal}
            fifoTotal={fifoTotal}
            rows={compareRows}
            currency={currency}
          />
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
              exportTotals={{ fifo: fifoTotal, erp: erpTotal }}
              totalsRow={{ label: t('aging.fifo.total'), fifo: balance(fifoTotal), erp: balance(erpTotal) }}
            />
          </div>
          <div className={explained.items.length <= WRAP_MAX_ROWS ? 'fifo-explain fifo-explain--wrap' : 'fifo-explain'}>
            <DataTable<ItemRow>
              virtualize={explained.items.length > WRAP_MAX_ROWS}
              data={explained.items}
              columns={itemCols}
              aria-label={t('aging.fifo.table.label')}
              caption={t('aging.fifo.explainTitle')}
              csvFileName={`${t('aging.fifo.csv.file')}-${cariId}`}
              tableId="aging.fifo.debits"
              sheetName={`FIFO ${cariId} ${t('aging.fifo.explainTitle')}`}
              getRowId={(r) => String(r.index)}
              maxHeight="50vh"
            />
          </div>
          {explained.movements.length > 0 && (
            <div className={explained.movements.length <= WRAP_MAX_ROWS ? 'fifo-explain fifo-explain--wrap' : 'fifo-explain'}>
              <DataTable<MovementRow>
                virtualize={explained.movements.length > WRAP_MAX_ROWS}
                data={explained.movements}
                columns={movementCols}
                aria-label={t(result.side === 'debit' ? 'aging.fifo.creditsTitle' : 'aging.fifo.debitsTitle')}
                caption={t(result.side === 'debit' ? 'aging.fifo.creditsTitle' : 'aging.fifo.debitsTitle')}
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
