// @vitest shared-modules long
/**
 * The reply page over real HTTP (127.0.0.1, a free port), its client address taken as production
 * takes it (server/config.ts → clientAddress: X-Forwarded-For counts only from a TRUST_PROXY peer):
 * the per-address limit, the per-token limit, and the day a web answer is dated (Istanbul's).
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { clientAddress } from '../../server/gateway/request-origin';
import type { GatewayConfig } from '../../server/gateway/config';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

const ASOF = '2026-06-30';

/** A harness whose reply app limits as configured, served on 127.0.0.1 with the given proxy trust. */
async function served(
  trustProxy: GatewayConfig['trustProxy'],
  limits: { perAddress: { max: number; windowMs: number }; perToken: { max: number; windowMs: number } },
) {
  const config = { trustProxy } as GatewayConfig;
  const h = await mutabakatHarness({ addressOf: (c) => clientAddress(c as never, config), replyLimits: limits });
  const server: ServerType = serve({ fetch: h.mut.reply.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise<void>((ok) => (server.listening ? ok() : server.once('listening', () => ok())));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    h,
    base,
    close: async () => {
      await new Promise<void>((ok) => server.close(() => ok()));
      await h.close();
    },
  };
}

async function replyPaths(h: Harness, ids: string[]): Promise<{ campaignId: string; path: (acc: string) => string }> {
  for (const id of ids) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [], person: '' } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: ASOF, deadline: '2026-12-31' } });
  const campaignId = ((await r.json()) as { campaign: { id: string } }).campaign.id;
  await h.drain();
  const mails = (
    (await (await h.api(`/api/mutabakat/outbox?campaignId=${campaignId}`)).json()) as { mails: { accountId: string; replyUrl: string; kind: string }[] }
  ).mails;
  return { campaignId, path: (acc) => new URL(mails.find((m) => m.accountId === acc && m.kind === 'letter')!.replyUrl).pathname };
}

describe('reply page limits over HTTP, behind a trusted proxy', () => {
  let s: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    // Per address: 5 a minute; per token: 8 a minute (small, so the test stays short).
    s = await served(['127.0.0.1'], { perAddress: { max: 5, windowMs: 60_000 }, perToken: { max: 8, windowMs: 60_000 } });
  }, 120_000);
  afterAll(() => s?.close());
  beforeEach(async () => {
    await s.h.reset();
  });

  it('limits each client address on its own: the 6th request of one address is refused, another address still gets the page', { timeout: 90_000 }, async () => {
    const { path } = await replyPaths(s.h, ['1006', '1007', '1008']);
    const get = (p: string, ip: string) => fetch(`${s.base}${p}`, { headers: { 'x-forwarded-for': ip } });
    // Five letters' pages from one address (different tokens, so only the address limit can refuse).
    const first: number[] = [];
    for (const acc of ['1006', '1007', '1008', '1006', '1007']) first.push((await get(path(acc), '203.0.113.7')).status);
    expect(first).toEqual([200, 200, 200, 200, 200]);
    const refused = await get(path('1008'), '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    const body = await refused.text();
    expect(body).toContain('Çok fazla istek');
    expect(body).not.toContain('Cari hesap mutabakatı');
    // Another client behind the same proxy is counted apart.
    const other = await get(path('1008'), '198.51.100.23');
    expect(other.status).toBe(200);
    expect(await other.text()).toContain('Cari hesap mutabakatı');
  });

  it('limits each token on its own across addresses: the 9th request for one link is refused whoever sends it', { timeout: 90_000 }, async () => {
    const { path } = await replyPaths(s.h, ['1006', '1007']);
    const statuses: number[] = [];
    // 9 requests for one link, each from a different address (under every address's limit).
    for (let i = 0; i < 9; i++) statuses.push((await fetch(`${s.base}${path('1006')}`, { headers: { 'x-forwarded-for': `192.0.2.${10 + i}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 429]);
    // Another link is unaffected.
    expect((await fetch(`${s.base}${path('1007')}`, { headers: { 'x-forwarded-for': '192.0.2.99' } })).status).toBe(200);
  });
});

describe('reply page limits over HTTP, no proxy trusted', () => {
  let s: Awaited<ReturnType<typeof served>>;
  beforeAll(async () => {
    s = await served(undefined, { perAddress: { max: 3, windowMs: 60_000 }, perToken: { max: 100, windowMs: 60_000 } });
  }, 120_000);
  afterAll(() => s?.close());

  it('a forged X-Forwarded-For does not buy more requests: every request counts for the socket address', { timeout: 90_000 }, async () => {
    const { path } = await replyPaths(s.h, ['1006']);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await fetch(`${s.base}${path('1006')}`, { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('the day of a web answer', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await mutabakatHarness();
  }, 120_000);
  afterAll(() => h?.close());

  it(
    'an answer given at 23:30 UTC on 31.12.2026 is dated 01.01.2027, the Istanbul day (02:30), on the board and in the auditor’s Excel',
    { timeout: 90_000 },
    async () => {
      h.clock.now = new Date('2026-12-20T09:00:00Z');
      const { campaignId, path } = await replyPaths(h, ['1006']);
      h.clock.now = new Date('2026-12-31T23:30:00Z');
      const f = new FormData();
      f.set('kind', 'agreed');
      f.set('name', 'Zeynep Kaya');
      f.set('title', 'Muhasebe');
      expect((await h.reply(path('1006'), { method: 'POST', body: f })).status).toBe(200);
      const board = (await (await h.api(`/api/mutabakat/campaigns/${campaignId}`)).json()) as {
        letters: { accountId: string; answer: { date: string; at: string; channel: string } }[];
      };
      const answer = board.letters.find((l) => l.accountId === '1006')!.answer;
      expect(answer.channel).toBe('web');
      expect(answer.date).toBe('2027-01-01');
      expect(answer.at).toBe('2026-12-31T23:30:00.000Z');
      const xlsx = await h.api(`/api/mutabakat/campaigns/${campaignId}/report.xlsx`);
      expect(xlsx.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await xlsx.arrayBuffer());
      const cells: string[] = [];
      wb.worksheets[0]!.eachRow((row) => row.eachCell((c) => cells.push(String(c.text))));
      expect(cells).toContain('01.01.2027');
      expect(cells).not.toContain('31.12.2026');
    },
  );
});

describe('the token is never logged', () => {
  it('opening, a refused answer, an accepted one, the PDF and a second answer leave no log line with the token or its hash', { timeout: 120_000 }, async () => {
    const lines: string[] = [];
    const h = await mutabakatHarness({ log: (l) => lines.push(l) });
    try {
      const { path } = await replyPaths(h, ['1006']);
      const token = path('1006').split('/').pop()!;
      const { hashToken } = await import('../../server/mutabakat/letter-mail');
      await h.reply(path('1006'));
      await h.reply(`${path('1006')}/pdf`);
      const bad = new FormData();
      bad.set('kind', 'disagreed');
      expect((await h.reply(path('1006'), { method: 'POST', body: bad })).status).toBe(400);
      const good = new FormData();
      for (const [k, v] of Object.entries({ kind: 'agreed', name: 'Zeynep Kaya', title: 'Muhasebe' })) good.set(k, v);
      expect((await h.reply(path('1006'), { method: 'POST', body: good })).status).toBe(200);
      expect((await h.reply(path('1006'), { method: 'POST', body: good })).status).toBe(409);
      await h.drain();
      expect(lines.length).toBeGreaterThan(0); // the harness did capture the log (start-up lines at least)
      expect(lines.filter((l) => l.includes(token) || l.includes(hashToken(token)))).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
