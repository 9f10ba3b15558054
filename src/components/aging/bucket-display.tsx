/** Labels, colours and the plain-SVG stacked bar for aging buckets. */
import { t } from '../../i18n';
import { formatMoney } from '../../domain/format';
import type { Minor } from '../../domain/types';
import './bucket-display.css';

export { bucketLabel } from '../../domain/ledger/bucket-label';

// Not yet due in green, then from light to dark as the debt gets older.
const PALETTE = ['#2e7d32', '#9bbf4c', '#e0b92b', '#e8862a', '#d1493f', '#8e1b1b', '#5a0f0f', '#3b0a0a'];

/** Colour of the i-th bucket of n (the first is "not yet due" when `firstIsNotDue`). */
export function bucketColor(i: number, n: number, firstIsNotDue: boolean): string {
  if (firstIsNotDue && i === 0) return PALETTE[0]!;
  const overdueIndex = firstIsNotDue ? i - 1 : i;
  const overdueCount = firstIsNotDue ? n - 1 : n;
  const slots = PALETTE.length - 1;
  if (overdueCount <= slots) return PALETTE[1 + Math.min(overdueIndex, slots - 1)]!;
  return PALETTE[1 + Math.round((overdueIndex / Math.max(1, overdueCount - 1)) * (slots - 1))]!;
}

export interface BarSegment {
  key: string;
  label: string;
  amount: Minor;
  color: string;
}

/**
 * One horizontal stacked bar: positive amounts only, widths relative to `scale` (the largest bar
 * on the page, so bars compare across companies). Accessible name lists every bucket.
 */
export function StackedBar({ segments, scale, name, height = 14 }: { segments: BarSegment[]; scale: Minor; name: string; height?: number }) {
  const parts = segments.map((s) => `${s.label} ${formatMoney(s.amount)}`).join(', ');
  let x = 0;
  const width = 100;
  return (
    <svg
      className="stacked-bar"
      role="img"
      aria-label={t('aging.chart.label', { name, parts })}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="none"
      width="100%"
      height={height}
    >
      <rect x={0} y={0} width={width} height={height} fill="#eef1f5" />
      {scale > 0 &&
        segments.map((s) => {
          if (s.amount <= 0) return null;
          const w = (s.amount / scale) * width;
          const rect = <rect key={s.key} x={x} y={0} width={w} height={height} fill={s.color} />;
          x += w;
          return rect;
        })}
    </svg>
  );
}
