/** One side's bucket totals, overdue and total (receivables B or payables A), with its row count. */
import { BalanceText } from '../../components/balance';
import { bucketColor, bucketLabel, StackedBar, type BarSegment } from '../../components/aging/bucket-display';
import type { AgingLayout, SideFigures } from '../../domain/aging-buckets';
import { formatCount } from '../../domain/format';
import { t } from '../../i18n';
import { positiveSum } from './aging-columns';

export function SideSummary({ fig, layout, single }: { fig: SideFigures; layout: AgingLayout; single: boolean }) {
  const segments: BarSegment[] = layout.buckets.map((b, i) => ({
    key: b.key,
    label: bucketLabel(b),
    amount: Math.abs(fig.bucketTotals[i] ?? 0),
    color: bucketColor(i, layout.buckets.length, layout.buckets[0]?.notDue ?? false),
  }));
  const title = single ? t('aging.summary.title') : t('aging.summary.titleSide', { side: t(fig.side === 'B' ? 'aging.side.B' : 'aging.side.A') });
  const suffix = single ? '' : `-${fig.side}`;
  return (
    <section className="aging-summary" aria-label={title}>
      <h2>{title}</h2>
      <p className="aging-summary__count" data-testid={`aging-count${suffix}`}>
        {t('aging.summary.count', { count: formatCount(fig.rows.length), overdue: formatCount(fig.overdueCount) })}
      </p>
      <StackedBar segments={segments} scale={positiveSum(segments)} name={title} height={22} />
      <dl className="aging-summary__list">
        {layout.buckets.map((b, i) => (
          <div key={b.key} className="aging-summary__item">
            <dt>
              <span className="aging-legend__swatch" style={{ background: segments[i]!.color }} aria-hidden="true" />
              {segments[i]!.label}
            </dt>
            <dd className="num">
              <BalanceText minor={fig.bucketTotals[i] ?? 0} />
            </dd>
          </div>
        ))}
        <div className="aging-summary__item aging-summary__item--total">
          <dt>{t(fig.side === 'B' ? 'aging.summary.overdueB' : 'aging.summary.overdueA')}</dt>
          <dd className="num" data-testid={`aging-overdue${suffix}`}>
            <BalanceText minor={fig.overdue} />
          </dd>
        </div>
        <div className="aging-summary__item aging-summary__item--total">
          <dt>{t('aging.summary.total')}</dt>
          <dd className="num" data-testid={`aging-total${suffix}`}>
            <BalanceText minor={fig.total} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The summaries over the rows shown: one per side, or one when a side is chosen; a note when the ERP sent no buckets. */
export function AgingSummaries({ summaries, layout, single }: { summaries: SideFigures[]; layout: AgingLayout; single: boolean }) {
  if (layout.buckets.length === 0) {
    return (
      <section className="aging-summary" aria-label={t('aging.summary.title')}>
        <p className="notice">{t('aging.summary.noBuckets')}</p>
      </section>
    );
  }
  return (
    <div className="aging-summaries">
      {summaries.map((fig) => (
        <SideSummary key={fig.side} fig={fig} layout={layout} single={single} />
      ))}
    </div>
  );
}
