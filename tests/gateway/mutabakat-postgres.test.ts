// @vitest shared-modules waits
/**
 * Two instances on one PostgreSQL 15 (Debian's server, started by the test): migrations applied once
 * while both start, a campaign created on one is prepared and mailed by both workers at once — every
 * letter and every mail exactly once into the SMTP inbox — the reply link works on the other instance
 * (its first open kept once; an answer on one shown read-only on the other within 2 s), and reminders
 * go once each.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/mail/transport';
import { datasetBalance, mutabakatHarness, type Harness } from './mutabakat-harness';
import { smtpInbox, type Inbox } from '../harness/smtp-inbox';
import { startPostgres, type TempPostgres } from './pg-harness';

let pg: TempPostgres;
let a: Harness;
let b: Harness;
let inbox: Inbox;

beforeAll(async () => {
  pg = await startPostgres();
  inbox = await smtpInbox();
  [a, b] = await Promise.all([
    mutabakatHarness({ settings: { databaseUrl: pg.url, demo: false }, transport: smtpTransport(inbox.url) }),
    mutabakatHarness({ settings: { databaseUrl: pg.url, demo: false }, transport: smtpTransport(inbox.url) }),
  ]);
}, 120_000);
afterAll(async () => {
  await a?.close();
  await b?.close();
  await inbox?.close();
  pg?.stop();
});

describe('mutabakat on PostgreSQL 15 with two instances', () => {
  it(
    'every letter prepared once and every mail sent once with both workers running; answers and reminders across instances',
    { timeout: 120_000 },
    async () => {
      const ids = a.erp.dataset.accounts
        .filter((x) => x.province === 'Ankara')
        .slice(0, 12)
        .map((x) => x.id);
      for (const id of ids) await a.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [] } });
      const r = await a.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: '2026-06-30', deadline: '2026-12-31' } });
      expect(r.status).toBe(201);
      const id = ((await r.json()) as { campaign: { id: string } }).campaign.id;
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      await inbox.waitFor(ids.length);
      await new Promise((r) => setTimeout(r, 300));
      const recipients = inbox.mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort();
      expect(recipients).toEqual(ids.map((x) => `m.${x}@firma.example`).sort());
      const d = (await a.mut.ctx()).d;
      const [prepared] = await d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE type = 'prepared'`);
      expect(prepared!.n).toBe(ids.length);
      // The board on instance B, a TL account's balance from the dataset.
      const board = (await (await b.api(`/api/mutabakat/campaigns/${id}`)).json()) as {
        campaign: { counts: Record<string, number> };
        letters: { accountId: string; ours: { currency: string; balance: number }[] }[];
      };
      expect(board.campaign.counts).toMatchObject({ total: 12, sent: 12, noAnswer: 12 });
      const tl = a.erp.dataset.accounts.find((x) => ids.includes(x.id) && !x.currency)!;
      expect(board.letters.find((l) => l.accountId === tl.id)!.ours).toEqual([
        { currency: 'TL', balance: datasetBalance(a.erp, tl.id, '2026-06-30'), side: expect.any(String) },
      ]);
      // The link mailed by either instance opens on B; the answer shows on A.
      const mail = inbox.mails.find((m) => m.to && !Array.isArray(m.to) && m.to.text === `m.${tl.id}@firma.example`)!;
      const path = new URL(/http:\/\/cari\.test\/yanit\/[A-Za-z0-9_-]{43}/.exec(mail.text ?? '')![0]).pathname;
      const form = new FormData();
      form.set('kind', 'agreed');
      form.set('name', 'Ali Demir');
      form.set('title', 'Muhasebe');
      // Opened on both instances (the form on each, one 'opened' event), answered on B.
      expect(await (await a.reply(path, { headers: { 'user-agent': 'Muhasebe (A)' } })).text()).toContain('<form');
      expect(await (await b.reply(path, { headers: { 'user-agent': 'Muhasebe (B)' } })).text()).toContain('<form');
      expect((await b.reply(path, { method: 'POST', body: form })).status).toBe(200);
      // A may show the form it rendered for 2 s (server/reply/page-cache.ts); from then on, B's answer.
      a.clock.now = new Date(a.clock.now.getTime() + 2000);
      const onA = await (await a.reply(path)).text();
      expect(onA).toContain('Yanıtınız kaydedildi');
      expect(onA).toContain('Ali Demir');
      expect((await d.rows<{ detail: { userAgent: string } }>(sql`SELECT detail FROM events WHERE type = 'opened'`)).map((e) => e.detail.userAgent)).toEqual([
        'Muhasebe (A)',
      ]);
      expect(
        ((await (await a.api(`/api/mutabakat/campaigns/${id}`)).json()) as { campaign: { counts: Record<string, number> } }).campaign.counts,
      ).toMatchObject({ agreed: 1, noAnswer: 11 });
      // Seven days on, both instances scan and work at once: one reminder per unanswered letter.
      a.clock.now = b.clock.now = new Date(a.clock.now.getTime() + 7 * 86_400_000 + 60_000);
      const { scanReminders } = await import('../../server/mutabakat/reminders');
      await Promise.all([scanReminders(await a.mut.ctx()), scanReminders(await b.mut.ctx())]);
      await Promise.all([a.drain(), b.drain(), a.drain(), b.drain()]);
      await inbox.waitFor(ids.length + 11);
      await new Promise((r) => setTimeout(r, 300));
      const reminders = inbox.mails.filter((m) => m.subject?.startsWith('Hatırlatma: '));
      expect(reminders).toHaveLength(11);
      expect(new Set(reminders.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : ''))).size).toBe(11);
    },
  );
});
