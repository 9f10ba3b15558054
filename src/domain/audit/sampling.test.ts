/**
 * The auditor's sample (issue 47, item 2) over a hand-made population; every expected figure is worked
 * out here by hand (kuruş), per side and currency.
 */
import { describe, expect, it } from 'vitest';
import { sampleAccounts, type PopulationRow } from './sampling';

const row = (accountId: string, side: 'B' | 'A', currency: string, balance: number): PopulationRow => ({
  accountId,
  name: `Cari ${accountId}`,
  side,
  currency,
  balance,
});

// Receivables in TL: 50.000, 30.000, 15.000, 4.000, 1.000 and 0,00 TL (Σ 100.000,00 TL).
// Payables in TL: 20.000 and 5.000 TL (Σ 25.000,00 TL). Receivables in USD: 1.000 and 200 USD (Σ 1.200,00 USD).
const POP: PopulationRow[] = [
  row('A4', 'B', 'TL', 400_000),
  row('A1', 'B', 'TL', 5_000_000),
  row('P2', 'A', 'TL', 500_000),
  row('A6', 'B', 'TL', 0),
  row('U2', 'B', 'USD', 20_000),
  row('A3', 'B', 'TL', 1_500_000),
  row('A2', 'B', 'TL', 3_000_000),
  row('P1', 'A', 'TL', 2_000_000),
  row('A5', 'B', 'TL', 100_000),
  row('U1', 'B', 'USD', 100_000),
];
const ids = (r: { selected: PopulationRow[] }) => r.selected.map((x) => x.accountId);
const cov = (r: ReturnType<typeof sampleAccounts>) =>
  r.coverage.map((c) => [c.side, c.currency, c.selectedCount, c.populationCount, c.selectedSum, c.populationSum, c.sumBasisPoints]);

