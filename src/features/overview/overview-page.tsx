/**
 * / — Özet, the page after login: what we are owed and owe today, how old the receivables are,
 * who owes the most, and the pinned/recent accounts. Read from the same cached answers as the
 * list and aging pages (accountQueries.list(''), agingQueries.list('')): opening Özet costs one
 * get_cari and one get_yaslandirma, and the pages its links lead to answer from the cache.
 * Every figure is a link to the list/aging URL that shows the same number (overview-figures.ts).
 */
import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { accountQueries } from '../../api/accounts';
import { agingQueries } from '../../api/aging';
import type { Account } from '../../api/types';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import { agingLayout } from '../../components/aging/aging-buckets';
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
import './overview.css';

const EMPTY_ACCOUNTS: readonly Account[] = [];
const NO_ACCOUNTS_BY_ID: ReadonlyMap<string, Account> = new Map();

/** URLs that explain the figures (the list and aging pages read these params). */
export const OVERVIEW_LINKS = {
  receivables: '/accounts?side=B&sort=-balance',
  payables: '/accounts?side=A&sort=balance',
  net: '/accounts',
  overdue: '/aging?side=B',
  bucket: (key: string) => `/aging?side=B&sort=${encodeURIComponent(`-${key}`)}`,
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
  const aging = useQuery(agingQueries.list(''));
  const today = useToday();

  const list = accounts.data?.accounts ?? EMPTY_ACCOUNTS;
  const figures = useMemo(() => (accounts.data ? accountFigures(accounts.data.accounts) : null), [accounts.data]);
  const layout = useMemo(() => (aging.data ? agingLayout(aging.data.columns) : null), [aging.data]);
  const agingFig = useMemo(() => (aging.data && layout ? agingFigures(aging.data, layout) : null), [aging.data, layout]);
  const { pinned, recent } = useAccountShortcuts();
  const byId = useMemo(() => (pinned.length || recent.length ? new Map(list.map((a) => [a.id, a])) : NO_ACCOUNTS_BY_ID), [list, pinned, recent]);

  const segments: BarSegment[] =
    layout && agingFig
      ? layout.buckets.map((b, i) => ({
          key: b.key,
          label: bucketLabel(b),
          amount: agingFig.bucketTotals[i] ?? 0,
          color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
        }))
      : [];
  const barScale = segments.reduce((s, seg) => s + Math.max(0, seg.amount), 0);
  const oldestKey = layout && agingFig && agingFig.oldestFirst.length ? layout.buckets[agingFig.oldestFirst[0]!]!.key : null;
  const overdueCols = useMemo<DataColumn<ErpRow>[]>(
    () => (layout && agingFig ? overdueColumns(layout, agingFig.oldestFirst) : []),
    [layout, agingFig],
  );
  const hasBuckets = !!layout && layout.buckets.length > 0;

  return (
    <div className="overview-page">
      <PageHeader title={t('overview.title')}>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('overview.print')}
        </button>
      </PageHeader>
      <p className="overview-asof">{t('overview.asOf', { date: formatDate(today) })}</p>

      {accounts.isPending && <Loading rows={3} />}
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
              value={formatMoney(agingFig.overdue)}
              sub={t('overview.count', { count: formatCount(agingFig.overdueCount) })}
            />
          )}
        </div>
      )}
      {figures && figures.unreadable > 0 && <p className="notice notice--warn">{t('overview.unreadable', { count: formatCount(figures.unreadable) })}</p>}

      <Section id="overview-aging" title={t('overview.aging.title')} link={{ to: OVERVIEW_LINKS.overdue, text: t('overview.aging.open') }}>
        {aging.isPending && <Loading />}
        {aging.isError && <ErrorState title={t('overview.aging.error')} error={aging.error} onRetry={() => void aging.refetch()} />}
        {agingFig && !hasBuckets && <p className="notice">{t('overview.aging.noBuckets')}</p>}
        {agingFig && hasBuckets && (
          <>
            <StackedBar segments={segments} scale={barScale} name={t('overview.aging.title')} height={24} />
            <ul className="overview-buckets">
              {segments.map((s) => (
                <li key={s.key}>
                  <Link to={OVERVIEW_LINKS.bucket(s.key)} className="overview-bucket" aria-label={t('overview.aging.bucketLink', { label: s.label, amount: formatMoney(s.amount) })}>
                    <span className="overview-bucket__label">
                      <span className="aging-legend__swatch" style={{ background: s.color }} aria-hidden="true" />
                      {s.label}
                    </span>
                    <span className="num overview-bucket__amount">{formatMoney(s.amount)}</span>
                  </Link>
                </li>
              ))}
              <li>
                <Link to={OVERVIEW_LINKS.overdue} className="overview-bucket overview-bucket--total">
                  <span className="overview-bucket__label">{t('overview.aging.total')}</span>
                  <span className="num overview-bucket__amount" data-testid="overview-aging-total">
                    {formatMoney(agingFig.total)}
                  </span>
                </Link>
              </li>
            </ul>
          </>
        )}
      </Section>

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
              loading={accounts.isPending}
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
