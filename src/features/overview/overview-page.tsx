/**
 * / — Özet, the page after login: what we are owed and owe today, how old the receivables are,
 * who owes the most, and the pinned/recent accounts. The figures come worked out by the gateway
 * from the same get_cari and get_yaslandirma the list and aging pages read (GET /api/overview);
 * the whole list and aging come beside them, read once the figures are painted: opening Özet costs
 * one get_cari and one get_yaslandirma, and the pages its links lead to answer from the cache.
 * Every figure is a link to the list/aging URL that shows the same number (domain/overview-figures.ts);
 * the "falling due" figures (due-soon-section.tsx) are computed from the statements only when asked.
 * The figures and what they are computed from: use-overview.ts; the parts: overview-parts.tsx.
 */
import type { Account } from '../../domain/erp-types';
import { ShortcutsBar } from '../../components/account-shortcuts/shortcuts-bar';
import { DataTable, type ErpRow } from '../../components/data-table';
import { ErrorState, Loading } from '../../components/feedback';
import { PageHeader } from '../../components/layout/page-header';
import { t } from '../../i18n';
import { formatCount, formatDate } from '../../domain/format';
import { TOP_ACCOUNT_COLUMNS } from './overview-columns';
import { DueSoonSection } from './due-soon-section';
import { AgingSection, OVERVIEW_LINKS, OverviewFigures, Section } from './overview-parts';
import { useOverview } from './use-overview';
import './overview.css';

const EMPTY_ACCOUNTS: readonly Account[] = [];

export default function OverviewPage() {
  const v = useOverview();
  const { loading, accountsError, agingError, figures, agingFig, payFig, hasBuckets, shortcuts } = v;
  return (
    <div className="overview-page">
      <PageHeader title={t('overview.title')}>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('overview.print')}
        </button>
      </PageHeader>
      <p className="overview-asof">{t('overview.asOf', { date: formatDate(v.reportDate ?? v.today) })}</p>

      {loading && <Loading rows={3} />}
      {accountsError && <ErrorState title={t('overview.accounts.error')} error={accountsError} onRetry={v.retry} />}
      {figures?.overflow && (
        <p className="notice notice--warn" role="alert">
          {t('accounts.totals.overflow')}
        </p>
      )}
      <OverviewFigures figures={figures} agingFig={agingFig} payFig={payFig} hasBuckets={hasBuckets} />
      {figures && figures.unreadable > 0 && <p className="notice notice--warn">{t('overview.unreadable', { count: formatCount(figures.unreadable) })}</p>}

      {v.candidates && <DueSoonSection candidates={v.candidates} today={v.today} />}

      <AgingSection
        id="overview-aging"
        title={t('overview.aging.title')}
        fig={agingFig}
        segments={v.segments}
        to={OVERVIEW_LINKS.receivablesAging}
        bucketHref={OVERVIEW_LINKS.bucket}
        totalId="overview-aging-total"
        view={v}
      />
      <AgingSection
        id="overview-payables-aging"
        title={t('overview.payablesAging.title')}
        fig={payFig}
        segments={v.paySegments}
        to={OVERVIEW_LINKS.payablesAging}
        bucketHref={OVERVIEW_LINKS.payablesBucket}
        totalId="overview-payables-aging-total"
        view={v}
      />

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
              loading={loading}
              error={accountsError ?? undefined}
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
          link={v.oldestKey ? { to: OVERVIEW_LINKS.bucket(v.oldestKey), text: t('overview.seeAging') } : undefined}
        >
          <DataTable<ErpRow>
            data={agingFig?.largestOverdue ?? []}
            columns={v.overdueCols}
            aria-label={t('overview.largestOverdue')}
            loading={loading}
            error={agingError ?? undefined}
            emptyMessage={t('overview.largestOverdue.empty')}
            virtualize={false}
            maxHeight="none"
          />
        </Section>
      )}

      <Section id="overview-shortcuts" title={t('overview.shortcuts.title')}>
        {shortcuts.pinned.length || shortcuts.recent.length ? (
          <ShortcutsBar byId={shortcuts.byId} linkState={null} />
        ) : (
          <p className="overview-muted">{t('overview.shortcuts.empty')}</p>
        )}
      </Section>
    </div>
  );
}
