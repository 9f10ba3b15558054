/**
 * Choosing the accounts an independent auditor confirms (BDS/ISA 505 ¶7 (a): the auditor decides what is
 * confirmed; issue 47, item 2). The population is the receivables and payables as of the period end, one
 * row per account, side and currency; every method works per side (B: receivable, A: payable) and
 * currency, never netting one into another, and reports the coverage it reached (count and sum, per side
 * and currency) in exact integers (minor units summed as BigInt).
 *
 * - threshold: every account whose balance is at least the threshold (in that currency's minor units);
 * - coverage: the largest balances first, until their sum reaches the percentage of the group's sum;
 * - stratified: a number of accounts drawn at random from each balance band;
 * - random: a number of accounts drawn at random from each group.
 * A random draw is reproducible: the same seed over the same population picks the same accounts, whatever
 * the order the population came in (the draw works on the accounts sorted by id).
 */

export type Side = 'B' | 'A';

export interface PopulationRow {
  accountId: string;
  name: string;
  side: Side;
  currency: string;
  /** The balance's size in minor units (≥ 0); its side says which way. */
  balance: number;
}

export type SampleMethod =
  | { kind: 'threshold'; minMinor: number }
  | { kind: 'coverage'; percent: number }
  | { kind: 'stratified'; seed: string; strata: readonly { fromMinor: number; toMinor: number | null; count: number }[] }
  | { kind: 'random'; seed: string; count: number };

export interface Coverage {
  side: Side;
  currency: string;
  populationCount: number;
  populationSum: bigint;
  selectedCount: number;
  selectedSum: bigint;
  /** selectedSum / populationSum in basis points (rounded down; 10,000 = all of it; 0 for an empty sum). */
  sumBasisPoints: number;
}

export interface SampleResult {
  selected: PopulationRow[];
  coverage: Coverage[];
}

const byId = (a: PopulationRow, b: PopulationRow) => (a.accountId < b.accountId ? -1 : a.accountId > b.accountId ? 1 : 0);
/** Largest first; equal balances by account id (the same order every time). */
const largestFirst = (a: PopulationRow, b: PopulationRow) => b.balance - a.balance || byId(a, b);

/** FNV-1a over the seed's UTF-16 units: the PRNG's 32-bit start. */
function seedOf(seed: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** mulberry32: a small, well-spread 32-bit generator; `next(n)` is a whole number in [0, n). */
function generator(seed: string): { next(n: number): number } {
  let a = seedOf(seed);
  return {
    next(n) {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    },
  };
}

/** `count` rows drawn without replacement (a partial Fisher–Yates over the rows sorted by id). */
function draw(rows: readonly PopulationRow[], count: number, rng: { next(n: number): number }): PopulationRow[] {
  const pool = [...rows].sort(byId);
  const k = Math.min(count, pool.length);
  for (let i = 0; i < k; i++) {
    const j = i + rng.next(pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

function groups(population: readonly PopulationRow[]): Map<string, PopulationRow[]> {
  const out = new Map<string, PopulationRow[]>();
  for (const r of population) {
    if (!Number.isSafeInteger(r.balance) || r.balance < 0) throw new Error(`sampling: ${r.accountId} has no whole, non-negative balance`);
    const key = `${r.side}\u0000${r.currency}`;
    const list = out.get(key);
    if (list) list.push(r);
    else out.set(key, [r]);
  }
  return out;
}

function checkMethod(m: SampleMethod): void {
  const whole = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (m.kind === 'threshold' && !whole(m.minMinor)) throw new Error('sampling: the threshold must be a whole amount ≥ 0');
  if (m.kind === 'coverage' && !(Number.isFinite(m.percent) && m.percent > 0 && m.percent <= 100))
    throw new Error('sampling: the coverage must be above 0 and at most 100 percent');
  if (m.kind === 'random' && !whole(m.count)) throw new Error('sampling: the number of accounts must be a whole number ≥ 0');
  if ((m.kind === 'random' || m.kind === 'stratified') && !m.seed) throw new Error('sampling: a random draw needs a seed');
  if (m.kind === 'stratified') {
    for (const s of m.strata) {
      if (!whole(s.fromMinor) || (s.toMinor !== null && (!whole(s.toMinor) || s.toMinor <= s.fromMinor)) || !whole(s.count)) {
        throw new Error('sampling: each band needs whole amounts (from < to) and a whole number of accounts');
      }
    }
  }
}

/** The sample of one group (one side, one currency). */
function sampleGroup(rows: readonly PopulationRow[], m: SampleMethod, key: string): PopulationRow[] {
  switch (m.kind) {
    case 'threshold':
      return rows.filter((r) => r.balance > 0 && r.balance >= m.minMinor).sort(largestFirst);
    case 'coverage': {
      const total = rows.reduce((s, r) => s + BigInt(r.balance), 0n);
      // Reached when selected × 10,000 ≥ total × percent × 100 (the percent to two decimals, exact).
      const goal = total * BigInt(Math.round(m.percent * 100));
      const out: PopulationRow[] = [];
      let sum = 0n;
      for (const r of [...rows].sort(largestFirst)) {
        if (sum * 10_000n >= goal || r.balance === 0) break;
        out.push(r);
        sum += BigInt(r.balance);
      }
      return out;
    }
    case 'random':
      // Each group draws from its own stream (the seed with the group's key): adding a currency does not change another's draw.
      return draw(rows, m.count, generator(`${m.seed}\u0000${key}`));
    case 'stratified':
      return m.strata.flatMap((s, i) =>
        draw(
          rows.filter((r) => r.balance >= s.fromMinor && (s.toMinor === null || r.balance < s.toMinor)),
          s.count,
          generator(`${m.seed}\u0000${key}\u0000${i}`),
        ),
      );
  }
}

export function sampleAccounts(population: readonly PopulationRow[], m: SampleMethod): SampleResult {
  checkMethod(m);
  const selected: PopulationRow[] = [];
  const coverage: Coverage[] = [];
  const all = [...groups(population)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, rows] of all) {
    const picked = sampleGroup(rows, m, key);
    selected.push(...picked);
    const populationSum = rows.reduce((s, r) => s + BigInt(r.balance), 0n);
    const selectedSum = picked.reduce((s, r) => s + BigInt(r.balance), 0n);
    coverage.push({
      side: rows[0]!.side,
      currency: rows[0]!.currency,
      populationCount: rows.length,
      populationSum,
      selectedCount: picked.length,
      selectedSum,
      sumBasisPoints: populationSum === 0n ? 0 : Number((selectedSum * 10_000n) / populationSum),
    });
  }
  return { selected, coverage };
}
