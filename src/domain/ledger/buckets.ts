/** Aging buckets of the open-item engine (rule 5 in index.ts). */
import type { Minor } from '../types';

export const DEFAULT_EDGES: readonly number[] = [30, 60, 90, 120];

export interface AgingBucket {
  /** 'notDue' or 'b0', 'b1', … (b0 = "0–30": 1 to 30 days past due, the ERP's "0-30 Gün"). */
  key: string;
  /** Inclusive day range; `to` null = open-ended; both null = not yet due. */
  from: number | null;
  to: number | null;
  /** Open amount in the bucket, a magnitude on the result's side (see `sign`). */
  amount: Minor;
}

/** Sanitises bucket edges: positive whole numbers, ascending, unique; falls back to the default. */
export function normalizeEdges(edges: readonly number[] | undefined): number[] {
  const clean = [...new Set((edges ?? []).filter((e) => Number.isInteger(e) && e > 0))].sort((a, b) => a - b);
  return clean.length ? clean : [...DEFAULT_EDGES];
}

/** "30,60,90" → [30, 60, 90]; anything unreadable → default edges. */
export function parseEdges(text: string | null | undefined): number[] {
  if (!text) return [...DEFAULT_EDGES];
  return normalizeEdges(
    text
      .split(/[,;\s]+/)
      .filter(Boolean)
      .map(Number),
  );
}

export function emptyBuckets(edges: readonly number[]): AgingBucket[] {
  const buckets: AgingBucket[] = [{ key: 'notDue', from: null, to: null, amount: 0 }];
  let from = 0;
  edges.forEach((edge, i) => {
    buckets.push({ key: `b${i}`, from, to: edge, amount: 0 });
    from = edge + 1;
  });
  buckets.push({ key: `b${edges.length}`, from, to: null, amount: 0 });
  return buckets;
}

/** Bucket key for a number of days past the basis date. */
export function bucketKeyForDays(days: number, edges: readonly number[]): string {
  if (days <= 0) return 'notDue';
  for (let i = 0; i < edges.length; i++) if (days <= edges[i]!) return `b${i}`;
  return `b${edges.length}`;
}
