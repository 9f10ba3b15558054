// @vitest shared-modules
/**
 * A large ERP's worklist (more accounts with a balance than TAHSILAT_FULL_READ_LIMIT): built from the
 * ERP's aging answer — one get_yaslandirma call says who is overdue — with statements read only for
 * the first rows and the customers with promises. Set here at 10 accounts on the small demo; the
 * figures are worked from the dataset with a FIFO written here (not the engine).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { disabledTransport } from '../../server/mail/transport';
import { FIRST_ROWS } from '../../server/tahsilat/worklist';
import type { DemoErp } from '../../server/demo-erp/index';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

let h: Harness;
beforeAll(async () => {
  process.env.TAHSILAT_FULL_READ_LIMIT = '10';
  h = await mutabakatHarness({ transport: disabledTransport(), settings: { demo: false } });
}, 60_000);
afterAll(async () => {
  delete process.env.TAHSILAT_FULL_READ_LIMIT;
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  // The demo ERP's aging is made on its own day (15.11.2026): the worklist's day is the same.
  h.clock.now = new Date('2026-11-15T09:00:00Z');
});

const DAY = 86_400_000;
/** FIFO by due date in TL: overdue total and the oldest open item's days (as in tahsilat-flow.test.ts). */
function handAging(erp: DemoErp, id: string, asOf: string): { overdue: number; oldest: number } | null {
  const a = erp.dataset.accountById.get(id)!;
  const lines = a.lines.filter((l) => l.date <= asOf);
  let pool = lines.reduce((s, l) => s + l.credit, 0);
  const debits = lines
    .filter((l) => l.debit > 0)
    .map((l) => ({ due: l.dueDate ?? l.date, left: l.debit }))
    .sort((x, y) => (x.due < y.due ? -1 : x.due > y.due ? 1 : 0));
  if (debits.reduce((s, d) => s + d.left, 0) <= pool) return null;
  let overdue = 0;
  let oldest = 0;
  for (const d of debits) {
    const take = Math.min(pool, d.left);
    pool -= take;
    const late = Math.round((Date.parse(asOf) - Date.parse(d.due)) / DAY);
    if (d.left - take > 0 && late > 0) {
      overdue += d.left - take;
      oldest = Math.max(oldest, late);
    }
  }
  return overdue > 0 ? { overdue, oldest } : null;
}

interface Row {
  accountId: string;
  overdue: { currency: string; overdue: number; oldestDays: number; estimated?: boolean }[];
  oldestDays: number;
}

describe('the worklist of a large ERP', () => {
  it('one aging call lists the overdue customers; only the first rows’ statements are read, and their figures are the statement’s', async () => {
    const before = h.erp.requests.length;
    const wl = (await (await h.api('/api/tahsilat/worklist?view=all&refresh=1')).json()) as { rows: Row[]; total: number };
    const calls = h.erp.requests.slice(before).map((r) => r.operation);
    expect(calls.filter((o) => o === 'get_yaslandirma')).toHaveLength(1);
    expect(calls.filter((o) => o === 'get_cari')).toHaveLength(0);
    expect(calls.filter((o) => o === 'get_cari_extre')).toHaveLength(FIRST_ROWS);
    // TL customers overdue by the hand FIFO (foreign-currency accounts: the aging is in TL, so they are here too).
    const tlOverdue = h.erp.dataset.accounts.filter((a) => !a.currency && handAging(h.erp, a.id, '2026-11-15'));
    const listed = new Set(wl.rows.map((r) => r.accountId));
    for (const a of tlOverdue) expect(listed.has(a.id)).toBe(true);
    expect(wl.total).toBe(wl.rows.length);
    // The first rows: exact, from the statement (per currency); a TL one matches the hand FIFO.
    const first = wl.rows.slice(0, FIRST_ROWS);
    expect(first.every((r) => r.overdue.every((c) => !c.estimated))).toBe(true);
    const tlFirst = first.find((r) => !h.erp.dataset.accountById.get(r.accountId)!.currency)!;
    const e = handAging(h.erp, tlFirst.accountId, '2026-11-15')!;
    expect(tlFirst.overdue).toEqual([expect.objectContaining({ currency: 'TL', overdue: e.overdue, oldestDays: e.oldest })]);
    // The rest: the aging's estimate (TL, the oldest bucket's first day), marked so.
    const rest = wl.rows.slice(FIRST_ROWS);
    expect(rest.length).toBeGreaterThan(0);
    expect(rest.every((r) => r.overdue.every((c) => c.estimated === true && c.currency === 'TL'))).toBe(true);
    // A TL one: the aging's overdue sum is the hand FIFO's.
    const tlRest = rest.find((r) => !h.erp.dataset.accountById.get(r.accountId)!.currency)!;
    expect(tlRest.overdue[0]!.overdue).toBe(handAging(h.erp, tlRest.accountId, '2026-11-15')!.overdue);
    // A second look within the snapshot's life reads nothing more from the ERP.
    const mark = h.erp.requests.length;
    await h.api('/api/tahsilat/worklist?view=all');
    expect(h.erp.requests.length).toBe(mark);
  }, 60_000);
});
