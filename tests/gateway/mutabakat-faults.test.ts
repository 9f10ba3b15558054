// @vitest shared-modules long
/**
 * Mutabakat faults and rules on PGlite: contact import all-or-nothing with every rejected row named,
 * bad / expired / cancelled tokens (one plain page), an answered token read-only, two answers at once,
 * uploads that lie about their type or are too large, staff answers and corrections as new events (none
 * on a cancelled letter), the append-only history, TTK md. 94's month counted in Istanbul days,
 * reminders (once, never after an answer), the reply page's rate limit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_USERS } from '../../server/demo-erp/index';
import { createReplyApp } from '../../server/reply/app';
import { OPEN_SQL } from '../../server/reply/opened';
import { hashToken } from '../../server/mutabakat/letter-mail';
import { backup, restore } from '../../server/db/backup-cli';
import { giveBackDatabase, takeDatabase } from '../harness/pglite-template';
import { mailHarness, type Harness } from './mutabakat-harness';
import { pdfText } from '../harness/pdf-text';
import { testTempDir } from '../harness/temp-dir';

let h: Harness;
mailHarness((m) => (h = m.h), { inbox: false, timeoutMs: 120_000 });

const ASOF = '2026-06-30';
type Board = {
  campaign: { counts: Record<string, number> };
  letters: {
    id: string;
    accountId: string;
    state: string;
    reminders: number;
    answer: { kind: string; channel: string; name: string } | null;
    resolved: { note: string; by: string } | null;
  }[];
};
const board = async (id: string) => (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as Board;

async function sentCampaign(ids: string[], deadline = '2026-12-31') {
  for (const id of ids) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [], person: '' } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: ASOF, deadline } });
  const id = ((await r.json()) as { campaign: { id: string } }).campaign.id;
  await h.drain();
  const mails = ((await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as { mails: { accountId: string; replyUrl: string; kind: string }[] })
    .mails;
  return { id, path: (acc: string) => new URL(mails.find((m) => m.accountId === acc && m.kind === 'letter')!.replyUrl).pathname };
}

const answerForm = (kind: string, extra: Record<string, string | File> = {}) => {
  const f = new FormData();
  f.set('kind', kind);
  f.set('name', 'Zeynep Kaya');
  f.set('title', 'Muhasebe');
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
};

describe('contacts', () => {
  it('import preview names every rejected row and why; a commit with any rejected row saves nothing', async () => {
    const csv =
      'Firma ID;E-posta;Cc;Yetkili\n1006;muhasebe@yapi.example;;Şule Çelik\nabc;x@y.example;;\n1003;kirtasiye@;;\n999999;a@b.example;;\n1006;tekrar@yapi.example;;\n1047;;;\n';
    const preview = await h.api('/api/mutabakat/contacts/import?step=preview', {
      body: csv,
      headers: { 'content-type': 'text/csv', 'x-file-name': encodeURIComponent('kişiler.csv') },
    });
    expect(preview.status).toBe(200);
    const p = (await preview.json()) as { accepted: number; rejected: number; rows: { line: number; ok: boolean; reason: string | null }[] };
    expect(p).toMatchObject({ accepted: 1, rejected: 5 });
    expect(p.rows.map((r) => [r.line, r.reason])).toEqual([
      [2, null],
      [3, 'Firma ID “abc” sayı değil.'],
      [4, '“kirtasiye@” geçerli bir e-posta adresi değil.'],
      [5, "Firma ID 999999 ERP'de yok."],
      [6, 'Firma ID 1006 dosyada 2. satırda da var.'],
      [7, 'E-posta boş.'],
    ]);
    const commit = await h.api('/api/mutabakat/contacts/import?step=commit', { body: csv, headers: { 'content-type': 'text/csv' } });
    expect(commit.status).toBe(422);
    expect(((await commit.json()) as { error: { code: string } }).error.code).toBe('import_rejected');
    expect(((await (await h.api('/api/mutabakat/contacts')).json()) as { contacts: unknown[] }).contacts).toHaveLength(0);
  });

  it('an .xlsx import commits every row; PUT checks each address', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Kişiler');
    ws.addRow(['Firma ID', 'E-posta', 'Cc', 'Yetkili']);
    ws.addRow([1006, 'muhasebe@yapi.example; finans@yapi.example', 'denetim@yapi.example', 'Şule Çelik']);
    ws.addRow(['1047', 'ik@bozkurt.example', '', '']);
    const bytes = Buffer.from(await wb.xlsx.writeBuffer());
    const r = await h.api('/api/mutabakat/contacts/import?step=commit', {
      body: bytes,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    expect(r.status).toBe(200);
    expect(((await r.json()) as { saved: boolean }).saved).toBe(true);
    const c = (await (await h.api('/api/mutabakat/contacts/1006')).json()) as { to: string[]; cc: string[]; person: string; updatedBy: string };
    expect(c).toMatchObject({ to: ['muhasebe@yapi.example', 'finans@yapi.example'], cc: ['denetim@yapi.example'], person: 'Şule Çelik' });
    expect(c.updatedBy).toBeTruthy();
    const bad = await h.api('/api/mutabakat/contacts/1006', { method: 'PUT', json: { to: ['iyi@firma.example', 'kötü adres'], cc: [] } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { problems: unknown[] } }).error.problems).toEqual([
      { field: 'to[1]', message: '“kötü adres” geçerli bir e-posta adresi değil.' },
    ]);
  });
});

describe('campaign creation', () => {
  it("each letter takes its account's addresses and person as they are: Turkish letters and & % + \" ' kept, an account without a contact has none", async () => {
    const person = `Şule O'Brien "Çağ" & %+`;
    await h.api('/api/mutabakat/contacts/1006', { method: 'PUT', json: { to: ['muhasebe+ş@yapı.example'], cc: ["o'brien@firma.example"], person } });
    const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1006', '1047'], asOf: ASOF, deadline: '2026-12-31' } });
    const id = ((await r.json()) as { campaign: { id: string } }).campaign.id;
    const rows = await (
      await h.mut.ctx()
    ).d.rows<{ account_id: string; state: string; to_addrs: string[]; cc_addrs: string[]; person: string }>(
      sql`SELECT account_id, state, to_addrs, cc_addrs, person FROM letters WHERE campaign_id = ${id} ORDER BY account_id`,
    );
    expect(rows).toEqual([
      { account_id: '1006', state: 'preparing', to_addrs: ['muhasebe+ş@yapı.example'], cc_addrs: ["o'brien@firma.example"], person },
      { account_id: '1047', state: 'preparing', to_addrs: [], cc_addrs: [], person: '' },
    ]);
  });
});

describe('reply page', () => {
  it('unknown, malformed, expired and cancelled links give one and the same plain page', async () => {
    const { id, path } = await sentCampaign(['1006', '1047'], '2026-11-20');
    const unknown = await h.reply(`/yanit/${'A'.repeat(43)}`);
    const malformed = await h.reply('/yanit/kisa');
    const body = await unknown.text();
    expect(unknown.status).toBe(404);
    expect(await malformed.text()).toBe(body);
    await h.api(`/api/mutabakat/letters/${(await board(id)).letters.find((l) => l.accountId === '1047')!.id}/cancel`, { json: { note: 'yanlış hesap' } });
    expect(await (await h.reply(path('1047'))).text()).toBe(body);
    expect((await h.reply(path('1006'))).status).toBe(200);
    // Valid until the deadline (20.11.2026, Istanbul) + 30 days: 20.12.2026 23:59:59 +03:00.
    h.clock.now = new Date('2026-12-20T20:59:58Z');
    expect((await h.reply(path('1006'))).status).toBe(200);
    h.clock.now = new Date('2026-12-20T21:00:00Z');
    expect(await (await h.reply(path('1006'))).text()).toBe(body);
  });

  it('the first open of a link is kept once, with the address and the browser: two opens at once and one later leave one “opened” event, another link opened meanwhile its own', async () => {
    const { id, path } = await sentCampaign(['1006', '1047']);
    // Quotes and a backslash: the event keeps the text as it came (the statement sends it as a literal).
    const browser = `Mozilla/5.0 (Muhasebe; O'Brien "x" \\ y)`;
    const ua = { 'user-agent': browser };
    // Three first opens at once (two of one link, one of another), then a repeat.
    const first = await Promise.all([
      h.reply(path('1006'), { headers: ua }),
      h.reply(path('1047'), { headers: { 'user-agent': 'Diger' } }),
      h.reply(path('1006'), { headers: ua }),
    ]);
    expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
    expect((await h.reply(path('1006'), { headers: { 'user-agent': 'Baska tarayici' } })).status).toBe(200);
    const opened = async (acc: string) => {
      const letterId = (await board(id)).letters.find((l) => l.accountId === acc)!.id;
      const { events } = (await (await h.api(`/api/mutabakat/letters/${letterId}`)).json()) as {
        events: { type: string; detail: { ip?: string; userAgent?: string } }[];
      };
      return events.filter((e) => e.type === 'opened').map((e) => e.detail);
    };
    // The harness's reply app has no client address rule: every request is 'unknown'.
    expect(await opened('1006')).toEqual([{ ip: 'unknown', userAgent: browser }]);
    expect(await opened('1047')).toEqual([{ ip: 'unknown', userAgent: 'Diger' }]);
  });

  it("only the page counts as an open: the PDF alone records none, a cancelled letter's or an expired link's page none, and the page after the PDF its one", async () => {
    const { id, path } = await sentCampaign(['1006', '1047'], '2026-11-20');
    const openedOf = async () =>
      (await (await h.mut.ctx()).d.rows<{ letter_id: string }>(sql`SELECT letter_id FROM events WHERE type = 'opened' ORDER BY id`)).map((e) => e.letter_id);
    const letterOf = async (acc: string) => (await board(id)).letters.find((l) => l.accountId === acc)!.id;
    expect((await h.reply(`${path('1006')}/pdf`)).status).toBe(200);
    expect(await openedOf()).toEqual([]);
    await h.api(`/api/mutabakat/letters/${await letterOf('1047')}/cancel`, { json: { note: 'yanlış hesap' } });
    expect((await h.reply(path('1047'))).status).toBe(404);
    expect(await openedOf()).toEqual([]);
    expect((await h.reply(path('1006'))).status).toBe(200);
    expect(await openedOf()).toEqual([await letterOf('1006')]);
    // Past the link's validity (20.12.2026 23:59:59 Istanbul) nothing more is recorded.
    h.clock.now = new Date('2026-12-20T21:00:00Z');
    expect((await h.reply(path('1006'))).status).toBe(404);
    expect(await openedOf()).toEqual([await letterOf('1006')]);
  });

  it("years of history do not slow a link: with 6,000 older links and 24,000 events the page's one statement finds its letter by index, before and after ANALYZE", async () => {
    const { id, path } = await sentCampaign(['1006']);
    const d = (await h.mut.ctx()).d;
    // Older campaigns' links and events (no foreign keys: the rows only need to be there).
    await d.rows(sql`INSERT INTO reply_tokens (hash, letter_id, expires_at, created_at)
      SELECT md5(g::text) || md5((g + 1)::text), 'eski-' || g, now() + interval '30 days', now() FROM generate_series(1, 6000) g`);
    await d.rows(sql`INSERT INTO events (at, campaign_id, letter_id, account_id, type, detail)
      SELECT now(), 'eski', 'eski-' || (g % 6000), '1', CASE g % 4 WHEN 0 THEN 'opened' ELSE 'sent' END, '{}'::jsonb FROM generate_series(1, 24000) g`);
    const hash = hashToken(path('1006').split('/')[2]!);
    const scans = async () => {
      const text = OPEN_SQL.replace('$1::json', `'${JSON.stringify([{ h: hash }])}'::json`).replace(
        '$2::timestamptz',
        `'${h.clock.now.toISOString()}'::timestamptz`,
      );
      const [plan] = await d.rows<{ 'QUERY PLAN': unknown }>(sql.raw(`EXPLAIN (FORMAT JSON) ${text}`));
      const out: string[] = [];
      const walk = (n: { 'Node Type': string; 'Relation Name'?: string; Plans?: unknown[] }) => {
        if (n['Relation Name'] === 'reply_tokens' || n['Relation Name'] === 'events') out.push(`${n['Node Type']} ${n['Relation Name']}`);
        for (const c of n.Plans ?? []) walk(c as typeof n);
      };
      walk((plan!['QUERY PLAN'] as { Plan: Parameters<typeof walk>[0] }[])[0]!.Plan);
      return out.sort();
    };
    // PGlite never analyzes on its own (no autovacuum): the planner's guesses first, then real statistics.
    for (const analyzed of [false, true]) {
      if (analyzed) await d.rows(sql`ANALYZE`);
      const found = await scans();
      expect(found.filter((x) => x.startsWith('Seq Scan'))).toEqual([]);
      expect(found).toContain('Index Scan reply_tokens');
    }
    expect((await h.reply(path('1006'))).status).toBe(200);
    const letterId = (await board(id)).letters[0]!.id;
    expect(await d.rows(sql`SELECT letter_id FROM events WHERE type = 'opened' AND campaign_id <> 'eski'`)).toEqual([{ letter_id: letterId }]);
  });

  it('every reply answer carries the page’s own headers: strict CSP, nosniff, no-store, no referrer, no framing, noindex', async () => {
    const { path } = await sentCampaign(['1006']);
    const pages = [
      await h.reply(path('1006')),
      await h.reply(`${path('1006')}/pdf`),
      await h.reply(`/yanit/${'B'.repeat(43)}`),
      await h.reply(path('1006'), { method: 'POST', body: answerForm('agreed') }),
      await h.reply(path('1006')),
    ];
    expect(pages.map((p) => p.status)).toEqual([200, 200, 404, 200, 200]);
    for (const p of pages) {
      expect(p.headers.get('content-security-policy')).toMatch(
        /^default-src 'none'; style-src 'sha256-[A-Za-z0-9+/=]{44}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; img-src 'none'; script-src 'none'$/,
      );
      expect([
        p.headers.get('x-content-type-options'),
        p.headers.get('cache-control'),
        p.headers.get('referrer-policy'),
        p.headers.get('x-frame-options'),
        p.headers.get('x-robots-tag'),
      ]).toEqual(['nosniff', 'no-store', 'no-referrer', 'DENY', 'noindex']);
    }
    expect(pages[0]!.headers.get('content-type')).toBe('text/html; charset=UTF-8');
    expect(pages[1]!.headers.get('content-type')).toBe('application/pdf');
  });

  it('a page kept by one instance: an answer posted on another shows there read-only within 2 s, and an answer from the kept form is decided by the database', async () => {
    const { path } = await sentCampaign(['1006', '1047']);
    const other = createReplyApp(() => h.mut.ctx(), { addressOf: () => 'other' });
    const t0 = h.clock.now.getTime();
    for (const acc of ['1006', '1047']) expect(await (await h.reply(path(acc))).text()).toContain('<form');
    for (const acc of ['1006', '1047']) expect((await other.request(path(acc), { method: 'POST', body: answerForm('agreed') })).status).toBe(200);
    // 1.5 s later this instance may still show the form it rendered; from 2 s on, the answer.
    h.clock.now = new Date(t0 + 1500);
    expect(await (await h.reply(path('1006'))).text()).toContain('<form');
    const sent = await h.reply(path('1047'), { method: 'POST', body: answerForm('disagreed', { amount: '1.000,00', side: 'B', currency: 'TL' }) });
    expect(sent.status).toBe(409);
    const told = await sent.text();
    expect(told).toContain('daha önce bir yanıt verilmiş');
    expect(told).toContain('Mutabıkız');
    h.clock.now = new Date(t0 + 2000);
    const later = await (await h.reply(path('1006'))).text();
    expect(later).toContain('Yanıtınız kaydedildi');
    expect(later).not.toContain('<form');
    const answered = await (await h.mut.ctx()).d.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE type = 'answered'`);
    expect(answered[0]!.n).toBe(2);
  });

  it('a kept page never outlives its link: valid until 20.12.2026 23:59:59 Istanbul, the page opened a second before is not shown after', async () => {
    const { path } = await sentCampaign(['1006'], '2026-11-20');
    const plainBody = await (await h.reply(`/yanit/${'A'.repeat(43)}`)).text();
    h.clock.now = new Date('2026-12-20T20:59:58.500Z');
    expect(await (await h.reply(path('1006'))).text()).toContain('<form');
    h.clock.now = new Date('2026-12-20T20:59:59.200Z');
    expect(await (await h.reply(path('1006'))).text()).toBe(plainBody);
  });

  it('two answers posted at once: one wins, the other is told; afterwards the page is read-only', async () => {
    const { id, path } = await sentCampaign(['1006']);
    const [a, b] = await Promise.all([
      h.reply(path('1006'), { method: 'POST', body: answerForm('agreed') }),
      h.reply(path('1006'), { method: 'POST', body: answerForm('disagreed', { amount: '1.000,00', side: 'B', currency: 'TL' }) }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? await a.text() : await b.text();
    expect(loser).toContain('daha önce bir yanıt verilmiş');
    const after = await (await h.reply(path('1006'))).text();
    expect(after).toContain('Yanıtınız kaydedildi');
    expect(after).not.toContain('<form');
    const events = (await h.mut.ctx()).d;
    const answered = await events.rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM events WHERE type = 'answered'`);
    expect(answered[0]!.n).toBe(1);
    expect((await board(id)).campaign.counts.noAnswer).toBe(0);
  });

  it('refuses an upload that lies about its type, and one over 10 MB; the answer is not taken', async () => {
    const { path } = await sentCampaign(['1006']);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const lie = await h.reply(path('1006'), {
      method: 'POST',
      body: answerForm('disagreed', { amount: '5,00', side: 'A', currency: 'TL', file: new File([png], 'ekstre.pdf', { type: 'application/pdf' }) }),
    });
    expect(lie.status).toBe(400);
    expect(await lie.text()).toContain('içeriği adıyla uyuşmuyor');
    const exe = await h.reply(path('1006'), {
      method: 'POST',
      body: answerForm('agreed', { file: new File([new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03])], 'fatura.csv') }),
    });
    expect(exe.status).toBe(400);
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    const large = await h.reply(path('1006'), { method: 'POST', body: answerForm('agreed', { file: new File([big], 'ekstre.pdf') }) });
    expect([400, 413]).toContain(large.status);
    expect(await large.text()).toContain('en fazla 10 MB');
    expect(await (await h.reply(path('1006'))).text()).toContain('<form');
  });

  it('is rate limited per token', async () => {
    const { path } = await sentCampaign(['1006']);
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await h.reply(path('1006'))).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[31]).toBe(429);
    const busy = await h.reply(path('1006'));
    expect([busy.status, busy.headers.get('retry-after'), busy.headers.get('x-content-type-options'), busy.headers.get('cache-control')]).toEqual([
      429,
      '60',
      'nosniff',
      'no-store',
    ]);
    expect(busy.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('staff actions and history', () => {
  it('an answer by phone, then a correction by noter: two events, the latest shown, nothing overwritten; resolve names the user', async () => {
    const { id } = await sentCampaign(['1006']);
    const letter = (await board(id)).letters[0]!;
    const phone = await h.api(`/api/mutabakat/letters/${letter.id}/answer`, {
      json: { kind: 'agreed', channel: 'phone', date: '2026-11-17', name: 'Ali Demir' },
    });
    expect(phone.status).toBe(200);
    const noter = await h.api(`/api/mutabakat/letters/${letter.id}/answer`, {
      json: { kind: 'disagreed', channel: 'noter', date: '2026-11-18', name: 'Ali Demir', balances: [{ currency: 'TL', amount: 11_000_000, side: 'B' }] },
    });
    expect(noter.status).toBe(200);
    const l = ((await noter.json()) as { letter: { state: string; difference: { currency: string; balance: number }[]; answer: { channel: string } } }).letter;
    // 114.621,89 − 110.000,00 = 4.621,89 TL.
    expect(l).toMatchObject({ state: 'disagreed', answer: { channel: 'noter' }, difference: [{ currency: 'TL', balance: 462_189, side: 'B' }] });
    const ev = (await (await h.api(`/api/mutabakat/letters/${letter.id}`)).json()) as { events: { type: string; by: string | null }[] };
    // Each recording names the signed-in Workcube user (the harness signs in as the first demo user).
    expect(ev.events.filter((e) => e.type === 'recorded').map((e) => e.by)).toEqual([DEMO_USERS[0]!.userName, DEMO_USERS[0]!.userName]);
    const resolved = await h.api(`/api/mutabakat/letters/${letter.id}/resolve`, { json: { note: 'İade faturası kayda alındı.' } });
    expect(((await resolved.json()) as { letter: { resolved: { note: string; by: string } } }).letter.resolved).toMatchObject({
      note: 'İade faturası kayda alındı.',
      by: DEMO_USERS[0]!.userName,
    });
    const d = (await h.mut.ctx()).d;
    await expect(d.rows(sql`UPDATE events SET type = 'x'`)).rejects.toThrow();
    await expect(d.rows(sql`DELETE FROM events`)).rejects.toThrow();
    const history = (await (await h.api('/api/mutabakat/accounts/1006/history')).json()) as { letters: { campaignId: string; state: string }[] };
    expect(history.letters).toEqual([expect.objectContaining({ campaignId: id, state: 'disagreed' })]);
  });

  it('a cancelled letter takes no staff answer: 409 in Turkish, the letter stays cancelled and no event is added', async () => {
    const { id } = await sentCampaign(['1006']);
    const letter = (await board(id)).letters[0]!;
    expect((await h.api(`/api/mutabakat/letters/${letter.id}/cancel`, { json: { note: 'Yanlış hesap' } })).status).toBe(200);
    const before = ((await (await h.api(`/api/mutabakat/letters/${letter.id}`)).json()) as { events: { type: string }[] }).events.map((e) => e.type);
    const r = await h.api(`/api/mutabakat/letters/${letter.id}/answer`, { json: { kind: 'agreed', channel: 'phone', date: '2026-11-17', name: 'Ali Demir' } });
    expect(r.status).toBe(409);
    expect(((await r.json()) as { error: unknown }).error).toEqual({ code: 'conflict', message: 'Bu mektup iptal edilmiş; yanıt kaydedilemez.' });
    const after = (await board(id)).letters[0]!;
    expect([after.state, after.answer]).toEqual(['cancelled', null]);
    expect((await board(id)).campaign.counts).toMatchObject({ cancelled: 1, agreed: 0 });
    expect(((await (await h.api(`/api/mutabakat/letters/${letter.id}`)).json()) as { events: { type: string }[] }).events.map((e) => e.type)).toEqual(before);
  });

  it('reminders go 7 and 14 days after sending, once each even with two workers, never after an answer', async () => {
    const { id, path } = await sentCampaign(['1006', '1047']);
    await h.reply(path('1047'), { method: 'POST', body: answerForm('agreed') });
    const sentAt = h.clock.now.getTime();
    const { every } = await import('../../server/jobs/queue');
    const { Worker } = await import('../../server/jobs/worker');
    const ctx = await h.mut.ctx();
    const { remindJob, scanReminders } = await import('../../server/mutabakat/reminders');
    const { sendJob } = await import('../../server/mail/outbox');
    const second = new Worker(ctx.d, {
      handlers: { remind: (j) => remindJob(ctx, j), send: (j) => sendJob(ctx, j), remind_scan: async () => void (await scanReminders(ctx)) },
      schedules: [every('remind_scan', 60_000)],
      now: () => h.clock.now,
      log: () => undefined,
    });
    const reminders = async () =>
      ((await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as { mails: { accountId: string; kind: string }[] }).mails.filter(
        (m) => m.kind === 'reminder',
      );
    h.clock.now = new Date(sentAt + 6 * 86_400_000);
    await Promise.all([scanReminders(ctx), scanReminders(ctx)]);
    await h.drain();
    expect(await reminders()).toHaveLength(0);
    h.clock.now = new Date(sentAt + 7 * 86_400_000);
    await Promise.all([scanReminders(ctx), scanReminders(ctx), second.drain()]);
    await Promise.all([h.drain(), second.drain()]);
    expect((await reminders()).map((m) => m.accountId)).toEqual(['1006']);
    h.clock.now = new Date(sentAt + 15 * 86_400_000);
    await Promise.all([scanReminders(ctx), scanReminders(ctx)]);
    await Promise.all([h.drain(), second.drain()]);
    expect((await reminders()).map((m) => m.accountId)).toEqual(['1006', '1006']);
    expect((await board(id)).letters.find((l) => l.accountId === '1006')!.reminders).toBe(2);
  });
});

describe('TTK md. 94 month', () => {
  type Row = { monthPassed: boolean };
  const flag = async (id: string, at: string) => {
    h.clock.now = new Date(at);
    const b = (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as { campaign: { counts: Record<string, number> }; letters: Row[] };
    return [b.letters[0]!.monthPassed, b.campaign.counts.monthPassed];
  };

  it('is counted in Istanbul days: received on the Istanbul day of sending, over from the midnight after the same-numbered day a month on', async () => {
    // Sent 31.01.2026 22:30 UTC = 01.02.2026 01:30 in Istanbul: received 01.02, an objection can be made until 01.03 ends.
    h.clock.now = new Date('2026-01-31T22:30:00Z');
    const feb = (await sentCampaign(['1006'])).id;
    expect(await flag(feb, '2026-02-28T23:00:00Z')).toEqual([false, 0]); // 01.03 02:00 in Istanbul
    expect(await flag(feb, '2026-03-01T20:59:59Z')).toEqual([false, 0]); // 01.03 23:59:59
    expect(await flag(feb, '2026-03-01T21:00:00Z')).toEqual([true, 1]); // 02.03 00:00
    // Sent 28.01.2026 22:30 UTC = 29.01 in Istanbul: February 2026 has no 29th, the month's last day is 28.02.
    await h.reset();
    h.clock.now = new Date('2026-01-28T22:30:00Z');
    const jan = (await sentCampaign(['1006'])).id;
    expect(await flag(jan, '2026-02-28T20:59:59Z')).toEqual([false, 0]); // 28.02 23:59:59 in Istanbul
    expect(await flag(jan, '2026-02-28T21:00:00Z')).toEqual([true, 1]); // 01.03 00:00
  });
});

describe('backup and restore', () => {
  it('db:backup writes a portable dump that restores into an empty database with every row, the PDFs byte for byte', { timeout: 90_000 }, async () => {
    const { id, path } = await sentCampaign(['1006', '1047']);
    await h.reply(path('1047'), { method: 'POST', body: answerForm('agreed') });
    const file = join(testTempDir('cari-backup-'), 'b.jsonl.gz');
    const src = (await h.mut.ctx()).d;
    const counts = await backup(src, file);
    // Every table, the tahsilat ones and each mail's tries included (two letters mailed once each).
    expect(counts).toMatchObject({ campaigns: 1, letters: 2, contacts: 2, mail_tries: 2, collect_activities: 0, collect_promises: 0 });
    const target = await takeDatabase();
    try {
      // The transaction's BEGIN answered late (a busy database): by then the file has long been read.
      const late = new Proxy(target.db, {
        get: (db, key) =>
          key === 'transaction'
            ? async (...args: Parameters<typeof db.transaction>) => {
                await new Promise((r) => setTimeout(r, 200));
                return db.transaction(...args);
              }
            : Reflect.get(db, key),
      });
      expect(await restore({ ...target, db: late }, file)).toEqual(Object.fromEntries(Object.entries(counts).filter(([, n]) => n > 0)));
      const q = sql`SELECT account_id, state, pdf_sha256, encode(sha256(pdf), 'hex') AS real FROM letters WHERE campaign_id = ${id} ORDER BY account_id`;
      const before = await src.rows(q);
      const after = await target.rows<{ pdf_sha256: string; real: string }>(q);
      expect(after).toEqual(before);
      expect(after.every((r) => r.pdf_sha256 === r.real)).toBe(true);
      // The history stays append-only after a restore, and new events continue the numbering.
      await expect(target.rows(sql`DELETE FROM events`)).rejects.toThrow();
      await expect(restore(target, file)).rejects.toThrow(/not empty/);
    } finally {
      await giveBackDatabase(target);
    }
  });

  it('an empty backup file is refused, not restored as nothing', async () => {
    const file = join(testTempDir('cari-backup-'), 'empty.jsonl.gz');
    writeFileSync(file, gzipSync(''));
    const target = await takeDatabase();
    try {
      await expect(restore(target, file)).rejects.toThrow(/is empty: not a Cari Ekran backup/);
    } finally {
      await giveBackDatabase(target);
    }
  });
});

describe('auditor report', () => {
  it('Excel and PDF list every letter with our balance, theirs, the difference, who answered and how', async () => {
    const { id, path } = await sentCampaign(['1006', '1047']);
    // 1006: our 114.621,89 TL B (dataset to 30.06.2026); they say 110.000,00 TL B → fark 4.621,89 TL.
    await h.reply(path('1006'), { method: 'POST', body: answerForm('disagreed', { amount: '110.000,00', side: 'B', currency: 'TL' }) });
    const x = await h.api(`/api/mutabakat/campaigns/${id}/report.xlsx`);
    expect(x.headers.get('content-disposition')).toContain("filename*=UTF-8''Mutabakat%20raporu%2030.06.2026.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await x.arrayBuffer()) as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
    const row1006 = rows.find((r) => r[0] === '1006')!;
    expect(row1006.slice(2, 10)).toEqual([
      'Mutabık değil',
      'm.1006@firma.example',
      '114.621,89 TL B',
      '110.000,00 TL B',
      '4.621,89 TL B',
      'Zeynep Kaya, Muhasebe',
      '16.11.2026',
      'Web',
    ]);
    expect(rows.find((r) => r[0] === '1047')![2]).toBe('Gönderildi, yanıt yok');
    const pdf = await h.api(`/api/mutabakat/campaigns/${id}/report.pdf`);
    const text = pdfText(await pdf.arrayBuffer());
    expect(text).toContain('Mutabakat raporu');
    expect(text).toMatch(/1006\s+A\+ Yapı Denetim/);
    expect(text).toContain('4.621,89 TL B');
  });
});
