/**
 * Özet's view hook: the two first answers (accountQueries.list(''), agingQueries.list(''): the
 * page table's first calls, sent while the page's code loads) and every figure computed from them.
 * Each answer's figures are ready as soon as that answer is whole: the aging's (overdue, buckets)
 * do not wait for the 100k-account list, nor the list's for the aging. What no figure needs — the
 * accounts that can have an item falling due — is worked out after the figures are painted.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { agingQueries } from '../../api/aging';
import { whole } from '../../api/erp-call';
import type { Account } from '../../domain/erp-types';
import { agingLayout, agingReportDate } from '../../domain/aging-buckets';
import { bucketColor, bucketLabel, type BarSegment } from '../../components/aging/bucket-display';
import { usePainted, type DataColumn, type ErpRow } from '../../components/data-table';
import { useToday } from '../../lib/use-today';
import { useAccountShortcuts } from '../../lib/account-shortcuts';
import { accountFigures, agingFigures, type AgingFigures } from './overview-figures';
import { overdueColumns } from './overview-columns';
import { dueCandidates } from './use-due-soon';

const EMPTY_ACCOUNTS: readonly Account[] = [];
const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

export function useOverview() {
  const accounts = useQuery(accountQueries.list(''));
  // Özet's figures count every account: the first rows of a list still arriving are not shown here.
  const accountList = whole(accounts.data);
  const accountsLoading = !accountList && !accounts.isError;
  const aging = useQuery(agingQueries.list(''));
  const today = useToday();

  const list = accountList?.accounts ?? EMPTY_ACCOUNTS;
  const figures = useMemo(() => (accountList ? accountFigures(accountList.accounts) : null), [accountList]);
  const layout = useMemo(() => (aging.data ? agingLayout(aging.data.columns) : null), [aging.data]);
  // The ERP's aging may be made on another day than ours: its own date, where the answer has one.
  const reportDate = aging.data && layout ? agingReportDate(aging.data, layout) : null;
  const agingFig = useMemo(() => (aging.data && layout ? agingFigures(aging.data, layout, 'B') : null), [aging.data, layout]);
  const payFig = useMemo(() => (aging.data && layout ? agingFigures(aging.data, layout, 'A') : null), [aging.data, layout]);
  const { pinned, recent } = useAccountShortcuts();
  const byId = useMemo(() => (pinned.length || recent.length ? new Map(list.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID), [list, pinned, recent]);

  const segmentsOf = (fig: AgingFigures | null): BarSegment[] =>
    layout && fig
      ? layout.buckets.map((b, i) => ({
          key: b.key,
          label: bucketLabel(b),
          amount: Math.abs(fig.bucketTotals[i] ?? 0),
          color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
        }))
      : [];
  const oldestKey = layout && agingFig && agingFig.oldestFirst.length ? layout.buckets[agingFig.oldestFirst[0]!]!.key : null;
  const overdueCols = useMemo<DataColumn<ErpRow>[]>(() => (layout && agingFig ? overdueColumns(layout, agingFig.oldestFirst) : []), [layout, agingFig]);
  const hasBuckets = !!layout && layout.buckets.length > 0;
  // Falling due this week / month: the accounts that can have such an item (from the ERP's aging;
  // without an id column, matched by name through the account list) — after the figures are on screen.
  const inputs = useMemo(() => ({ aging: aging.data, accountList }), [aging.data, accountList]);
  const figuresPainted = usePainted(inputs, true);
  const candidates = useMemo(
    () => (figuresPainted && aging.data && layout && hasBuckets && (layout.accountIdKey || accountList) ? dueCandidates(aging.data, layout, accountList?.accounts ?? null) : null),
    [figuresPainted, aging.data, layout, hasBuckets, accountList],
  );

  return {
    accounts,
    accountsLoading,
    aging,
    today,
    reportDate,
    figures,
    layout,
    hasBuckets,
    agingFig,
    payFig,
    segments: segmentsOf(agingFig),
    paySegments: segmentsOf(payFig),
    oldestKey,
    overdueCols,
    candidates,
    shortcuts: { pinned, recent, byId },
  };
}

export type OverviewView = ReturnType<typeof useOverview>;
