/**
 * /mutabakat?<the account list's params>&asOf=&lines=1&from= — mutabakat letters for every account
 * the list shows with the same search, filters and order (q, category, province, hideZero, side,
 * sort), one A4 page each; accounts can be unticked. With the as-of date today and no enclosed
 * lines, the balances are the list's (get_cari, cached). Otherwise each ticked account's statement
 * is fetched (the same cached get_cari_extre answers as the statement page), at most
 * STATEMENT_CONCURRENCY at a time, with a progress bar and İptal; failures are listed by name with
 * the reason and are left out of the print, and can be retried.
 */
import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { userMessageOf } from '../../api/errors';
import { configQuery } from '../../api/session';
import { cancelStatements, statementQueries } from '../../api/statement';
import type { Account } from '../../api/types';
import { BalanceText } from '../../components/balance';
import { DataTable, type DataColumn } from '../../components/data-table';
import { PageHeader } from '../../components/layout/page-header';
import { letterBalance, letterRows } from '../../components/reconciliation/letter-balance';
import { documentNumberKey } from '../../components/statement/document-number';
import { ReconciliationLetter } from '../../components/reconciliation/reconciliation-letter';
import { letterPdf } from '../../components/reconciliation/letter-pdf';
import { PdfButton } from '../../components/document/pdf-button';
import { documentFileName } from '../../components/document/document-head';
import { LetterControls, LetterDateProblems, useLetterOptions } from '../../components/reconciliation/letter-options';
import { CampaignStart, CampaignStartButton } from '../../components/mutabakat/campaign-start';
import { t } from '../../i18n';
import { formatCount } from '../../lib/format';
import { prepareStatement, type StatementRow } from '../../lib/running-balance';
import { runPool } from '../../lib/run-pool';
import type { Minor } from '../../lib/types';
import { LIST_PARAMS, listParams } from './account-list';
import { useAccountList } from './use-account-list';

export const STATEMENT_CONCURRENCY = 4;
export const MAX_LETTERS = 500;

type LetterStatus =
  | { kind: 'loading' }
  | { kind: 'ready'; balance: Minor; rows: StatementRow[] | null; currency?: string; localBalance?: Minor; declaredMissing?: string | null; docKey?: string | null }
  | { kind: 'failed'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'unreadable' };

interface Run {
  /** asOf|lines|from the statuses were computed for. */
  key: string;
  total: number;
  done: number;
  running: boolean;
  cancelled: boolean;
}

interface RowState {
  status: (id: string) => LetterStatus | undefined;
  isSelected: (id: string) => boolean;
  toggle: (id: string, on: boolean) => void;
}
const RowContext = createContext<RowState>({ status: () => undefined, isSelected: () => true, toggle: () => undefined });