describe('sampling the confirmations', () => {
  it('all above a threshold (10.000,00): three receivables, one payable, no USD — coverage per side and currency', () => {
    const r = sampleAccounts(POP, { kind: 'threshold', minMinor: 1_000_000 });
    expect(ids(r)).toEqual(['P1', 'A1', 'A2', 'A3']);
    expect(cov(r)).toEqual([
      // payables TL: 20.000 of 25.000 = 80 %
      ['A', 'TL', 1, 2, 2_000_000n, 2_500_000n, 8_000],
      // receivables TL: 95.000 of 100.000 = 95 %
      ['B', 'TL', 3, 6, 9_500_000n, 10_000_000n, 9_500],
      ['B', 'USD', 0, 2, 0n, 120_000n, 0],
    ]);
  });

  it('largest first to 70 % coverage: 50.000 + 30.000 (80 %) of the receivables, 20.000 (80 %) of the payables, 1.000 USD (83,33 %)', () => {
    const r = sampleAccounts(POP, { kind: 'coverage', percent: 70 });
    expect(ids(r)).toEqual(['P1', 'A1', 'A2', 'U1']);
    expect(cov(r)).toEqual([
      ['A', 'TL', 1, 2, 2_000_000n, 2_500_000n, 8_000],
      ['B', 'TL', 2, 6, 8_000_000n, 10_000_000n, 8_000],
      ['B', 'USD', 1, 2, 100_000n, 120_000n, 8_333],
    ]);
    // 100 %: every account with a balance, the zero one not (nothing to confirm in a coverage sample).
    expect(ids(sampleAccounts(POP, { kind: 'coverage', percent: 100 }))).toEqual(['P1', 'P2', 'A1', 'A2', 'A3', 'A4', 'A5', 'U1', 'U2']);
    // Exactly 50 %: 50.000 alone reaches it.
    expect(ids(sampleAccounts(POP, { kind: 'coverage', percent: 50 })).filter((x) => x.startsWith('A'))).toEqual(['A1']);
  });

  it('stratified with a seed: one from the band under 10.000,00 and two from the band above, in each side and currency', () => {
    const r = sampleAccounts(POP, {
      kind: 'stratified',
      seed: 'BDS-505/2026',
      strata: [
        { fromMinor: 0, toMinor: 1_000_000, count: 1 },
        { fromMinor: 1_000_000, toMinor: null, count: 2 },
      ],
    });
    const receivables = r.selected.filter((x) => x.side === 'B' && x.currency === 'TL').map((x) => x.accountId);
    expect(receivables).toHaveLength(3);
    expect(receivables.filter((x) => ['A4', 'A5', 'A6'].includes(x))).toHaveLength(1);
    expect(receivables.filter((x) => ['A1', 'A2', 'A3'].includes(x))).toHaveLength(2);
    // Payables: each band has one account, both taken; USD: one of the two small ones, none above.
    expect(
      r.selected
        .filter((x) => x.side === 'A')
        .map((x) => x.accountId)
        .sort(),
    ).toEqual(['P1', 'P2']);
    expect(r.selected.filter((x) => x.currency === 'USD')).toHaveLength(1);
  });

  it('random with a printed seed is reproducible whatever order the population comes in; another seed draws otherwise', () => {
    const m = { kind: 'random' as const, seed: 'denetim-2026-12-31', count: 3 };
    const a = ids(sampleAccounts(POP, m));
    const b = ids(sampleAccounts([...POP].reverse(), m));
    expect(b).toEqual(a);
    // Three receivables in TL (of six), both payables, both USD accounts (fewer than three in those groups).
    expect(a.filter((x) => x.startsWith('A'))).toHaveLength(3);
    expect(a.filter((x) => x.startsWith('P')).sort()).toEqual(['P1', 'P2']);
    expect(a.filter((x) => x.startsWith('U')).sort()).toEqual(['U1', 'U2']);
    const draws = new Set(
      Array.from({ length: 20 }, (_, i) =>
        ids(sampleAccounts(POP, { ...m, seed: `tohum-${i}` }))
          .filter((x) => x.startsWith('A'))
          .sort()
          .join(','),
      ),
    );
    expect(draws.size).toBeGreaterThan(5);
  });

  it('each account is equally likely in a random draw: 6,000 draws of one from six land 1,000 ± 150 each', () => {
    const six = POP.filter((x) => x.side === 'B' && x.currency === 'TL');
    const hits = new Map<string, number>();
    for (let i = 0; i < 6_000; i++) {
      const [one] = sampleAccounts(six, { kind: 'random', seed: `s${i}`, count: 1 }).selected;
      hits.set(one!.accountId, (hits.get(one!.accountId) ?? 0) + 1);
    }
    expect([...hits.keys()].sort()).toEqual(['A1', 'A2', 'A3', 'A4', 'A5', 'A6']);
    for (const n of hits.values()) expect(Math.abs(n - 1_000)).toBeLessThan(150);
  });

  it('sums beyond 2^53 kuruş stay exact (BigInt), and bad methods or balances are refused, saying why', () => {
    // A balance past 2^53 kuruş cannot be a whole number here: refused, not rounded.
    expect(() => sampleAccounts([row('X1', 'B', 'TL', 2 ** 53)], { kind: 'threshold', minMinor: 0 })).toThrow(/whole, non-negative balance/);
    const many = Array.from({ length: 3 }, (_, i) => row(`Y${i}`, 'B', 'TL', 4_000_000_000_000_000));
    expect(sampleAccounts(many, { kind: 'coverage', percent: 100 }).coverage[0]!.populationSum).toBe(12_000_000_000_000_000n);
    expect(() => sampleAccounts(POP, { kind: 'coverage', percent: 0 })).toThrow(/coverage/);
    expect(() => sampleAccounts(POP, { kind: 'coverage', percent: 101 })).toThrow(/coverage/);
    expect(() => sampleAccounts(POP, { kind: 'random', seed: '', count: 2 })).toThrow(/seed/);
    expect(() => sampleAccounts(POP, { kind: 'stratified', seed: 's', strata: [{ fromMinor: 5, toMinor: 5, count: 1 }] })).toThrow(/band/);
    expect(() => sampleAccounts([row('Z', 'B', 'TL', -5)], { kind: 'threshold', minMinor: 0 })).toThrow(/non-negative/);
  });
});
