/**
 * The open-item engine (src/domain/ledger/) against the demo ERP's own aging (agingOf in
 * server/demo-erp/dataset.ts, an independent implementation): same buckets, signed like the ERP's.
 */
import { describe, expect, it } from 'vitest';
import { agingOf, getDataset } from '../../server/demo-erp';
import { openItems } from '../../src/domain/ledger';

const amounts = (r: ReturnType<typeof openItems>) => Object.fromEntries(r.buckets.map((b) => [b.key, b.amount]));

describe('open items like the ERP’s aging', () => {
  it('the supplier 1008 of the demo ERP: 369.450,61 / 109.096,71 / 13.906,26 A in 0–30 / 31–60 / 61–90, like the ERP', () => {
    const ds = getDataset();
    const acc = ds.accounts.find((a) => a.id === '1008')!;
    const lines = acc.lines.map((l, index) => ({ ...l, index, invalid: {} }));
    const r = openItems(lines, { asOf: ds.today });
    expect(r.side).toBe('credit');
    expect(amounts(r)).toMatchObject({ b0: 36945061, b1: 10909671, b2: 1390626 });
    expect(r.openTotal).toBe(49245358); // 492.453,58 A
  });

  it('every account of the demo ERP ages like the ERP’s own aging (signed buckets)', () => {
    const ds = getDataset();
    const keys = ['notDue', 'd0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'] as const;
    for (const acc of ds.accounts.slice(0, 400)) {
      const erp = agingOf(acc.lines, ds.today);
      const r = openItems(
        acc.lines.map((l, index) => ({ ...l, index, invalid: {} })),
        { asOf: ds.today },
      );
      const ours = r.buckets.map((b) => b.amount * r.sign || 0);
      expect([acc.id, ...ours]).toEqual([acc.id, ...keys.map((k) => erp.buckets[k] || 0)]);
    }
  });
});
