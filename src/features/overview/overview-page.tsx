/**
 * / — Özet, the page after login: what we are owed and owe today, how old the receivables are,
 * who owes the most, and the pinned/recent accounts. Read from the same cached answers as the
 * list and aging pages (accountQueries.list(''), agingQueries.list('')): opening Özet costs one
 * get_cari and one get_yaslandirma, and the pages its links lead to answer from the cache.
 * Every figure is a link to the list/aging URL that shows the same number (overview-figures.ts);
 * the "falling due" figures (due-soon-section.tsx) are computed from the statements only when asked.
 */
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { whole } from '../../api/erp-call';
import { agingQueries } from '../../api/aging';
import type { Account } from '../../api/types';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import { agingLayout, agingReportDate } from '../../components/aging/aging-buckets';
import { bucketColor, bucketLabel, StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import { BalanceText } from '../../components/balance';
import { DataTable, type DataColumn, type ErpRow } from '../../components/data-table';
import { ErrorState, Loading } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { useToday } from '../../lib/use-today';
import { useAccountShortcuts } from '../../lib/account-shortcuts';
import { formatCount, formatDate, formatMoney } from '../../lib/format';
import { accountFigures, agingFigures } from './overview-figures';
import { overdueColumns, TOP_ACCOUNT_COLUMNS } from './overview-columns';
import { DueSoonSection } from './due-soon-section';
import { dueCandidates } from './use-due-soon';
import './overview.css';

const EMPTY_ACCOUNTS: readonly Account[] = [];
const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

/** URLs that explain the figures (the list and aging pages read these params). */
export const OVERVIEW_LINKS = {
  receivables: '/accounts?side=B&sort=-balance',
  payables: '/accounts?side=A&sort=balance',
  net: '/accounts',
  /** Exactly the rows behind the overdue figure (and its count): those with an overdue amount. */
  overdue: '/aging?side=B&overdue=1',
  overduePayables: '/aging?side=A&overdue=1',
  receivablesAging: '/aging?side=B',
  payablesAging: '/aging?side=A',
  bucket: (key: string) => `/aging?side=B&sort=${encodeURIComponent(`-${key}`)}`,
  /** Payables are negative in the ERP's aging: the largest first is ascending. */
  payablesBucket: (key: string) => `/aging?side=A&sort=${encodeURIComponent(key)}`,
};

function Figure({ to, label, value, sub, testId }: { to: string; label: string; value: ReactNode; sub?: ReactNode; testId: string }) {
  return (
    <Link to={to} className="overview-figure" data-testid={testId}>
      <span className="overview-figure__label">{label}</span>
      <span className="overview-figure__value num">{value}</span>
      {sub && <span className="overview-figure__sub">{sub}</span>}
    </Link>
  );
}

function Section({ id, title, link, children }: { id: string; title: string; link?: { to: string; text: string }; children: ReactNode }) {
  return (
    <section className="overview-section" aria-labelledby={id}>
      <div className="overview-section__head">
        <h2 id={id}>{title}</h2>
        {link && (
          <Link to={link.to} className="overview-section__link no-print">
            {link.text} →
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

export default function OverviewPage() {
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

  const segmentsOf = (fig: typeof agingFig): BarSegment[] =>
    layout && fig
      ? layout.buckets.map((b, i) => ({
          key: b.key,
          label: bucketLabel(b),
          amount: Math.abs(fig.bucketTotals[i] ?? 0),
          color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
        }))
      : [];
  const segments = segmentsOf(agingFig);
  const paySegments = segmentsOf(payFig);
  const oldestKey = layout && agingFig && agingFig.oldestFirst.length ? layout.buckets[agingFig.oldestFirst[0]!]!.key : null;
  const overdueCols = useMemo<DataColumn<ErpRow>[]>(
    () => (layout && agingFig ? overdueColumns(layout, agingFig.oldestFirst) : []),
    [layout, agingFig],
  );
  const hasBuckets = !!layout && layout.buckets.length > 0;
  // Falling due this week / month: the accounts that can have such an item (from the ERP's aging;
  // without an id column, matched by name through the account list).
  const candidates = useMemo(
    () => (aging.data && layout && hasBuckets && (layout.accountIdKey || accountList) ? dueCandidates(aging.data, layout, accountList?.accounts ?? null) : null),
    [aging.data, layout, hasBuckets, accountList],
  );

  return (
    <div className="overview-page">
      <PageHeader title={t('overview.title')}>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('overview.print')}
        </button>
      </PageHeader>
      <p className="overview-asof">{t('overview.asOf', { date: formatDate(reportDate ?? today) })}</p>

      {accountsLoading && <Loading rows={3} />}
      {accounts.isError && <ErrorState title={t('overview.accounts.error')} error={accounts.error} onRetry={() => void accounts.refetch()} />}
      {figures?.overflow && (
        <p className="notice notice--warn" role="alert">
          {t('accounts.totals.overflow')}
        </p>
      )}
      {figures && (
        <div className="overview-figures">
          <Figure
            to={OVERVIEW_LINKS.receivables}
            testId="overview-receivables"
            label={t('overview.receivables')}
            value={figures.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={figures.receivables} />}
            sub={t('overview.count', { count: formatCount(figures.debtorCount) })}
          />
          <Figure
            to={OVERVIEW_LINKS.payables}
            testId="overview-payables"
            label={t('overview.payables')}
            value={figures.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={-figures.payables} />}
            sub={t('overview.count', { count: formatCount(figures.creditorCount) })}
          />
          <Figure
            to={OVERVIEW_LINKS.net}
            testId="overview-net"
            label={t('overview.net')}
            value={figures.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={figures.net} />}
            sub={t('overview.allAccounts')}
          />
          {agingFig && hasBuckets && (
            <Figure
              to={OVERVIEW_LINKS.overdue}
              testId="overview-overdue"
              label={t('overview.overdue')}
              value={<BalanceText minor={agingFig.overdue} />}
              sub={t('overview.count', { count: formatCount(agingFig.overdueCount) })}
            />
          )}
          {payFig && hasBuckets && (
            <Figure
              to={OVERVIEW_LINKS.overduePayables}
              testId="overview-overdue-payables"
              label={t('overview.overduePayables')}
              value={<BalanceText minor={payFig.overdue} />}
              sub={t('overview.count', { count: formatCount(payFig.overdueCount) })}
            />
          )}
        </div>
      )}
      {figures && figures.unreadable > 0 && <p className="notice notice--warn">{t('overview.unreadable', { count: formatCount(figures.unreadable) })}</p>}

      {candidates && <DueSoonSection candidates={candidates} today={today} />}

      {(
        [
          ['overview-aging', t('overview.aging.title'), agingFig, segments, OVERVIEW_LINKS.receivablesAging, OVERVIEW_LINKS.bucket, 'overview-aging-total'],
          ['overview-payables-aging', t('overview.payablesAging.title'), payFig, paySegments, OVERVIEW_LINKS.payablesAging, OVERVIEW_LINKS.payablesBucket, 'overview-payables-aging-total'],
        ] as const
      ).map(([id, title, fig, segs, to, bucketHref, totalId]) => (
        <Section key={id} id={id} title={title} link={{ to, text: t('overview.aging.open') }}>
          {aging.isPending && <Loading />}
          {aging.isError && <ErrorState title={t('overview.aging.error')} error={aging.error} onRetry={() => void aging.refetch()} />}
          {fig && !hasBuckets && <p className="notice">{t('overview.aging.noBuckets')}</p>}
          {fig && hasBuckets && (
            <>
              <StackedBar segments={segs} scale={segs.reduce((x, seg) => x + seg.amount, 0)} name={title} height={24} />
              <ul className="overview-buckets">
                {segs.map((sg) => (
                  <li key={sg.key}>
                    <Link to={bucketHref(sg.key)} className="overview-bucket" aria-label={t('overview.aging.bucketLink', { label: sg.label, amount: formatMoney(sg.amount) })}>
                      <span className="overview-bucket__label">
                        <span className="aging-legend__swatch" style={{ background: sg.color }} aria-hidden="true" />
                        {sg.label}
                      </span>
                      <span className="num overview-bucket__amount">{formatMoney(sg.amount)}</span>
                    </Link>
                  </li>
                ))}
                <li>
                  <Link to={to} className="overview-bucket overview-bucket--total">
                    <span className="overview-bucket__label">{t('overview.aging.total')}</span>
                    <span className="num overview-bucket__amount" data-testid={totalId}>
                      {formatMoney(Math.abs(fig.total))}
                    </span>
                  </Link>
                </li>
              </ul>
            </>
          )}
        </Section>
      ))}

      <div className="overview-columns">
        {(
          [
            ['overview-top-debtors', t('overview.topDebtors'), OVERVIEW_LINKS.receivables, figures?.topDebtors, t('overview.topDebtors.empty')],
            ['overview-top-creditors', t('overview.topCreditors'), OVERVIEW_LINKS.payables, figures?.topCreditors, t('overview.topCreditors.empty')],
          ] as const
        ).map(([id, title, to, rows, empty]) => (
          <Section key={id} id={id} title={title} link={{ to, text: t('overview.seeAll') }}>
            <DataTable<Account>
              data={rows ?? EMPTY_ACCOUNTS}
              columns={TOP_ACCOUNT_COLUMNS}
              getRowId={(a) => a.id}
              aria-label={title}
              loading={accountsLoading}
              error={accounts.error ?? undefined}
              emptyMessage={empty}
              virtualize={false}
              maxHeight="none"
            />
          </Section>
        ))}
      </div>

      {hasBuckets && (
        <Section
          id="overview-largest-overdue"
          title={t('overview.largestOverdue')}
          link={oldestKey ? { to: OVERVIEW_LINKS.bucket(oldestKey), text: t('overview.seeAging') } : undefined}
        >
          <DataTable<ErpRow>
            data={agingFig?.largestOverdue ?? []}
            columns={overdueCols}
            aria-label={t('overview.largestOverdue')}
            loading={aging.isPending}
            error={aging.error ?? undefined}
            emptyMessage={t('overview.largestOverdue.empty')}
            virtualize={false}
            maxHeight="none"
          />
        </Section>
      )}

      <Section id="overview-shortcuts" title={t('overview.shortcuts.title')}>
        {pinned.length || recent.length ? <ShortcutsBar byId={byId} linkState={null} /> : <p className="overview-muted">{t('overview.shortcuts.empty')}</p>}
      </Section>
    </div>
  );
}
