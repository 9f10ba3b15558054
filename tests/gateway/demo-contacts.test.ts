// @vitest shared-modules
/**
 * The demo's mutabakat addresses (server/app/index.ts): a new user's first start fills an address for
 * every account but each tenth, so a campaign can be sent at once and "adres yok" is seen too; an address
 * typed meanwhile is kept as typed; a server closed while the ERP's account list is still coming
 * writes none and logs nothing (it used to fail its inserts on the closed database and say so).
 */
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { upstreamSource, type ErpSource } from '../../server/app/erp';
import { getDataset } from '../../server/demo-erp/index';
import { contacts } from '../../server/db/schema';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) await h.close();
});

/** The demo ERP over HTTP (the harness's), its account list held back until `release()`; `delivered` once it is handed over. */
function heldErp(): { erp: ErpSource; connect: (h: Harness) => void; release: () => void; delivered: Promise<void> } {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let deliver!: () => void;
  const delivered = new Promise<void>((r) => (deliver = r));
  let real: ErpSource | null = null;
  const ready = () => {
    if (!real) throw new Error('the ERP is not connected yet');
    return real;
  };
  return {
    erp: {
      accounts: async () => {
        await gate;
        const list = await ready().accounts();
        deliver();
        return list;
      },
      accountsRaw: () => ready().accountsRaw!(),
      statement: (id) => ready().statement(id),
      statementRaw: (id) => ready().statementRaw!(id),
    } as ErpSource,
    connect: (h) => void (real = upstreamSource(h.upstream)),
    release,
    delivered,
  };
}

/** Every account but each tenth (the 10th, 20th … in the ERP's order), at most 5,000. */
const accounts = getDataset().accounts;
const FILLED = Math.min(5000, accounts.length - Math.floor(accounts.length / 10));

async function addresses(h: Harness): Promise<Map<string, string[]>> {
  const rows = await (await h.mut.ctx()).db.select({ id: contacts.accountId, to: contacts.to }).from(contacts);
  return new Map(rows.map((r) => [r.id, r.to]));
}

/** The addresses once the demo's list is in (written in one transaction: all at once). */
async function filled(h: Harness): Promise<Map<string, string[]>> {
  let got = new Map<string, string[]>();
  await vi.waitFor(
    async () => {
      got = await addresses(h);
      expect(got.size).toBeGreaterThan(1);
    },
    { timeout: 5000, interval: 25 },
  );
  return got;
}

describe('demo addresses', () => {
  it('a first start fills an address for every account but each tenth, at most 5,000', async () => {
    const h = await mutabakatHarness({ seedDemo: true });
    open.push(h);
    const got = await filled(h);
    // Of the first 100 accounts (the ERP's order), the 10th, 20th … 100th have none: 90 addresses.
    const first = accounts.slice(0, 100);
    expect(first.filter((a) => got.has(a.id))).toHaveLength(90);
    expect(got.get(accounts[0]!.id)).toEqual([`muhasebe.${accounts[0]!.id}@demo.example`]);
    expect(got.has(accounts[9]!.id)).toBe(false);
    expect(got.has(accounts[10]!.id)).toBe(true);
    expect(got.size).toBe(FILLED);
  });

  it('an address typed while the demo fills its list is kept as typed', async () => {
    const held = heldErp();
    const h = await mutabakatHarness({ seedDemo: true, erp: held.erp });
    open.push(h);
    held.connect(h);
    const typed = ['"Ayşe Öztürk" <ayse+mutabakat@örnek-ltd.example>'];
    await (
      await h.mut.ctx()
    ).db
      .insert(contacts)
      .values({ accountId: accounts[0]!.id, to: typed, cc: [], person: 'Ayşe', updatedAt: new Date(), updatedBy: 'test' });
    held.release();
    const got = await filled(h);
    expect(got.get(accounts[0]!.id)).toEqual(typed);
    expect(got.get(accounts[1]!.id)).toEqual([`muhasebe.${accounts[1]!.id}@demo.example`]);
    expect(got.size).toBe(FILLED);
  });

  it('a server closed while the account list comes writes no address and logs nothing', async () => {
    const held = heldErp();
    const lines: string[] = [];
    const h = await mutabakatHarness({ seedDemo: true, erp: held.erp, log: (l: string) => void lines.push(l) });
    open.push(h);
    held.connect(h);
    // The harness's database outlives the server (it goes back to the pool): read it after the close.
    const d = (await h.mut.ctx()).d;
    await h.mut.close();
    held.release();
    // The list handed over, then time for the writes the old code made at this point (under 300 ms).
    await held.delivered;
    await new Promise((r) => setTimeout(r, 300));
    expect((await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM contacts`))[0]!.n).toBe(0);
    expect(lines.filter((l) => l.includes('demo contacts'))).toEqual([]);
  });
});