function SelectCell({ account }: { account: Account }) {
  const { isSelected, toggle } = useContext(RowContext);
  return (
    <input
      type="checkbox"
      checked={isSelected(account.id)}
      aria-label={t('letters.select', { name: account.name })}
      onChange={(e) => toggle(account.id, e.target.checked)}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

function LetterBalanceCell({ account }: { account: Account }) {
  const s = useContext(RowContext).status(account.id);
  return s?.kind === 'ready' ? <BalanceText minor={s.balance} currency={s.currency && s.currency !== 'TL' ? s.currency : undefined} /> : null;
}

function StatusCell({ account }: { account: Account }) {
  const s = useContext(RowContext).status(account.id);
  if (!s) return <span className="letters-status">{t('letters.status.waiting')}</span>;
  const text = {
    loading: t('letters.status.loading'),
    ready: t('letters.status.ready'),
    failed: t('letters.status.failed'),
    cancelled: t('letters.status.cancelled'),
    unreadable: t('letters.status.unreadable'),
  }[s.kind];
  return <span className={`letters-status letters-status--${s.kind}`}>{text}</span>;
}

const LETTER_COLUMNS: readonly DataColumn<Account>[] = [
  { id: 'select', header: () => t('letters.col.select'), width: '5rem', align: 'center', value: () => null, cell: (a) => <SelectCell account={a} />, sortable: false, searchText: false, exportable: false },
  { id: 'id', header: () => t('letters.col.id'), width: '7rem', value: (a) => a.id, sortable: false },
  { id: 'name', header: () => t('letters.col.name'), value: (a) => a.name, primary: true, href: (a) => `/accounts/${encodeURIComponent(a.id)}`, sortable: false },
  {
    id: 'listBalance',
    header: () => t('letters.col.listBalance'),
    kind: 'money',
    width: '11rem',
    value: (a) => a.balance,
    cell: (a) => (a.balance !== null ? <BalanceText minor={a.balance} /> : (a.balanceInvalid ?? '')),
    sortable: false,
  },
  { id: 'letterBalance', header: () => t('letters.col.letterBalance'), kind: 'money', width: '11rem', value: () => null, cell: (a) => <LetterBalanceCell account={a} />, sortable: false, exportable: false },
  { id: 'status', header: () => t('letters.col.status'), width: '10rem', value: () => null, cell: (a) => <StatusCell account={a} />, sortable: false, exportable: false },
];

export default function ReconciliationLettersPage() {
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const options = useLetterOptions();
  const { today, asOf, withLines, from } = options;
  const key = `${asOf}|${withLines ? from : ''}`;

  // ---- the accounts the list shows with these params: the list page's own pipeline ----
  const config = useQuery(configQuery);
  const { q, sort, ...filter } = listParams(params);
  const list = useAccountList({ filter, sort, search: q, settledQuery: q, ordered: true });
  const { full } = list;
  // The list is known: the whole list is in and, for a search it cannot find, the ERP answered.
  const listKnown = list.facts !== null && (list.sourceKind === 'list' || list.sourceKind === 'remote');
  const searchFailed = list.sourceKind === 'remote-failed';
  const shown = useMemo(() => (listKnown ? list.facts!.rows : []), [listKnown, list.facts]);
  const capped = useMemo(() => shown.slice(0, MAX_LETTERS), [shown]);

  // ---- selection (all ticked by default) ----
  const [deselected, setDeselected] = useState<ReadonlySet<string>>(() => new Set());
  const selected = useMemo(() => capped.filter((a) => !deselected.has(a.id)), [capped, deselected]);
  const campaignAccounts = useMemo(() => shown.filter((a) => !deselected.has(a.id)), [shown, deselected]);
  // A foreign-currency account's letter states its balance in its currency (get_cari's balance is
  // TL): that account needs its statement even for today's letter.
  const needsStatement = (a: Account) => asOf !== today || withLines || (!!a.currency && a.currency !== 'TL');
  const needStatements = selected.some(needsStatement);

  // ---- statements: bounded concurrency, progress, cancel ----
  const [statuses, setStatuses] = useState<ReadonlyMap<string, LetterStatus>>(() => new Map());
  const [run, setRun] = useState<Run | null>(null);
  const controller = useRef<AbortController | null>(null);
  const runIds = useRef<readonly string[]>([]);
  useEffect(
    () => () => {
      controller.current?.abort();
    },
    [],
  );
  const currentStatuses = run?.key === key ? statuses : null;

  const statusOf = (a: Account): LetterStatus | undefined => {
    if (!needsStatement(a)) {
      if (a.balance !== null) return { kind: 'ready', balance: a.balance, rows: null };
      return a.balanceInvalid ? { kind: 'unreadable' } : { kind: 'ready', balance: 0, rows: null };
    }
    return currentStatuses?.get(a.id);
  };

  async function fetchStatements(accounts: readonly Account[]) {
    controller.current?.abort();
    const ctrl = new AbortController();
    controller.current = ctrl;
    runIds.current = accounts.map((a) => a.id);
    const runKey = key;
    const keep = run?.key === runKey ? statuses : new Map<string, LetterStatus>();
    const next = new Map(keep);
    for (const a of accounts) next.delete(a.id);
    setStatuses(next);
    setRun({ key: runKey, total: accounts.length, done: 0, running: true, cancelled: false });
    const set = (id: string, s: LetterStatus) => setStatuses((prev) => new Map(prev).set(id, s));
    let done = 0;
    await runPool(
      accounts,
      STATEMENT_CONCURRENCY,
      async (a) => {
        set(a.id, { kind: 'loading' });
        try {
          const statement = await queryClient.fetchQuery(statementQueries.detail(a.id));
          const prepared = prepareStatement(statement.lines, today);
          const result = letterBalance(prepared, asOf, today, a.currency);
          set(
            a.id,
            result.unreadable > 0
              ? { kind: 'unreadable' }
              : {
                  kind: 'ready',
                  balance: result.balance,
                  currency: result.currency,
                  localBalance: result.localBalance,
                  declaredMissing: result.declaredMissing,
                  docKey: documentNumberKey(statement.extraColumns),
                  rows: withLines ? letterRows(prepared, from, asOf, today) : null,
                },
          );
        } catch (error) {
          set(a.id, ctrl.signal.aborted ? { kind: 'cancelled' } : { kind: 'failed', message: userMessageOf(error) });
        }
        done++;
        if (!ctrl.signal.aborted) setRun((r) => (r && r.key === runKey ? { ...r, done } : r));
      },
      ctrl.signal,
    );
    if (controller.current === ctrl) setRun((r) => (r && r.key === runKey ? { ...r, done, running: false, cancelled: ctrl.signal.aborted } : r));
  }

  function cancel() {
    controller.current?.abort();
    // The run's statements under way stop too; none other.
    cancelStatements(queryClient, runIds.current);
  }

  const running = !!run?.running && run.key === key;
  const failed = selected.filter((a) => {
    const s = statusOf(a);
    return s?.kind === 'unreadable' || (needsStatement(a) && s?.kind === 'failed');
  });
  // A bad date (address or box): no letter is ready — those made for the previous date do not describe it.
  const ready = options.blocked || !config.data?.company.title ? [] : selected.filter((a) => statusOf(a)?.kind === 'ready');
  const toFetch = selected.filter((a) => {
    if (!needsStatement(a)) return false;
    const s = currentStatuses?.get(a.id);
    return !s || s.kind === 'cancelled' || s.kind === 'failed';
  });

  const rowState: RowState = {
    status: (id) => {
      const a = capped.find((x) => x.id === id);
      return a ? statusOf(a) : undefined;
    },
    isSelected: (id) => !deselected.has(id),
    toggle: (id, on) =>
      setDeselected((prev) => {
        const next = new Set(prev);
        if (on) next.delete(id);
        else next.add(id);
        return next;
      }),
  };

  const back = new URLSearchParams();
  for (const name of LIST_PARAMS) for (const v of params.getAll(name)) back.append(name, v);
  const listHref = `/accounts${back.toString() ? `?${back.toString()}` : ''}`;
  const company = config.data?.company;
  const ttk94Clause = config.data?.letters.ttk94Clause !== false;
  const failedStatus = (a: Account) => currentStatuses?.get(a.id) ?? statusOf(a);

  return (
    <div className="letters-page">
      <div className="no-print">
        <p className="letter-back">
          <Link to={listHref}>← {t('letters.back')}</Link>
        </p>
        <PageHeader title={t('letters.title')}>
          <button type="button" className="button button--primary" onClick={() => window.print()} disabled={running || ready.length === 0}>
            {t('letters.print', { count: formatCount(ready.length) })}
          </button>
          {/* All the letters in one PDF file, each from a new page. */}
          <PdfButton
            className="button"
            disabled={running || ready.length === 0 || !company}
            title={t('doc.title.letters')}
            fileName={() => documentFileName({ company: company?.title ?? '', title: t('doc.title.letters'), asOf }, 'pdf')}
            parts={() =>
              ready.map((a) => {
                const s = statusOf(a) as Extract<LetterStatus, { kind: 'ready' }>;
                return letterPdf({ company: company!, account: a, asOf, issuedOn: today, balance: s.balance, currency: s.currency, localBalance: s.localBalance, declaredMissing: s.declaredMissing, docKey: s.docKey, rows: s.rows, from, ttk94Clause }) as never;
              })
            }
          />
          <CampaignStartButton />
        </PageHeader>
        {listKnown && <p>{t('letters.scope', { count: formatCount(shown.length) })}</p>}
        {shown.length > MAX_LETTERS && <p className="notice notice--warn">{t('letters.tooMany', { max: formatCount(MAX_LETTERS) })}</p>}
        {config.isSuccess && !company?.title && (
          <p className="notice notice--warn" role="alert">
            {t('letter.companyMissing')}
          </p>
        )}

        <LetterControls options={options} />
        {/* A campaign takes every account of the filtered list (not capped), less the unticked ones. */}
        <CampaignStart accounts={campaignAccounts} options={options} ready={listKnown} />

        <LetterDateProblems options={options} />

        {needStatements && listKnown && (
          <div className="letters-run">
            <p className="letters-run__why">
              {asOf === today && !withLines
                ? t('letters.needStatements.foreign', { limit: STATEMENT_CONCURRENCY })
                : t('letters.needStatements', { lines: withLines ? t('letters.needStatements.lines') : '', limit: STATEMENT_CONCURRENCY })}
            </p>
            <div className="letters-run__actions">
              {!running && toFetch.length > 0 && (
                <button type="button" className="button button--primary" onClick={() => void fetchStatements(toFetch)}>
                  {t('letters.fetch', { count: formatCount(toFetch.length) })}
                </button>
              )}
              {running && (
                <button type="button" className="button" onClick={cancel}>
                  {t('letters.cancel')}
                </button>
              )}
            </div>
            {run && run.key === key && (
              <div className="letters-run__progress">
                <progress max={run.total} value={run.done} aria-label={t('letters.progress')} />
                <span role="status">{t('letters.progressText', { done: formatCount(run.done), total: formatCount(run.total) })}</span>
              </div>
            )}
            {run && run.key === key && run.cancelled && (
              <p className="notice" role="status">
                {t('letters.cancelled', { done: formatCount(run.done), total: formatCount(run.total) })}
              </p>
            )}
          </div>
        )}

        {failed.length > 0 && !running && (
          <div className="notice notice--warn letters-failed" role="alert">
            <p>{t('letters.failed.title', { count: formatCount(failed.length) })}</p>
            <ul>
              {failed.map((a) => {
                const s = failedStatus(a);
                return (
                  <li key={a.id}>
                    {t('letters.failed.item', {
                      name: a.name,
                      id: a.id,
                      message: s?.kind === 'failed' ? s.message : t('letters.unreadableReason'),
                    })}
                  </li>
                );
              })}
            </ul>
          </div>
        )}

        <div className="letters-select">
          <button type="button" className="button button--small" onClick={() => setDeselected(new Set())}>
            {t('letters.selectAll')}
          </button>
          <button type="button" className="button button--small" onClick={() => setDeselected(new Set(capped.map((a) => a.id)))}>
            {t('letters.selectNone')}
          </button>
          <span>{t('letters.selected', { count: formatCount(selected.length) })}</span>
        </div>
        <RowContext.Provider value={rowState}>
          <DataTable<Account>
            data={capped}
            columns={LETTER_COLUMNS}
            getRowId={(a) => a.id}
            aria-label={t('letters.table.label')}
            loading={full.isPending || list.sourceKind === 'remote-pending' || (full.isSuccess && !listKnown && !searchFailed)}
            error={full.error ?? (searchFailed ? list.remote.error : undefined) ?? undefined}
            onRetry={() => void (full.isError ? full.refetch() : list.remote.refetch())}
            emptyMessage={searchFailed ? t('accounts.search.remoteFailed.empty') : t('letters.empty')}
            maxHeight="24rem"
          />
        </RowContext.Provider>
        {ready.length > 0 && <h2 className="letters-preview-title">{t('letters.preview')}</h2>}
      </div>

      {company && ready.length > 0 && !running && (
        <div className="letters">
          {ready.map((a) => {
            const s = statusOf(a) as Extract<LetterStatus, { kind: 'ready' }>;
            return (
              <ReconciliationLetter
                key={a.id}
                ttk94Clause={ttk94Clause}
                company={company}
                account={a}
                asOf={asOf}
                issuedOn={today}
                balance={s.balance}
                currency={s.currency}
                localBalance={s.localBalance}
                declaredMissing={s.declaredMissing}
                docKey={s.docKey}
                rows={s.rows}
                from={from}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
