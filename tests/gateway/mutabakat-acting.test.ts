// @vitest shared-modules long
/**
 * Acting you can lean on (issue 46), over the real gateway, the demo ERP and an SMTP inbox on 127.0.0.1:
 * a letter whose statement cannot be read ends (prepare_failed, in Turkish) and does not hold the
 * campaign; a slow account list does not hold the statements, and a failed one stops them; a busy relay
 * (421) gets the mail once, every try kept with its answer; a database that fails while sent mails are
 * recorded does not make them go twice; two clicks send once; cancelling is one event per letter; the
 * reminder scan's work is the letters due; the board answers 304 while nothing changed; the campaign
 * list's counts are the board's; a tahsilat reminder goes once however many send it at the same moment.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../server/db/schema';
import { smtpTransport } from '../../server/mail/transport';
import { upstreamSource, type ErpSource } from '../../server/app/erp';
import { scanReminders } from '../../server/mutabakat/reminders';
import { sendReminders } from '../../server/tahsilat/reminders';
import { mutabakatHarness, smtpInbox, type Harness, type Inbox } from './mutabakat-harness';
import { getDataset } from '../../server/demo-erp/index';

// A campaign's first letters start the process's letter thread (tsx, the modules, fonts): seconds on a loaded 2-core CI machine.
vi.setConfig({ testTimeout: 90_000 });

let h: Harness;
let inbox: Inbox;
/** Accounts whose statement the ERP does not answer (a timeout, a dropped connection). */
const broken = new Set<string>();
/** The statements asked of the ERP, in order; what the account list and the statements wait for before their answer (a test sets them). */
const asked: string[] = [];
let listWaits: Promise<void> | null = null;
let readsWait: Promise<void> | null = null;
let real: ErpSource;
const erp: ErpSource = {
  accounts: () => real.accounts(),
  accountsRaw: async () => {
    await listWaits;
    return real.accountsRaw!();
  },
  statement: (id) => real.statement(id),
  statementRaw: async (id) => {
    asked.push(id);
    await readsWait;
    if (broken.has(id)) throw new Error('connect ECONNREFUSED 127.0.0.1:8500');
    return real.statementRaw!(id);
  },
  invoices: () => real.invoices(),
  aging: () => real.aging!(),
};

beforeAll(async () => {
  inbox = await smtpInbox();
  // The production schedule of mail retries: 30 s after the first try, doubling, six tries.
  h = await mutabakatHarness({ transport: smtpTransport(inbox.url), settings: { demo: false }, erp, retryBaseMs: 30_000 });
  real = upstreamSource(h.upstream);
}, 60_000);
afterAll(async () => {
  await h?.close();
  await inbox?.close();
});
beforeEach(async () => {
  await h.reset();
  inbox.clear();
  broken.clear();
  asked.length = 0;
  listWaits = null;
  readsWait = null;
  h.clock.now = new Date('2026-11-16T09:00:00Z');
});

const ASOF = '2026-06-30';
const later = (ms: number) => (h.clock.now = new Date(h.clock.now.getTime() + ms));
type Board = {
  campaign: { state: string; progress: { done: number; total: number; failed: number }; counts: Record<string, number> };
  letters: { id: string; accountId: string; state: string; lastError: string | null; sentAt: string | null }[];
};
const board = async (id: string) => (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as Board;
async function campaign(ids: string[], send = true) {
  for (const id of ids) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [], person: '' } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: ASOF, deadline: '2026-12-31', send } });
  expect(r.status).toBe(201);
  return ((await r.json()) as { campaign: { id: string } }).campaign.id;
}
const rows = async <T>(q: ReturnType<typeof sql>) => (await h.mut.ctx()).d.rows<T>(q);
const recipients = () => inbox.mails.map((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '')).sort();

