/** Özet's presentational parts: a figure card, a section, the headline figures and the aging sections. */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import { BalanceText } from '../../components/balance';
import { ErrorState, Loading } from '../../components/feedback';
import { t } from '../../i18n';
import { formatCount, formatMoney } from '../../domain/format';
import type { OverviewAgingFigures } from '../../domain/overview-summary';
import type { OverviewView } from './use-overview';

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

export function Section({ id, title, link, children }: { id: string; title: string; link?: { to: string; text: string }; children: ReactNode }) {
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

/** The headline figures: each answer's as soon as it is in (the list's and the aging's do not wait for each other). */
export function OverviewFigures({ figures, agingFig, payFig, hasBuckets }: Pick<OverviewView, 'figures' | 'agingFig' | 'payFig' | 'hasBuckets'>) {
  const aging = hasBuckets && !!agingFig && !!payFig;
  if (!figures && !aging) return null;
  const money = (minor: number) => (figures?.overflow ? t('accounts.totals.overflowShort') : <BalanceText minor={minor} />);
  return (
    <div className="overview-figures">
      {figures && (
        <>
          <Figure
            to={OVERVIEW_LINKS.receivables}
            testId="overview-receivables"
            label={t('overview.receivables')}
            value={money(figures.receivables)}
            sub={t('overview.count', { count: formatCount(figures.debtorCount) })}
          />
          <Figure
            to={OVERVIEW_LINKS.payables}
            testId="overview-payables"
            label={t('overview.payables')}
            value={money(-figures.payables)}
            sub={t('overview.count', { count: formatCount(figures.creditorCount) })}
          />
          <Figure to={OVERVIEW_LINKS.net} testId="overview-net" label={t('overview.net')} value={money(figures.net)} sub={t('overview.allAccounts')} />
        </>
      )}
      {aging && (
        <>
          <Figure
            to={OVERVIEW_LINKS.overdue}
            testId="overview-overdue"
            label={t('overview.overdue')}
            value={<BalanceText minor={agingFig.overdue} />}
            sub={t('overview.count', { count: formatCount(agingFig.overdueCount) })}
          />
          <Figure
            to={OVERVIEW_LINKS.overduePayables}
            testId="overview-overdue-payables"
            label={t('overview.overduePayables')}
            value={<BalanceText minor={payFig.overdue} />}
            sub={t('overview.count', { count: formatCount(payFig.overdueCount) })}
          />
        </>
      )}
    </div>
  );
}

/** One side's aging: the stacked bar and its buckets, each a link to the aging rows behind it. */
export function AgingSection(props: {
  id: string;
  title: string;
  fig: OverviewAgingFigures | null;
  segments: BarSegment[];
  to: string;
  bucketHref: (key: string) => string;
  totalId: string;
  view: Pick<OverviewView, 'loading' | 'agingError' | 'retry' | 'hasBuckets'>;
}) {
  const { id, title, fig, segments, to, bucketHref, totalId } = props;
  const { loading, agingError, retry, hasBuckets } = props.view;
  return (
    <Section id={id} title={title} link={{ to, text: t('overview.aging.open') }}>
      {loading && <Loading />}
      {agingError && <ErrorState title={t('overview.aging.error')} error={agingError} onRetry={retry} />}
      {fig && !hasBuckets && <p className="notice">{t('overview.aging.noBuckets')}</p>}
      {fig && hasBuckets && (
        <>
          <StackedBar segments={segments} scale={segments.reduce((x, seg) => x + seg.amount, 0)} name={title} height={24} />
          <ul className="overview-buckets">
            {segments.map((sg) => (
              <li key={sg.key}>
                <Link
                  to={bucketHref(sg.key)}
                  className="overview-bucket"
                  aria-label={t('overview.aging.bucketLink', { label: sg.label, amount: formatMoney(sg.amount) })}
                >
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
  );
}
