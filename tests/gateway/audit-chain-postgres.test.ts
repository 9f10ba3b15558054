// @vitest shared-modules waits
/**
 * The engagement's evidence chain on a real PostgreSQL 15 (Debian's server, started by the test), written
 * by two instances at once (two connection pools, ten connections each): every event of the engagement
 * gets its own position, the previous hash and its own, whichever instance and connection wrote it; a
 * transaction that rolls back leaves no gap; another campaign's events stay outside the chain; the chain
 * verifies from its first event, and an event written past the trigger is named.
 */
import { execFile } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/open';
import { appendEvents } from '../../server/mutabakat/events';
import { GENESIS } from '../../server/audit/chain';
import { readChain, verifyEngagement } from '../../server/audit/evidence';
import { startPostgres, type TempPostgres } from './pg-harness';
import { nodeArgsFor } from '../harness/built-entry';

let pg: TempPostgres;
let a: Database;
let b: Database;

beforeAll(async () => {
  pg = await startPostgres();
  // Both instances start at once: the migrations run once, under their lock.
  [a, b] = await Promise.all([openDatabase({ databaseUrl: pg.url, log: () => undefined }), openDatabase({ databaseUrl: pg.url, log: () => undefined })]);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  pg?.stop();
});

const ENG = 'den-2f1c7a9e-0000-4000-8000-000000000001';

/** `npm run evidence:verify -- <id>` as an operator runs it: its output and exit code. */
const cli = (id: string) =>
  new Promise<{ code: number; out: string }>((ok) => {
    execFile(
      process.execPath,
      [...nodeArgsFor('evidence-cli', 'server/audit/evidence-cli.ts'), id],
      { env: { ...process.env, DATABASE_URL: pg.url } },
      (e, stdout, stderr) => ok({ code: e ? Number((e as { code?: number }).code ?? 1) : 0, out: `${stdout}${stderr}` }),
    );
  });

describe('the chain on PostgreSQL, two instances writing', () => {
  it('200 events from two pools at once, with rolled-back ones and another campaign between: one unbroken chain of exactly the committed ones', async () => {
    await a.rows(sql`INSERT INTO audit_chains (campaign_id, seq, head) VALUES (${ENG}, 0, ${GENESIS})`);
    const at = new Date('2026-12-05T10:00:00.123Z');
    const write = (d: Database, i: number) =>
      d.db
        .transaction(async (tx) => {
          await appendEvents(tx, at, [
            {
              campaignId: ENG,
              letterId: `l-${i}`,
              accountId: String(1000 + i),
              type: 'opened',
              detail: { ip: '203.0.113.7', n: i, name: 'Çağlar & Öz "Ltd" %+' },
            },
            // A company campaign's event in the same transaction: not part of the chain.
            { campaignId: 'c-company', type: 'note', detail: { n: i } },
          ]);
          // Every tenth rolls back after writing: its position must not be taken.
          if (i % 10 === 0) throw new Error('rolled back');
        })
        .catch((e: Error) => {
          if (e.message !== 'rolled back') throw e;
        });
    await Promise.all(Array.from({ length: 200 }, (_, i) => write(i % 2 ? a : b, i)));

    const chain = await readChain(b, ENG);
    expect(chain).toHaveLength(180);
    expect(chain.map((e) => e.seq)).toEqual(Array.from({ length: 180 }, (_, i) => i + 1));
    expect(new Set(chain.map((e) => e.letterId)).size).toBe(180);
    expect(chain.some((e) => Number(e.letterId!.slice(2)) % 10 === 0)).toBe(false);
    const v = await verifyEngagement(a, ENG);
    expect(v).toMatchObject({ ok: true, events: 180 });
    await a.rows(sql`INSERT INTO engagements (id, firm, engagement_no, period_end, auditor_email, auditor_name, scope, valid_until, authorised_by, authorised_by_name, authorised_at)
      VALUES (${ENG}, 'Güven Denetim A.Ş.', 'BD-2026/17', '2026-06-30', 'd@denetim.example', 'D', '{"sides":["B"],"accountIds":null}', now() + interval '1 day', 'muhasebe', 'M', now())`);
    const intact = await cli(ENG);
    expect(intact.code).toBe(0);
    expect(intact.out).toContain('Güven Denetim A.Ş. — BD-2026/17: Kanıt zinciri sağlam: 180 olay');
    const [company] = await a.rows<{ n: number; chained: number }>(
      sql`SELECT count(*)::int AS n, count(seq)::int AS chained FROM events WHERE campaign_id = 'c-company'`,
    );
    expect(company).toEqual({ n: 180, chained: 0 });

    // An event slipped in with the chain's trigger off: verification names it.
    await a.rows(sql`ALTER TABLE events DISABLE TRIGGER events_chain`);
    await a.rows(sql`INSERT INTO events (at, campaign_id, type, detail) VALUES (now(), ${ENG}, 'answered', '{"kind":"agreed"}')`);
    await a.rows(sql`ALTER TABLE events ENABLE TRIGGER events_chain`);
    const broken = await verifyEngagement(b, ENG);
    expect(broken).toMatchObject({ ok: false, brokenAt: 181, reason: 'sequence' });
    expect(broken.text).toBe('Kanıt zinciri 181. olayda kırık: bir olay eksik ya da fazla.');
    const named = await cli(ENG);
    expect(named.code).toBe(1);
    expect(named.out).toContain('Kanıt zinciri 181. olayda kırık');
    expect((await cli('den-yok')).code).toBe(2);
  }, 60_000);
});
