/**
 * The statement page's state: the range and type from the URL (a hand-typed from > to swapped, a date
 * that is no date refused), the statement (its first lines while a long one streams), the account's
 * header facts and name, the rows with the devir row, foreign-currency balances, columns, the document.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { whole } from '../../api/erp-call';
import { useCompanyTitle } from '../../api/session';
import { statementQueries } from '../../api/statement';
import type { DataColumn } from '../../components/data-table';
import { useColumnPrefs } from '../../components/data-table/column-prefs';
import { useListReturn } from '../../components/statement/list-return';
import type { DocumentHead } from '../../domain/document/document-head';
import { effectiveAsOf } from '../../domain/ledger';
import { computeFx, computeStatement, prepareStatement, type StatementRow } from '../../domain/running-balance';
import { useToday } from '../../lib/use-today';
import { t } from '../../i18n';
import { useStatementRange } from './use-statement-range';
import { useStatementAccount } from './use-statement-account';
import { statementColumns } from './statement-columns';
import { statementDocument } from './statement-document';
import { tlBasisText } from '../../components/statement/tl-basis-note';
import { useUrlParams } from '../../lib/search-params';

export type StatementView = ReturnType<typeof useStatementView>;

export function useStatementView() {
  const { cariId = '' } = useParams();
  const [params, setParams] = useUrlParams();
  const { backTo, state: listState } = useListReturn();
  // Advances at midnight (and on return to the tab): overdue flags never go stale.
  const today = useToday();
  const company = useCompanyTitle();
  const { from, to, swapped, type, badParams, onRefused, stale, setRange, setType, rangeText } = useStatementRange(params, setParams, listState);
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
  const { account, list, accountMissing, name, factsPending, isPinned } = useStatementAccount(cariId, shown);

  const types = useMemo(() => (type ? new Set([type]) : null), [type]);
  const lines = shown?.lines;
  // The open-item figures (overdue marks and total, ortalama vade, payment behaviour) as of the
  // earlier of the range's end and today: never as of a day that has not come (the account view's rule).
  const asOf = effectiveAsOf(to, today);
  const prepared = useMemo(() => (lines ? prepareStatement(lines, asOf) : null), [lines, asOf]);
  const computed = useMemo(() => (prepared ? computeStatement(prepared, { from, to, types, today }) : null), [prepared, from, to, types, today]);
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

  // The statement as a document: our company, its title, the account, the period (exports, print, PDF).
  const documentHead: DocumentHead = {
    company,
    title: t('doc.title.statement'),
    short: t('doc.short.statement'),
    account: { id: cariId, name: name ?? cariId },
    period: { from, to },
    asOf,
  };
  const ready = summary != null && !incomplete && statement.isSuccess;
  const docSpec = (shownRows: readonly StatementRow[] = rows, cols: readonly DataColumn<StatementRow>[] = shownColumns) =>
    statementDocument(
      { ...documentHead, madeAt: new Date() },
      cols,
      shownRows,
      summary!,
      [tlBasisText('equivalent', prepared?.fx.currencies ?? [])].filter((x): x is string => !!x),
    );

  return {
    cariId,
    backTo,
    listState,
    today,
    from,
    to,
    swapped,
    type,
    badParams,
    onRefused,
    stale,
    mutabakatOpen,
    tahsilatOpen,
    statement,
    shown,
    statementWhole,
    incomplete,
    account,
    list,
    accountMissing,
    name,
    factsPending,
    isPinned,
    lines,
    asOf,
    prepared,
    summary,
    rows,
    fx,
    columns,
    setRange,
    setType,
    rangeText,
    documentHead,
    ready,
    docSpec,
  };
}