describe('every letter ends', () => {
  it("a slow account list does not hold the statements: they are read while it comes, and each letter then takes the account's name from it", async () => {
    let listComes!: () => void;
    listWaits = new Promise<void>((r) => (listComes = r));
    const id = await campaign(['1006', '1047', '1003'], false);
    const drained = h.drain();
    // The list has not come: the three statements are read all the same (before, none was asked for until it came).
    await vi.waitFor(() => expect([...asked].sort()).toEqual(['1003', '1006', '1047']), { timeout: 15_000, interval: 20 });
    expect((await board(id)).letters.map((l) => l.state)).toEqual(['preparing', 'preparing', 'preparing']);
    listComes();
    await drained;
    const b = await board(id);
    expect(b.letters.map((l) => l.state)).toEqual(['prepared', 'prepared', 'prepared']);
    const names = await rows<{ account_id: string; account_name: string }>(sql`SELECT account_id, account_name FROM letters ORDER BY account_id`);
    const dataset = new Map(getDataset().accounts.map((a) => [a.id, a.name]));
    expect(names.map((n) => [n.account_id, n.account_name])).toEqual(['1003', '1006', '1047'].map((a) => [a, dataset.get(a)]));
    // Each statement once.
    expect(asked).toHaveLength(3);
  });

  it('an account list the ERP does not give: no statement is asked for after it failed, and every letter says the list could not be read', async () => {
    let listFails!: () => void;
    listWaits = new Promise<void>((_, fail) => (listFails = () => fail(new Error('Read timeout'))));
    let readsCome!: () => void;
    readsWait = new Promise<void>((r) => (readsCome = r));
    const ids = Array.from({ length: 10 }, (_, i) => String(1001 + i));
    const id = await campaign(ids, false);
    const drained = h.drain();
    // The first statements are on their way when the list fails: as many as the ERP is asked at once (6).
    await vi.waitFor(() => expect(asked).toHaveLength(6), { timeout: 15_000, interval: 20 });
    listFails();
    await new Promise((r) => setTimeout(r, 50));
    readsCome();
    await drained;
    // The four others were never asked for.
    expect(asked).toHaveLength(6);
    const b = await board(id);
    expect(b.letters).toHaveLength(10);
    for (const l of b.letters) expect(l).toMatchObject({ state: 'preparing', lastError: "Hesap listesi ERP'den okunamadı (Read timeout)." });
    // The next try reads the list again, and the letters are prepared.
    listWaits = null;
    readsWait = null;
    later(4_500);
    await h.drain();
    expect((await board(id)).letters.map((l) => l.state)).toEqual(Array(10).fill('prepared'));
  });

  it('a statement the ERP does not give: three tries, then prepare_failed with the reason in Turkish; the others are sent; a retry prepares and mails it', async () => {
    broken.add('1047');
    const id = await campaign(['1006', '1047', '1003'], false);
    await h.drain();
    let b = await board(id);
    // First try failed: still being prepared (the job comes back in 4 s), the reason shown.
    expect(b.letters.find((l) => l.accountId === '1047')).toMatchObject({
      state: 'preparing',
      lastError: expect.stringContaining("Hesabın ekstresi ERP'den okunamadı"),
    });
    expect(b.campaign.state).toBe('preparing');
    later(4_500);
    await h.drain();
    later(8_500);
    await h.drain();
    b = await board(id);
    expect(b.letters.map((l) => [l.accountId, l.state]).sort()).toEqual([
      ['1003', 'prepared'],
      ['1006', 'prepared'],
      ['1047', 'prepare_failed'],
    ]);
    expect(b.campaign).toMatchObject({ state: 'ready', progress: { done: 3, total: 3, failed: 1 } });
    expect(b.campaign.counts).toMatchObject({ total: 3, preparing: 0, prepareFailed: 1, prepared: 2 });
    const tries = await rows<{ detail: { attempt: number; final: boolean } }>(sql`SELECT detail FROM events WHERE type = 'prepare_failed' ORDER BY id`);
    expect(tries.map((e) => [e.detail.attempt, e.detail.final])).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    // Nothing to answer or resend yet: said so.
    const failedId = b.letters.find((l) => l.accountId === '1047')!.id;
    for (const [action, body] of [
      ['answer', { kind: 'agreed', channel: 'phone', date: '2026-11-16', name: 'Ali Veli' }],
      ['resend', {}],
    ] as const) {
      const r = await h.api(`/api/mutabakat/letters/${failedId}/${action}`, { json: body });
      expect(r.status).toBe(409);
      expect(JSON.stringify(await r.json())).toContain('Hazırlanamayanları yeniden dene');
    }
    // Nothing is left to poll: no job waits for this campaign.
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs WHERE state = 'queued'`))[0]!.n).toBe(0);
    // Gönder sends the two prepared letters.
    expect((await h.api(`/api/mutabakat/campaigns/${id}/send`, { json: {} })).status).toBe(200);
    await h.drain();
    await inbox.waitFor(2);
    expect(recipients()).toEqual(['m.1003@firma.example', 'm.1006@firma.example']);
    // The ERP is back: the failed one is tried again, prepared and (the campaign sends) mailed.
    broken.clear();
    const r = await h.api(`/api/mutabakat/campaigns/${id}/retry-prepare`, { json: {} });
    expect(r.status).toBe(200);
    await h.drain();
    await inbox.waitFor(3);
    expect(recipients()).toEqual(['m.1003@firma.example', 'm.1006@firma.example', 'm.1047@firma.example']);
    b = await board(id);
    expect(b.campaign.counts).toMatchObject({ prepareFailed: 0, sent: 3, noAnswer: 3 });
    // Nothing left to retry: said so.
    const again = await h.api(`/api/mutabakat/campaigns/${id}/retry-prepare`, { json: {} });
    expect(again.status).toBe(409);
    expect(JSON.stringify(await again.json())).toContain('Hazırlanamamış mektup yok');
  });
});

/**
 * The database "away" for the transactions made from `step` (a function of the outbox, read from the
 * call stack), the first `times` of them: each is refused as a dropped connection would be.
 */
async function databaseAwayFor(step: string, times: number) {
  const d = (await h.mut.ctx()).d;
  const original = d.db.transaction.bind(d.db);
  const away = { refused: 0, restore: () => void ((d.db as { transaction: unknown }).transaction = original) };
  (d.db as { transaction: unknown }).transaction = ((fn: never) => {
    if (away.refused < times && new Error().stack!.includes(step)) {
      away.refused++;
      return Promise.reject(new Error('Connection terminated unexpectedly'));
    }
    return original(fn);
  }) as never;
  return away;
}

describe('every mail once', () => {
  it('a busy relay (421) then OK: the mail goes once, both tries kept with the relay’s answers', async () => {
    inbox.busy = 1;
    const id = await campaign(['1006']);
    await h.drain();
    expect(inbox.count).toBe(0);
    expect((await board(id)).letters[0]!.lastError).toMatch(/421.*yeniden denenecek/);
    // The first retry is 30 s later.
    later(31_000);
    await h.drain();
    await inbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.count).toBe(1);
    const tries = await rows<{ attempt: number; ok: boolean; smtp: string }>(sql`SELECT attempt, ok, smtp FROM mail_tries ORDER BY id`);
    expect(tries.map((t) => [t.attempt, t.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(tries[0]!.smtp).toContain('421');
    expect(tries[1]!.smtp).toMatch(/^250/);
    expect((await board(id)).letters[0]).toMatchObject({ state: 'sent', lastError: null });
  });

  it('the relay down for 10 minutes: the mail waits, each try kept with the relay’s answer, and goes once when it is back', async () => {
    const port = inbox.port;
    await inbox.close();
    const id = await campaign(['1006']);
    await h.drain();
    // Tries 2–5 at 30 s, 1.5, 3.5 and 7.5 minutes: all refused.
    for (const wait of [30, 60, 120, 240]) {
      later(wait * 1000 + 500);
      await h.drain();
    }
    expect((await board(id)).letters[0]).toMatchObject({ state: 'queued', lastError: expect.stringContaining('yeniden denenecek') });
    // Back after 10 minutes; the sixth try (8 minutes after the fifth) delivers it.
    inbox = await smtpInbox({ port });
    later(480_000 + 500);
    await h.drain();
    await inbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.count).toBe(1);
    const tries = await rows<{ attempt: number; ok: boolean; smtp: string; at: Date | string }>(sql`SELECT attempt, ok, smtp, at FROM mail_tries ORDER BY id`);
    expect(tries.map((t) => [t.attempt, t.ok])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, true],
    ]);
    expect(tries.slice(0, 5).every((t) => t.smtp.length > 0)).toBe(true);
    // 30 s, 60 s, 120 s, 240 s, 480 s apart (and the half second each step adds).
    const gaps = tries.slice(1).map((t, i) => Math.round((new Date(t.at).getTime() - new Date(tries[i]!.at).getTime()) / 1000));
    expect(gaps).toEqual([31, 61, 121, 241, 481]);
    expect((await board(id)).letters[0]).toMatchObject({ state: 'sent', lastError: null });
  });

  it('the database failing while sent mails are recorded: each mail still goes once, recorded on the next round, not marked', async () => {
    const ids = ['1006', '1047', '1003'];
    const id = await campaign(ids, false);
    await h.drain();
    // Every transaction of the recording step fails for a while (its inline tries included).
    const away = await databaseAwayFor('recordSent', 4);
    try {
      expect((await h.api(`/api/mutabakat/campaigns/${id}/send`, { json: {} })).status).toBe(200);
      await h.drain();
      await inbox.waitFor(3);
      expect(away.refused).toBe(4);
      expect((await board(id)).campaign.counts).toMatchObject({ queued: 3 });
      // The next round records what the relay accepted; nothing is sent again.
      later(6_000);
      await h.drain();
    } finally {
      away.restore();
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.count).toBe(3);
    expect(recipients()).toEqual(ids.map((x) => `m.${x}@firma.example`).sort());
    expect((await board(id)).campaign.counts).toMatchObject({ sent: 3, queued: 0 });
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mails WHERE maybe_twice`))[0]!.n).toBe(0);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE type = 'sent'`))[0]!.n).toBe(3);
  });

  it('a refusal (421) while the database is away: recorded by the next round, tried again on schedule, delivered once, not marked', async () => {
    const id = await campaign(['1006'], false);
    await h.drain();
    const away = await databaseAwayFor('failedMail', 1);
    inbox.busy = 1;
    try {
      expect((await h.api(`/api/mutabakat/campaigns/${id}/send`, { json: {} })).status).toBe(200);
      await h.drain();
      expect(away.refused).toBe(1);
      expect(await rows(sql`SELECT * FROM mail_tries`)).toEqual([]);
      // The next round (5 s on) records the refusal; it does not send.
      later(6_000);
      await h.drain();
    } finally {
      away.restore();
    }
    expect(inbox.count).toBe(0);
    expect((await rows<{ attempt: number; ok: boolean }>(sql`SELECT attempt, ok FROM mail_tries`)).map((t) => [t.attempt, t.ok])).toEqual([[1, false]]);
    // The mails' schedule: 30 s after the refused try.
    later(31_000);
    await h.drain();
    await inbox.waitFor(1);
    await new Promise((r) => setTimeout(r, 200));
    expect(inbox.count).toBe(1);
    expect((await rows<{ attempt: number; ok: boolean }>(sql`SELECT attempt, ok FROM mail_tries ORDER BY id`)).map((t) => [t.attempt, t.ok])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mails WHERE maybe_twice`))[0]!.n).toBe(0);
  });

  it('two clicks on Gönder at the same moment: one mail per letter', async () => {
    const ids = ['1006', '1047', '1003', '1010'];
    const id = await campaign(ids, false);
    await h.drain();
    const clicks = await Promise.all([1, 2].map(() => h.api(`/api/mutabakat/campaigns/${id}/send`, { json: {} })));
    expect(clicks.map((r) => r.status)).toEqual([200, 200]);
    await h.drain();
    await inbox.waitFor(4);
    await new Promise((r) => setTimeout(r, 300));
    expect(recipients()).toEqual(ids.map((x) => `m.${x}@firma.example`).sort());
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mails`))[0]!.n).toBe(4);
  });

  it('cancelling a campaign: each open letter cancelled with one event naming its state before; an answered one stays answered', async () => {
    const id = await campaign(['1006', '1047', '1003']);
    await h.drain();
    const letterOf = async (acc: string) => (await board(id)).letters.find((l) => l.accountId === acc)!.id;
    const answered = await h.api(`/api/mutabakat/letters/${await letterOf('1003')}/answer`, {
      json: { kind: 'agreed', channel: 'phone', date: '2026-11-16', name: 'Ali Veli' },
    });
    expect(answered.status).toBe(200);
    expect((await h.api(`/api/mutabakat/campaigns/${id}/cancel`, { json: { note: 'Yanlış tarih' } })).status).toBe(200);
    const b = await board(id);
    expect(b.letters.map((l) => [l.accountId, l.state]).sort()).toEqual([
      ['1003', 'agreed'],
      ['1006', 'cancelled'],
      ['1047', 'cancelled'],
    ]);
    const ev = await rows<{ letter_id: string | null; detail: { note: string; previous?: string; scope?: string }; by_user: string }>(
      sql`SELECT letter_id, detail, by_user FROM events WHERE type = 'cancelled' ORDER BY id`,
    );
    expect(ev.map((e) => [e.letter_id === null ? 'campaign' : 'letter', e.detail.note, e.detail.previous ?? e.detail.scope])).toEqual([
      ['campaign', 'Yanlış tarih', 'campaign'],
      ['letter', 'Yanlış tarih', 'sent'],
      ['letter', 'Yanlış tarih', 'sent'],
    ]);
    expect(new Set(ev.map((e) => e.by_user)).size).toBe(1);
  });
});

describe('reads that stay flat', () => {
  it('the reminder scan writes only for letters due: none before day 7, one job per unanswered letter on day 7, none again until day 14', async () => {
    const ids = ['1006', '1047', '1003', '1010', '1012'];
    const id = await campaign(ids);
    await h.drain();
    const ctx = await h.mut.ctx();
    const first = (await board(id)).letters.find((l) => l.accountId === '1003')!;
    expect(
      (await h.api(`/api/mutabakat/letters/${first.id}/answer`, { json: { kind: 'agreed', channel: 'phone', date: '2026-11-16', name: 'Ali Veli' } })).status,
    ).toBe(200);
    const jobs = async () => (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM jobs`))[0]!.n;
    const before = await jobs();
    later(6 * 86_400_000);
    expect(await scanReminders(ctx)).toEqual({ queued: 0, released: 0 });
    later(86_400_000 + 60_000);
    // Four unanswered letters are due; the answered one leaves the scan's index.
    expect(await scanReminders(ctx)).toEqual({ queued: 4, released: 1 });
    expect(await jobs()).toBe(before + 4);
    // Scanned again at once, and every 10 minutes for the next days: no row written.
    for (let i = 0; i < 5; i++) {
      expect(await scanReminders(ctx)).toEqual({ queued: 0, released: 0 });
      later(86_400_000);
    }
    await h.drain();
    await inbox.waitFor(5 + 4);
    // Day 14: the second reminders.
    later(2 * 86_400_000);
    expect(await scanReminders(ctx)).toEqual({ queued: 4, released: 0 });
    expect(await scanReminders(ctx)).toEqual({ queued: 0, released: 0 });
  });

  it('the board answers 304 while nothing changed, and the new rows once an answer arrives', async () => {
    const id = await campaign(['1006', '1047']);
    await h.drain();
    const first = await h.api(`/api/mutabakat/campaigns/${id}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await h.api(`/api/mutabakat/campaigns/${id}`, { headers: { 'if-none-match': etag } });
    expect(same.status).toBe(304);
    expect(await same.text()).toBe('');
    const l = ((await first.json()) as Board).letters[0]!;
    await h.api(`/api/mutabakat/letters/${l.id}/answer`, { json: { kind: 'agreed', channel: 'phone', date: '2026-11-16', name: 'Ali Veli' } });
    const changed = await h.api(`/api/mutabakat/campaigns/${id}`, { headers: { 'if-none-match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(((await changed.json()) as Board).campaign.counts).toMatchObject({ agreed: 1, noAnswer: 1 });
    expect((await h.api('/api/mutabakat/campaigns/yok-boyle-bir-donem', { headers: { 'if-none-match': etag } })).status).toBe(404);
  });

  it('the campaign list counts what the board counts (a month passed, a difference, a cancelled letter)', async () => {
    const a = await campaign(['1006', '1047', '1003']);
    await h.drain();
    const rowsA = (await board(a)).letters;
    const l1006 = rowsA.find((l) => l.accountId === '1006')!.id;
    const l1047 = rowsA.find((l) => l.accountId === '1047')!.id;
    await h.api(`/api/mutabakat/letters/${l1006}/answer`, {
      json: { kind: 'disagreed', channel: 'phone', date: '2026-11-16', name: 'Ali Veli', balances: [{ currency: 'TL', amount: 150_000, side: 'B' }] },
    });
    await h.api(`/api/mutabakat/letters/${l1047}/cancel`, { json: { note: 'kapandı' } });
    const b = await campaign(['1010'], false);
    await h.drain();
    // A month after sending (16.11 → 16.12), 1003 is still waiting.
    later(31 * 86_400_000);
    const list = ((await (await h.api('/api/mutabakat/campaigns')).json()) as { campaigns: (Board['campaign'] & { id: string; differences: unknown })[] })
      .campaigns;
    for (const id of [a, b]) {
      const full = (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as Board & { campaign: { differences: unknown } };
      const listed = list.find((c) => c.id === id)!;
      expect(listed.counts).toEqual(full.campaign.counts);
      expect(listed.differences).toEqual(full.campaign.differences);
      expect(listed.state).toBe(full.campaign.state);
    }
    expect(list.find((c) => c.id === a)!.counts).toMatchObject({ total: 3, disagreed: 1, cancelled: 1, noAnswer: 1, monthPassed: 1, sent: 3 });
  });
});

describe('tahsilat reminders once', () => {
  it('two clicks on "Hatırlatmaları gönder" and the automatic run at the same moment: one mail per customer', async () => {
    const ids = h.erp.dataset.accounts.map((x) => x.id);
    const ctx = await h.mut.ctx();
    await ctx.db
      .insert(contacts)
      .values(
        ids.map((id) => ({ accountId: id, to: [`muhasebe.${id}@musteri.example`], cc: [], person: 'Ayşe Yılmaz', updatedAt: new Date(), updatedBy: 't' })),
      );
    const proposed = (
      (await (await h.api('/api/tahsilat/reminders/propose', { json: {} })).json()) as { reminders: { id: string; state: string }[] }
    ).reminders.filter((p) => p.state === 'proposed');
    expect(proposed.length).toBeGreaterThan(3);
    const chosen = proposed.slice(0, 3).map((p) => p.id);
    const [one, two, auto] = await Promise.all([
      h.api('/api/tahsilat/reminders/send', { json: { ids: chosen } }).then(async (r) => ((await r.json()) as { queued: number }).queued),
      h.api('/api/tahsilat/reminders/send', { json: { ids: chosen } }).then(async (r) => ((await r.json()) as { queued: number }).queued),
      sendReminders(ctx, chosen, { userName: 'otomatik', name: 'Otomatik gönderim' }).then((r) => r.queued),
    ]);
    expect(one + two + auto).toBe(3);
    await h.drain();
    await inbox.waitFor(3);
    await new Promise((r) => setTimeout(r, 300));
    expect(inbox.count).toBe(3);
    expect(new Set(recipients()).size).toBe(3);
    expect((await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM mails WHERE kind = 'tahsilat'`))[0]!.n).toBe(3);
  }, 120_000);
});
