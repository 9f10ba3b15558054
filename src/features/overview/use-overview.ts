/**
 * Özet's view hook. Its figures come worked out by the gateway (GET /api/overview: the page
 * table's first call, sent while the page's code loads) — a few KB, so they are on screen long
 * before the whole account list could be. Sent beside it, and read only once the figures are
 * painted: the whole list and aging (the page table's alongCalls; the gateway reads the ERP once for
 * both), which the figures' links open from the cache, the pinned accounts take their balances from,
 * and the falling-due candidates are worked out from. docs/decisions/0009-overview-on-the-server.md.
 */
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { accountQueries } from '../../api/accounts';
import { agingQueries } from '../../api/aging';
import { whole } from '../../api/erp-call';
import { overviewQueries } from '../../api/overview';
import type { Account } from '../../domain/erp-types';
import { agingLayout } from '../../domain/aging-buckets';
import type { OverviewAgingFigures } from '../../domain/overview-summary';
import { bucketColor, bucketLabel, type BarSegment } from '../../components/aging/bucket-display';
import { usePainted, type DataColumn, type ErpRow } from '../../components/data-table';
import { useToday } from '../../lib/use-today';
import { useAccountShortcuts } from '../../lib/account-shortcuts';
import { overdueColumns } from './overview-columns';
import { dueCandidates } from './use-due-soon';

const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

export function useOverview() {
  const summary = useQuery(overviewQueries.summary());
  const today = useToday();
  const data = summary.data;
  const figures = data?.accounts.figures ?? null;
  const agingPart = data?.aging.aging ?? null;
  const layout = useMemo(() => (agingPart ? agingLayout(agingPart.columns) : null), [agingPart]);
  const agingFig = agingPart?.receivables ?? null;
  const payFig = agingPart?.payables ?? null;
  const hasBuckets = !!layout && layout.buckets.length > 0;

  // The whole list and aging, once the figures are on screen (they were sent with the figures' request).
  const figuresPainted = usePainted(data, true) && !!data;
  const accounts = useQuery({ ...accountQueries.list('', { priority: 'low' }), enabled: figuresPainted });
  const aging = useQuery({ ...agingQueries.list(''), enabled: figuresPainted });
  const accountList = whole(accounts.data);
  const { pinned, recent } = useAccountShortcuts();
  const byId = useMemo(
    () => (accountList && (pinned.length || recent.length) ? new Map(accountList.accounts.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID),
    [accountList, pinned, recent],
  );
  // Falling due this week / month: the accounts that can have such an item (from the ERP's aging;
  // without an id column, matched by name through the account list).
  const candidates = useMemo(() => {
    const table = aging.data;
    const full = table ? agingLayout(table.columns) : null;
    if (!table || !full || full.buckets.length === 0 || !(full.accountIdKey || accountList)) return null;
    return dueCandidates(table, full, accountList?.accounts ?? null);
  }, [aging.data, accountList]);

  const segmentsOf = (fig: OverviewAgingFigures | null): BarSegment[] =>
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

  return {
    loading: summary.isPending,
    /** Why the account figures (or the aging's) are missing: the whole answer's failure, or its part's. */
    accountsError: summary.error ?? data?.accounts.error ?? null,
    agingError: summary.error ?? data?.aging.error ?? null,
    retry: () => void summary.refetch(),
    today,
    reportDate: agingPart?.reportDate ?? null,
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
