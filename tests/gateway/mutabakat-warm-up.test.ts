// @vitest shared-modules
/**
 * The start-up warm-up (server/mutabakat/warm-up.ts): made-up letters prepared through a campaign's own
 * code, every one rolled back. It must leave nothing an auditor could see — no row, no event, no gap in
 * an id — and must not get in the way of a campaign started meanwhile or of a server closing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppCtx } from '../../server/app/context';
import { resolveAppSettings } from '../../server/app/settings';
import { upstreamSource } from '../../server/app/erp';
import { warmUpCampaigns } from '../../server/mutabakat/warm-up';
import { letterCampaign, mutabakatHarness } from './mutabakat-harness';

const ASOF = '2026-06-30';

/** Every table of ours: its rows (a digest of their text) and count; every sequence's state. */
async function stateOf(ctx: AppCtx) {
  const tables = await ctx.d.rows<{ t: string }>(
    sql`SELECT format('%I.%I', table_schema, table_name) AS t FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema') AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const out: Record<string, string> = {};
  for (const { t } of tables) {
    const [r] = await ctx.d.rows<{ n: number; digest: string | null }>(
      sql.raw(`SELECT count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS digest FROM ${t} x`),
    );
    out[t] = `${r!.n} ${r!.digest ?? '-'}`;
  }
  const seqs = await ctx.d.rows<{ s: string }>(sql`SELECT format('%I.%I', schemaname, sequencename) AS s FROM pg_sequences ORDER BY 1`);
  for (const { s } of seqs) {
    const [r] = await ctx.d.rows<{ v: string; c: boolean }>(sql.raw(`SELECT last_value::text AS v, is_called AS c FROM ${s}`));
    out[`sequence ${s}`] = `${r!.v} ${r!.c}`;
  }
  return out;
}

describe('mutabakat warm-up at start', () => {
  it(
    'prepares 200 made-up letters through the campaign code and leaves every table and sequence as it was; the next event follows the last',
    { timeout: 120_000 },
    async () => {
      const h = await mutabakatHarness();
      try {
        // A real campaign first: the tables and the sequences have something to keep.
        await letterCampaign(h, ['1006', '1047'], ASOF);
        const ctx = await h.mut.ctx();
        const before = await stateOf(ctx);
        expect(Object.keys(before).some((k) => k.startsWith('sequence '))).toBe(true);
        expect(before['public.events']).toMatch(/^[1-9]\d* /);
        const [last] = await ctx.d.rows<{ id: number }>(sql`SELECT max(id)::int AS id FROM events`);

        // 8 chunks of 25: each letter's statement read, its PDF built and saved, then rolled back.
        expect(await warmUpCampaigns(ctx)).toBe(200);
        expect(await stateOf(ctx)).toEqual(before);

        // The next campaign's first event takes the id after the last one: the warm-up left no gap.
        const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1058'], asOf: ASOF, deadline: '2026-12-31' } });
        expect(r.status).toBe(201);
        const [next] = await ctx.d.rows<{ id: number; type: string }>(sql`SELECT id::int AS id, type FROM events WHERE id > ${last!.id} ORDER BY id LIMIT 1`);
        expect(next).toEqual({ id: last!.id + 1, type: 'created' });
      } finally {
        await h.close();
      }
    },
  );

  it(
    'a chunk that fails (the statements cannot be read) is rolled back with its sequences too, and the warm-up says why it stopped',
    { timeout: 120_000 },
    async () => {
      const lines: string[] = [];
      const h = await mutabakatHarness({ log: (l) => void lines.push(l) });
      try {
        await letterCampaign(h, ['1006'], ASOF);
        const ctx = await h.mut.ctx();
        const before = await stateOf(ctx);
        const failing = { ...upstreamSource(h.upstream), statementRaw: () => Promise.reject(new Error('ERP kapalı')) };
        expect(await warmUpCampaigns(ctx, { source: { source: failing, ids: ['1006', '1047'] } })).toBe(0);
        expect(await stateOf(ctx)).toEqual(before);
        expect(lines.filter((l) => l.includes('warm-up'))).toEqual([
          'mutabakat: start-up warm-up stopped, nothing of it kept (25 mektup hazırlanamadı (ERP); yeniden denenecek)',
        ]);
      } finally {
        await h.close();
      }
    },
  );

  it('a campaign created while it runs is prepared and sent as usual, and only its letters remain', { timeout: 120_000 }, async () => {
    const h = await mutabakatHarness();
    try {
      const ctx = await h.mut.ctx();
      // Two chunks (the 200 of a start are the first test's): the campaign's calls come while the first is in hand.
      const warming = warmUpCampaigns(ctx, { count: 50 });
      const c = await letterCampaign(h, ['1006', '1047', '1058'], ASOF);
      expect(await warming).toBe(50);
      const board = await c.board();
      expect(board.letters.map((l) => l.accountId).sort()).toEqual(['1006', '1047', '1058']);
      const rows = await ctx.d.rows<{ campaigns: number; letters: number; sent: number }>(
        sql`SELECT (SELECT count(*)::int FROM campaigns) AS campaigns, (SELECT count(*)::int FROM letters) AS letters, (SELECT count(*)::int FROM letters WHERE state = 'sent') AS sent`,
      );
      expect(rows[0]).toEqual({ campaigns: 1, letters: 3, sent: 3 });
    } finally {
      await h.close();
    }
  });

  it(
    'runs at start with the job worker when the setting is on, says so, and a server closed right after its start leaves nothing and logs no failure',
    { timeout: 120_000 },
    async () => {
      const lines: string[] = [];
      const h = await mutabakatHarness({ runWorker: true, settings: { warmUp: true }, log: (l) => void lines.push(l) });
      const ctx = await h.mut.ctx();
      try {
        await expect
          .poll(() => lines.find((l) => l.includes('made-up letters')), { timeout: 90_000, interval: 100 })
          .toMatch(/^mutabakat: a campaign's code compiled at start \(200 made-up letters prepared, rolled back\) in \d+ ms$/);
        const [n] = await ctx.d.rows<{ n: number }>(
          sql`SELECT (SELECT count(*) FROM letters) + (SELECT count(*) FROM campaigns) + (SELECT count(*) FROM jobs WHERE kind = 'prepare')::int AS n`,
        );
        expect(Number(n!.n)).toBe(0);
      } finally {
        await h.close();
      }

      // Closed while it runs: close() returns once the chunk in hand is rolled back; nothing is logged as a failure.
      const lines2: string[] = [];
      const h2 = await mutabakatHarness({ runWorker: true, settings: { warmUp: true }, log: (l) => void lines2.push(l) });
      const ctx2 = await h2.mut.ctx();
      await h2.mut.close();
      const [n2] = await ctx2.d.rows<{ n: number }>(sql`SELECT ((SELECT count(*) FROM letters) + (SELECT count(*) FROM campaigns))::int AS n`);
      await h2.close();
      expect(n2!.n).toBe(0);
      expect(lines2.filter((l) => /warm-up|made-up/.test(l))).toEqual([]);
    },
  );

  it('does not run on PostgreSQL, and MUTABAKAT_WARMUP=0 turns it off', async () => {
    const untouched = new Proxy(
      {},
      {
        get: () => {
          throw new Error('the database was used');
        },
      },
    );
    expect(await warmUpCampaigns({ d: { kind: 'postgres' }, db: untouched } as unknown as AppCtx)).toBe(0);
    const at = { demo: true, cwd: '/tmp', host: '127.0.0.1', port: 1 };
    expect(resolveAppSettings({}, at, []).warmUp).toBe(true);
    expect(resolveAppSettings({ MUTABAKAT_WARMUP: '0' }, at, []).warmUp).toBe(false);
    expect(resolveAppSettings({ MUTABAKAT_WARMUP: 'off' }, at, []).warmUp).toBe(false);
  });
});
