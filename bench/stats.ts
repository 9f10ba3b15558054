/** Small statistics helpers for the benchmark (Node only). */

export type Unit = 'ms' | 'KB' | 'MB' | 'x';

export interface Figure {
  median: number;
  min: number;
  max: number;
  unit: Unit;
}

const round = (n: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
};

/** Median of an odd or even sample (mean of the two middle values). */
export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

/** Nearest-rank percentile (p in 0..100): the smallest value with at least p% of the sample at or below it. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * s.length));
  return s[rank - 1] as number;
}

export function figure(values: readonly number[], unit: Unit, digits = 1): Figure {
  if (values.length === 0) throw new Error('figure: no samples');
  return { median: round(median(values), digits), min: round(Math.min(...values), digits), max: round(Math.max(...values), digits), unit };
}
