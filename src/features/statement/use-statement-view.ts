/**
 * The statement page's state: the range and type from the URL (a hand-typed from > to swapped, a date
 * that is no date refused), the statement (its first lines while a long one streams), the account's
 * header facts and name, the rows with the devir row, foreign-currency balances, columns, the document.
 */
import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { whole } from '../../api/erp-call';
import { useCompanyTitle } from '../../api/session';
import { statementAccountName, statementQueries } from '../../api/statement';
import { usePainted, type DataColumn } from '../../components/data-table';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { findCachedAccount } from '../../components/statement/cached-account';
import { useListReturn } from '../../components/statement/list-return';
import { useDocumentTitle } from '../../components/layout/document-title';
import type { DocumentHead } from '../../domain/document/document-head';
import { formatDate } from '../../domain/format';
import { effectiveAsOf } from '../../domain/ledger';
import { computeFx, computeStatement, prepareStatement, type StatementRow } from '../../domain/running-balance';
import type { IsoDate } from '../../domain/types';
import { recordOpened, useAccountShortcuts } from '../../lib/account-shortcuts';
import { withParams } from '../../lib/search-params';
import { useToday } from '../../lib/use-today';
import { t } from '../../i18n';
import { orderedRange, parseIsoParam } from './date-range';
import { statementColumns } from './statement-columns';
import { statementDocument } from './statement-document';
import { tlBasisText } from '../../components/statement/tl-basis-note';

export type StatementView = ReturnType<typeof useStatementView>;

export function useStatementView() {
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
  // ?tahsilat=1: the collections panel (notes, calls, promises), opened from the header so the statement keeps its rows.
  const tahsilatOpen = params.get('tahsilat') === '1';

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

  const rangeText = stale
    ? t('statement.range.refused')
    : !from && !to
      ? t('statement.range.everything')
      : t('statement.range.text', {
          from: from ? formatDate(from) : t('statement.range.open'),
          to: to ? formatDate(to) : t('statement.range.openEnd'),
        });
  // The statement as a document: our company, its title, the account, the period (exports, print, PDF).
  const documentHead: DocumentHead = { company, title: t('doc.title.statement'), short: t('doc.short.statement'), account: { id: cariId, name: name ?? cariId }, period: { from, to }, asOf };
  const ready = summary != null && !incomplete && statement.isSuccess;
  const docSpec = (shownRows: readonly StatementRow[] = rows, cols: readonly DataColumn<StatementRow>[] = shownColumns) => statementDocument({ ...documentHead, madeAt: new Date() }, cols, shownRows, summary!, [tlBasisText('equivalent', prepared?.fx.currencies ?? [])].filter((x): x is string => !!x));

  return {
    cariId, params, backTo, listState, today, from, to, swapped, type, badParams, onRefused, stale, mutabakatOpen, tahsilatOpen,
    statement, shown, statementWhole, incomplete, account, list, accountMissing, name, factsPending, isPinned: pinned.some((p) => p.id === cariId),
    lines, asOf, prepared, summary, rows, fx, columns, setRange, setType, rangeText, documentHead, ready, docSpec,
  };
}
