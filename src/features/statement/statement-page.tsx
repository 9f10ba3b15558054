/**
 * /accounts/:cariId — the account statement (get_cari_extre).
 *
 * URL state: from, to (ISO dates; lines before `from` fold into the devir row), type (one
 * transaction type). The list's balance is compared with the statement's closing balance
 * (consistency badge).
 *
 * Statement first, name later: the lines are all a cold link waits for. The header (name,
 * category, city, list balance) comes from any cached account list; otherwise the name comes at
 * once from the statement answer when it carries one, or from the recently opened / pinned
 * accounts, and the full account list is fetched only after the statement rows are on screen, at
 * low priority (it never shares the wire with the statement, and nobody waits on it).
 */
import { useEffect, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { statementAccountName, statementQueries } from '../../api/statement';
import { findCachedAccount } from './cached-account';
import { BalanceText, balanceText } from '../../components/balance';
import { DataTable, usePainted } from '../../components/data-table';
import { useDocumentTitle } from '../../components/layout/document-title';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { recordOpened, togglePinned, useAccountShortcuts } from '../../lib/account-shortcuts';
import { DateField } from '../../components/form/date-field';
import { matchingPreset, orderedRange, parseIsoParam, presetRange, RANGE_PRESETS } from './date-range';
import { computeStatement, prepareStatement, type StatementRow } from '../../lib/running-balance';
import { IncompleteAmount, statementColumns } from './statement-columns';
import './statement.css';
import { withParams } from '../../lib/search-params';
import { useToday } from '../../lib/use-today';
import type { IsoDate } from '../../lib/types';

export default function StatementPage() {
  const { cariId = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const queryClient = useQueryClient();
  // Advances at midnight (and on return to the tab): overdue flags never go stale.
  const today = useToday();

  // A hand-edited URL with from > to reads as the same range the other way round.
  const { from, to } = orderedRange(parseIsoParam(params.get('from')), parseIsoParam(params.get('to')));
  const type = params.get('type') ?? '';

  const statement = useQuery(statementQueries.detail(cariId));
  const cached = useMemo(() => findCachedAccount(queryClient, cariId), [queryClient, cariId]);
  const statementShown = usePainted(statement.status, true) && statement.isSuccess;
  const list = useQuery({ ...accountQueries.list('', { priority: 'low' }), enabled: !cached && statementShown });
  const account = cached ?? list.data?.accounts.find((a) => a.id === cariId);
  const accountMissing = !cached && list.isSuccess && !account;
  const { pinned, recent } = useAccountShortcuts();
  const earlyName = useMemo(
    () => (statement.data && statementAccountName(statement.data)) ?? [...pinned, ...recent].find((r) => r.id === cariId)?.name,
    [statement.data, pinned, recent, cariId],
  );
  const name = account?.name ?? earlyName;
  // The rows are there and the header's facts are on their way (the background list).
  const factsPending = statement.isSuccess && !account && !accountMissing && !list.isError;

  useDocumentTitle(name ? t('statement.titleFor', { name }) : undefined);
  useEffect(() => {
    if (account) recordOpened({ id: account.id, name: account.name });
  }, [account]);

  const types = useMemo(() => (type ? new Set([type]) : null), [type]);
  const lines = statement.data?.lines;
  const prepared = useMemo(() => (lines ? prepareStatement(lines, today) : null), [lines, today]);
  const summary = useMemo(
    () => (prepared ? computeStatement(prepared, { from, to, types, today }) : null),
    [prepared, from, to, types, today],
  );
  const rows = useMemo<StatementRow[]>(
    () => (summary ? (summary.opening ? [summary.opening, ...summary.rows] : summary.rows) : []),
    [summary],
  );
  const extraColumns = statement.data?.extraColumns;
  const columns = useMemo(() => statementColumns(extraColumns ?? [], from), [extraColumns, from]);

  // A typed start after the end (or end before the start) swaps the two dates.
  const setRange = (nextFrom: IsoDate | null, nextTo: IsoDate | null) => {
    const r = orderedRange(nextFrom, nextTo);
    setParams((prev) => withParams(prev, { from: r.from, to: r.to }), { replace: true });
  };
  const setType = (value: string) =>
    setParams((prev) => withParams(prev, { type: value }), { replace: true });
  const activePreset = matchingPreset({ from, to }, today);

  const fromState = (location.state as { from?: unknown } | null)?.from;
  const backTo = typeof fromState === 'string' && fromState.startsWith('/accounts') ? fromState : '/accounts';

  const isPinned = pinned.some((p) => p.id === cariId);

  const title = name ?? t('statement.title');
  const rangeText =
    !from && !to
      ? t('statement.range.everything')
      : t('statement.range.text', {
          from: from ? formatDate(from) : t('statement.range.open'),
          to: to ? formatDate(to) : t('statement.range.openEnd'),
        });
  const listBalance = account?.balance ?? null;
  // A statement with an unreadable amount cannot confirm or contradict the list's balance.
  const consistent = summary && listBalance !== null && !summary.incomplete.final ? summary.finalBalance === listBalance : null;
  const incomplete = summary?.incomplete;
  const firstUnreadable = incomplete?.from ?? null;
  const typeOptions = summary?.types ?? [];

  return (
    <div className="statement-page">
      <p className="statement-back no-print">
        <Link to={backTo}>← {t('statement.back')}</Link>
      </p>

      <div className="print-only statement-print-head">
        <p className="statement-print-head__app">{t('common.appName')}</p>
        <p className="statement-print-head__title">{t('statement.title')}</p>
        <p>{t('statement.print.date', { date: formatDate(today) })}</p>
      </div>

      <PageHeader title={title}>
        <button
          type="button"
          className="button"
          aria-pressed={isPinned}
          onClick={() => togglePinned({ id: cariId, name: name ?? cariId })}
        >
          {isPinned ? `★ ${t('statement.unpin')}` : `☆ ${t('statement.pin')}`}
        </button>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('statement.print')}
        </button>
        <Link className="button" to={`/accounts/${encodeURIComponent(cariId)}/mutabakat${to ? `?asOf=${to}` : ''}`}>
          {t('statement.letter')}
        </Link>
      </PageHeader>

      <dl className="statement-account">
        <div>
          <dt>{t('statement.header.id')}</dt>
          <dd>{cariId}</dd>
        </div>
        {(account || factsPending) && (
          <>
            <div aria-busy={factsPending || undefined}>
              <dt>{t('statement.header.category')}</dt>
              <dd>{account ? account.category : '…'}</dd>
            </div>
            <div aria-busy={factsPending || undefined}>
              <dt>{t('statement.header.city')}</dt>
              <dd>{account ? [account.province, account.district].filter(Boolean).join(' / ') : '…'}</dd>
            </div>
          </>
        )}
        <div>
          <dt>{t('statement.range.label')}</dt>
          <dd data-testid="statement-range">{rangeText}</dd>
        </div>
      </dl>
      {accountMissing && <p className="notice">{t('statement.header.unknown')}</p>}

      {factsPending && (
        // Holds the place of the consistency badge, so the rows do not move when the list arrives.
        <p className="badge badge--pending" data-testid="consistency-pending">
          {t('statement.consistency.pending')}
        </p>
      )}
      {consistent === true && (
        <p className="badge badge--ok" data-testid="consistency">
          ✓ {t('statement.consistency.ok')}
        </p>
      )}
      {summary && listBalance !== null && summary.incomplete.final && (
        <p className="badge badge--warn" data-testid="consistency">
          ⚠ {t('statement.consistency.unknown')}
        </p>
      )}
      {consistent === false && summary && listBalance !== null && (
        <p className="badge badge--warn" role="alert" data-testid="consistency">
          ⚠{' '}
          {t('statement.consistency.diff', {
            list: balanceText(listBalance),
            statement: balanceText(summary.finalBalance),
          })}
        </p>
      )}

      <div className="statement-controls no-print">
        <div role="group" aria-label={t('statement.range.label')} className="statement-presets">
          {RANGE_PRESETS.map((p) => (
            <button
              key={p}
              type="button"
              className="button button--small"
              aria-pressed={activePreset === p}
              onClick={() => {
                const r = presetRange(p, today);
                setRange(r.from, r.to);
              }}
            >
              {t(`statement.range.${p}`)}
            </button>
          ))}
        </div>
        <DateField label={t('statement.range.from')} value={from} onCommit={(v) => setRange(v, to)} />
        <DateField label={t('statement.range.to')} value={to} onCommit={(v) => setRange(from, v)} />
        <label className="date-field">
          {t('statement.types.label')}
          <select value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">{t('statement.types.all')}</option>
            {typeOptions.map((ty) => (
              <option key={ty} value={ty}>
                {ty}
              </option>
            ))}
            {type && !typeOptions.includes(type) && <option value={type}>{type}</option>}
          </select>
        </label>
      </div>

      {summary && (
        <dl className="statement-summary">
          <div>
            <dt>{t('statement.summary.debit')}</dt>
            <dd className="num" data-testid="sum-debit">
              {summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.debit)}
            </dd>
          </div>
          <div>
            <dt>{t('statement.summary.credit')}</dt>
            <dd className="num" data-testid="sum-credit">
              {summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.credit)}
            </dd>
          </div>
          <div>
            <dt>{t('statement.summary.balance')}</dt>
            <dd className="num" data-testid="sum-balance">
              {summary.incomplete.totals ? <IncompleteAmount /> : <BalanceText minor={summary.totals.balance} />}
            </dd>
          </div>
          <div className={summary.overdue.total > 0 ? 'statement-summary__overdue' : undefined}>
            <dt>{t('statement.summary.overdue')}</dt>
            <dd className="num" data-testid="sum-overdue">
              {summary.incomplete.open ? <IncompleteAmount /> : formatMoney(summary.overdue.total)}
              {!summary.incomplete.open && summary.overdue.count > 0 && (
                <span className="statement-summary__sub"> ({t('statement.summary.overdueCount', { count: formatCount(summary.overdue.count) })})</span>
              )}
            </dd>
          </div>
          <div title={t('statement.summary.averageDue.hint')}>
            <dt>{t('statement.summary.averageDue')}</dt>
            <dd className="num" data-testid="sum-average-due">
              {summary.incomplete.open ? (
                <IncompleteAmount />
              ) : summary.open.averageDueDate ? (
                formatDate(summary.open.averageDueDate)
              ) : (
                t('statement.summary.none')
              )}
            </dd>
          </div>
        </dl>
      )}
      {(statement.data?.warnings ?? 0) > 0 && (
        <p className="notice">{t('statement.warnings', { count: formatCount(statement.data!.warnings) })}</p>
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
        loading={statement.isPending}
        error={statement.error ?? undefined}
        onRetry={() => void statement.refetch()}
        emptyMessage={lines && lines.length === 0 ? t('statement.empty.all') : t('statement.empty')}
        csvFileName={`${t('statement.csv.file')}-${cariId}.csv`}
        totalsRow={
          summary
            ? {
                date: t('statement.totals'),
                debit: summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.debit),
                credit: summary.incomplete.totals ? <IncompleteAmount /> : formatMoney(summary.totals.credit),
                balance: summary.incomplete.totals ? <IncompleteAmount /> : <BalanceText minor={summary.totals.balance} />,
              }
            : undefined
        }
      />
    </div>
  );
}

