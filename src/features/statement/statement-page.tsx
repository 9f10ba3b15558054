/**
 * /accounts/:cariId — the account statement (get_cari_extre).
 *
 * URL state: from, to (ISO dates; lines before `from` fold into the devir row), type (one
 * transaction type). The list's balance is compared with the statement's balance over every line
 * as of today (consistency badge, statement-facts.tsx).
 *
 * Laid out for a 1366×768 laptop (18+ rows visible): title and actions in one line, the facts in
 * as few lines as fit, the filters in the table's toolbar, compact rows, the sums (Σ borç, Σ
 * alacak, bakiye) in the table's sticky totals row. An id that is neither in the account list nor
 * has a single statement line is "Cari bulunamadı" (NotFoundState), not an empty statement.
 *
 * Statement first, name later: the lines are all a cold link waits for. The header (name,
 * category, city, list balance) comes from any cached account list; otherwise the name comes at
 * once from the statement answer when it carries one, or from the recently opened / pinned
 * accounts, and the full account list is fetched only after the statement rows are on screen, at
 * low priority (it never shares the wire with the statement, and nobody waits on it).
 *
 * A long statement over a slow link shows its first lines before its last byte, when the ERP sent
 * them in date order (statement.ts isFinalPrefix: their running balances are then already final):
 * said to be only the start, no overdue marks or open-debit facts (payments still to come may close
 * those debits), no totals, no export, until the whole statement is in.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useListReturn } from '../../components/statement/list-return';
import { TlBasisNote } from '../../components/statement/tl-basis-note';
import { accountQueries } from '../../api/accounts';
import { statementAccountName, statementQueries } from '../../api/statement';
import { whole } from '../../api/erp-call';
import { findCachedAccount } from '../../components/statement/cached-account';
import { BalanceText } from '../../components/balance';
import { DataTable, usePainted, type DataColumn } from '../../components/data-table';
import { ErrorState, NotFoundState } from '../../components/feedback';
import { useDocumentTitle } from '../../components/layout/document-title';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney } from '../../domain/format';
import { recordOpened, togglePinned, useAccountShortcuts } from '../../lib/account-shortcuts';
import { matchingPreset, orderedRange, parseIsoParam } from './date-range';
import { StatementFacts } from './statement-facts';
import { StatementFilters } from './statement-filters';
import { computeFx, computeStatement, prepareStatement, type StatementRow } from '../../domain/running-balance';
import { effectiveAsOf } from '../../domain/ledger';
import { StatementFx } from './statement-fx';
import { IncompleteAmount, statementColumns } from './statement-columns';
import './statement.css';
import { withParams } from '../../lib/search-params';
import { useToday } from '../../lib/use-today';
import type { IsoDate } from '../../domain/types';
import { useCompanyTitle } from '../../api/session';
import { documentFileName, type DocumentHead } from '../../domain/document/document-head';
import { PdfButton } from '../../components/document/pdf-button';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { statementDocument } from './statement-document';
import { AccountMutabakat } from '../../components/mutabakat/account-mutabakat';
import { AccountTahsilat } from '../../components/tahsilat/account-tahsilat';

export default function StatementPage() {
  const { cariId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const { backTo, state: listState } = useListReturn();
  const queryClient = useQueryClient();
  // Advances at midnight (and on return to the tab): overdue flags never go stale.
  const today = useToday();
  const company = useCompanyTitle();

  // A hand-edited URL with from > to reads as the same range the other way round (and says so).
  const rawFrom = parseIsoParam(params.get('from'));
  const rawTo = parseIsoParam(params.get('to'));
  const { from, to } = orderedRange(rawFrom, rawTo);
  const [typedSwap, setTypedSwap] = useState(false);
  const swapped = typedSwap || (rawFrom !== null && rawTo !== null && rawFrom > rawTo);
  const type = params.get('type') ?? '';
  // A date that is no date — in the address (?from=2026-02-31) or typed in a box — shows no statement:
  // the rows and figures of the previous range would stand under an error they do not answer.
  const badParams = (['from', 'to'] as const).flatMap((key) => {
    const v = params.get(key);
    return v && !parseIsoParam(v) ? [{ key, value: v.slice(0, 40) }] : [];
  });
  const [refused, setRefused] = useState({ from: false, to: false });
  const onRefused = (box: 'from' | 'to', value: boolean) => setRefused((prev) => (prev[box] === value ? prev : { ...prev, [box]: value }));
  const stale = badParams.length > 0 || refused.from || refused.to;
  // ?mutabakat=1: the account's mutabakat contacts and history, opened on demand.
  const mutabakatOpen = params.get('mutabakat') === '1';

  const statement = useQuery(statementQueries.detail(cariId));
  // The first lines of a long statement still arriving (slow link: `complete: false` in the same
  // cache entry): shown as only the start.
  const shown = statement.data;
  const statementWhole = whole(shown);
  const incomplete = shown?.complete === false;
  const cached = useMemo(() => findCachedAccount(queryClient, cariId), [queryClient, cariId]);
  const statementShown = usePainted(statementWhole, true) && !!statementWhole;
  const list = useQuery({ ...accountQueries.list('', { priority: 'low' }), enabled: !cached && statementShown });
  const account = cached ?? whole(list.data)?.accounts.find((a) => a.id === cariId);
  const listWhole = whole(list.data);
  const accountMissing = !cached && !!listWhole && !account;
  const { pinned, recent } = useAccountShortcuts();
  const earlyName = useMemo(
    () => (shown && statementAccountName(shown)) ?? [...pinned, ...recent].find((r) => r.id === cariId)?.name,
    [shown, pinned, recent, cariId],
  );
  const name = account?.name ?? earlyName;
  // The rows are there and the header's facts are on their way (the background list).
  const factsPending = !!shown && !account && !accountMissing && !list.isError;

  useDocumentTitle(name ? t('statement.titleFor', { name }) : undefined);
  useEffect(() => {
    if (account) recordOpened({ id: account.id, name: account.name });
  }, [account]);

  const types = useMemo(() => (type ? new Set([type]) : null), [type]);
  const lines = shown?.lines;
  // The open-item figures (overdue marks and total, ortalama vade, payment behaviour) as of the
  // earlier of the range's end and today: never as of a day that has not come (the account view's rule).
  const asOf = effectiveAsOf(to, today);
  const prepared = useMemo(() => (lines ? prepareStatement(lines, asOf) : null), [lines, asOf]);
  const computed = useMemo(
    () => (prepared ? computeStatement(prepared, { from, to, types, today }) : null),
    [prepared, from, to, types, today],
  );
  // A bad date: no rows, figures, totals, print or PDF (they are the previous range's).
  const summary = stale ? null : computed;
  const rows = useMemo<StatementRow[]>(() => {
    if (!summary) return [];
    // The first lines only, all before `from`: the devir row would sum only those — lines still to
    // come may fold into it too. Nothing is shown until a line on or after `from` is in.
    const last = lines?.[lines.length - 1]?.date;
    if (incomplete && from && !(last && last >= from)) return [];
    const all = summary.opening ? [summary.opening, ...summary.rows] : summary.rows;
    // The first lines only: which debits are overdue depends on payments still to come.
    return incomplete ? all.map((r) => (r.overdue ? { ...r, overdue: false } : r)) : all;
  }, [summary, incomplete, from, lines]);
  // Foreign currencies: one running balance and one set of totals per currency, never added to TL.
  const fx = useMemo(() => (prepared ? computeFx(prepared, { from, to, types }) : null), [prepared, from, to, types]);
  const extraColumns = shown?.extraColumns;
  const filtered = types !== null;
  const columns = useMemo(() => statementColumns(extraColumns ?? [], from, fx, filtered), [extraColumns, from, fx, filtered]);
  // The columns the table shows (the column chooser's choice): the print and the PDF show the same.
  const shownColumns = useColumnPrefs('statement', columns).visible;

  // A typed start after the end (or end before the start) swaps the two dates, visibly.
  const setRange = (nextFrom: IsoDate | null, nextTo: IsoDate | null) => {
    const r = orderedRange(nextFrom, nextTo);
    setTypedSwap(r.from !== nextFrom);
    setParams((prev) => withParams(prev, { from: r.from, to: r.to }), { replace: true, state: listState });
  };
  const setType = (value: string) =>
    setParams((prev) => withParams(prev, { type: value }), { replace: true, state: listState });


  const isPinned = pinned.some((p) => p.id === cariId);

  if (accountMissing && statementWhole && (lines?.length ?? 0) === 0) {
    return (
      <NotFoundState title={t('statement.notFound')} backTo={backTo} backLabel={t('statement.back')}>
        {t('statement.notFound.text', { id: cariId })}
      </NotFoundState>
    );
  }

  const title = name ?? t('statement.title');
  const rangeText = stale
    ? t('statement.range.refused')
    : !from && !to
      ? t('statement.range.everything')
      : t('statement.range.text', {
          from: from ? formatDate(from) : t('statement.range.open'),
          to: to ? formatDate(to) : t('statement.range.openEnd'),
        });
  const firstUnreadable = summary?.incomplete.from ?? null;
  // The statement as a document: our company, its title, the account, the period (exports, print, PDF).
  const documentHead: DocumentHead = { company, title: t('doc.title.statement'), short: t('doc.short.statement'), account: { id: cariId, name: name ?? cariId }, period: { from, to }, asOf };
  const ready = summary != null && !incomplete && statement.isSuccess;
  const docSpec = (shownRows: readonly StatementRow[] = rows, cols: readonly DataColumn<StatementRow>[] = shownColumns) => statementDocument({ ...documentHead, madeAt: new Date() }, cols, shownRows, summary!);

  return (
    <div className="statement-page">

      <div className="statement-title">
        <Link to={backTo} className="statement-back no-print">
          ← {t('statement.back')}
        </Link>
        <PageHeader title={title}>
          <button
            type="button"
            className="button button--small"
            aria-pressed={isPinned}
            onClick={() => togglePinned({ id: cariId, name: name ?? cariId })}
          >
            {isPinned ? `★ ${t('statement.unpin')}` : `☆ ${t('statement.pin')}`}
          </button>
          <button type="button" className="button button--small" onClick={() => window.print()} disabled={!ready}>
            {t('statement.print')}
          </button>
          <PdfButton disabled={!ready} parts={() => [{ kind: 'table', spec: docSpec() as never }]} fileName={() => documentFileName({ ...documentHead, madeAt: new Date() }, 'pdf')} title={t('doc.title.statement')} />
          <Link className="button button--small" to={`/accounts/${encodeURIComponent(cariId)}/mutabakat${to ? `?asOf=${asOf}` : ''}`} state={listState}>
            {t('statement.letter')}
          </Link>
          <Link className="button button--small" to={`/accounts/${encodeURIComponent(cariId)}/acik-kalemler${to ? `?asOf=${asOf}` : ''}`} state={listState}>
            {t('ledger.openItems.open')}
          </Link>
          <Link className="button button--small" to={`/accounts/${encodeURIComponent(cariId)}/vade-farki${to ? `?asOf=${asOf}` : ''}`} state={listState}>
            {t('ledger.lateInterest.open')}
          </Link>
          <Link className="button button--small" aria-expanded={mutabakatOpen} to={{ search: withParams(params, { mutabakat: mutabakatOpen ? null : '1' }).toString() }} replace>
            {t('mut.account.toggle')}
          </Link>
        </PageHeader>
      </div>
      {mutabakatOpen && <AccountMutabakat accountId={cariId} />}
      <AccountTahsilat accountId={cariId} />

      <StatementFacts
        cariId={cariId}
        account={account}
        factsPending={factsPending}
        rangeText={rangeText}
        swapped={swapped}
        to={to}
        ranged={from !== null || to !== null}
        summary={incomplete ? null : summary}
        summaryPending={incomplete}
      />
      {badParams.map((b) => (
        <p key={b.key} className="notice notice--warn" role="alert">
          {t('common.date.badParam', { field: t(b.key === 'from' ? 'statement.param.from' : 'statement.param.to'), value: b.value, result: t('statement.result') })}
        </p>
      ))}
      {accountMissing && <p className="notice">{t('statement.header.unknown')}</p>}
      {!account && list.isError && (
        // The header lookup failed: say so (the statement below is still shown), never "not found".
        <ErrorState title={t('statement.header.error')} error={list.error} onRetry={() => void list.refetch()} />
      )}
      {fx && !incomplete && !stale && <StatementFx fx={fx} />}
      {prepared && <TlBasisNote basis="equivalent" foreign={prepared.fx.currencies} />}
      {summary?.filtered && (
        <p className="notice" role="status" data-testid="statement-filtered">
          {t('statement.filtered.notice', { type })}
        </p>
      )}
      {(statementWhole?.warnings ?? 0) > 0 && (
        <p className="notice">{t('statement.warnings', { count: formatCount(statementWhole!.warnings) })}</p>
      )}
      {firstUnreadable && (
        <p className="notice" role="status" data-testid="statement-incomplete">
          {t('statement.incomplete.notice', {
            date: firstUnreadable.date ? formatDate(firstUnreadable.date) : t('statement.incomplete.undated'),
            type: firstUnreadable.type,
          })}
        </p>
      )}

      <DataTable<StatementRow>
        data={rows}
        columns={columns}
        getRowId={(r) => (r.line ? String(r.line.index) : 'opening')}
        rowClassName={(r) => (r.kind === 'opening' ? 'statement-row--opening' : r.overdue ? 'statement-row--overdue' : undefined)}
        aria-label={t('statement.table.label')}
        maxHeight="viewport"
        density="compact"
        // Still loading, also while the first lines are in but none can be shown yet (all before `from`).
        loading={(!shown || (incomplete && rows.length === 0)) && !statement.isError}
        incomplete={incomplete}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={stale ? t('common.date.refused', { result: t('statement.result') }) : lines && lines.length === 0 ? t('statement.empty.all') : t('statement.empty')}
        csvFileName={`${t('statement.csv.file')}-${cariId}.csv`}
        documentHead={documentHead}
        toolbar={
          <StatementFilters
            from={from}
            to={to}
            today={today}
            activePreset={matchingPreset({ from, to }, today)}
            type={type}
            typeOptions={summary?.types ?? []}
            onRange={setRange}
            onType={setType}
            onRefused={onRefused}
          />
        }
        tableId="statement"
        // On paper: the statement as a document (pages with their head, nakli yekün, page numbers).
        printDocument={ready ? (view) => docSpec(view.rows, view.columns) : undefined}
        sheetName={`${t('statement.title')} ${cariId}`}
        // The file's totals row says what the screen's says: the TL figures and each foreign-currency balance.
        exportTotals={
          summary
            ? { debit: summary.totals.debit, credit: summary.totals.credit, balance: summary.totals.balance, ...Object.fromEntries((fx?.totals ?? []).map((x) => [`fx:${x.currency}`, x.balance])) }
            : undefined
        }
        totalsRow={
          summary && !incomplete
            ? {
                date: summary.filtered ? t('statement.totals.shown', { type }) : t('statement.totals'),
                debit: <span data-testid="sum-debit">{summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.debit)}</span>,
                credit: <span data-testid="sum-credit">{summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.credit)}</span>,
                balance: <span data-testid="sum-balance">{summary.incomplete.totals ? <IncompleteAmount /> : <BalanceText minor={summary.totals.balance} />}</span>,
                ...Object.fromEntries((fx?.totals ?? []).map((x) => [`fx:${x.currency}`, <BalanceText key={x.currency} minor={x.balance} currency={x.currency} />])),
              }
            : undefined
        }
      />
    </div>
  );
}

