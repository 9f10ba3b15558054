// @vitest shared-modules long
/**
 * Denetçi modu (issue 47) over the real gateway, the demo ERP and an SMTP inbox on 127.0.0.1: the
 * company authorises an audit firm; the auditor joins by the mailed invitation (password + TOTP), logs
 * in, samples the ledger, approves addresses (flagged ones shown), sends; the counterpart proves who it is
 * (VKN/TCKN, then a code mailed to the letter's address) and answers; the company sees states only until
 * release; exceptions are worked; the evidence chain verifies and names a tampered row; the ZIP holds
 * what an audit file needs. Figures are worked from the dataset's own lines, not from the engine.
 */
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { totpAt } from '../../server/audit/totp';
import { vknValid } from '../../src/domain/babs/tax-id';
import { datasetBalance, mailHarness, type Harness, type Inbox } from './mutabakat-harness';
import { pdfWords } from '../harness/pdf-text';

vi.setConfig({ testTimeout: 90_000 });

let h: Harness;
let inbox: Inbox;
mailHarness((m) => ({ h, inbox } = m), { clock: '2026-11-16T09:00:00Z' });

const PERIOD_END = '2026-06-30';
// Accounts written in TL only (their balance is the dataset's Σ(borç − alacak)); 1009 has no balance and is not in the population.
const SCOPE = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1009', '1010', '1013', '1017', '1020', '1021'];
const AUDITOR = 'ayse.denetci@guvendenetim.example';
const PASSWORD = 'Çok-gizli parola 2026 &%+"\'';

/** A valid VKN from nine digits: the check digit that vknValid accepts. */
function vkn(nine: string): string {
  for (let d = 0; d <= 9; d++) if (vknValid(`${nine}${d}`)) return `${nine}${d}`;
  throw new Error('no check digit');
}
const taxOf = (id: string) => vkn(`9${id.padStart(8, '0')}`);

const later = (ms: number) => (h.clock.now = new Date(h.clock.now.getTime() + ms));
const linkIn = (text: string, pattern: RegExp) => pattern.exec(text)?.[0] ?? '';
const mailsTo = (addr: string) => inbox.mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text.includes(addr));
const cookieOf = (r: Response) => (r.headers.get('set-cookie') ?? '').split(';')[0]!;

async function auditorCall(cookie: string, path: string, json?: unknown) {
  return h.api(path, { ...(json !== undefined ? { json } : {}), headers: { cookie } });
}

/** Contacts for the scope (one changed by staff just now, one on free mail), the engagement authorised, the auditor enrolled. */
async function enrolled() {
  for (const id of SCOPE) {
    await h.api(`/api/mutabakat/contacts/${id}`, {
      method: 'PUT',
      json: { to: [id === '1004' ? 'muhasebe1004@gmail.com' : `muhasebe@firma${id}.example`], cc: [], person: '', taxId: taxOf(id) },
    });
  }
  const r = await h.api('/api/denetim/engagements', {
    json: {
      firm: 'Güven Bağımsız Denetim A.Ş.',
      engagementNo: 'BD-2026/17',
      periodEnd: PERIOD_END,
      auditorEmail: AUDITOR,
      auditorName: 'Ayşe Denetçi',
      accountIds: SCOPE,
    },
  });
  expect(r.status).toBe(201);
  const id = ((await r.json()) as { engagement: { id: string } }).engagement.id;
  await h.drain();
  const invite = mailsTo(AUDITOR).at(-1)!;
  expect(invite.subject).toContain('BD-2026/17');
  const token = linkIn(invite.text!, /(?<=\/denetim\/davet#)[A-Za-z0-9_-]{43}/);
  const none = '';
  const setp = await auditorCall(none, '/api/denetci/invite/password', { token, password: PASSWORD });
  expect(setp.status).toBe(200);
  const { secret } = (await setp.json()) as { secret: string };
  const conf = await auditorCall(none, '/api/denetci/invite/confirm', { token, code: totpAt(secret, h.clock.now) });
  expect(conf.status).toBe(200);
  const { recoveryCodes } = (await conf.json()) as { recoveryCodes: string[] };
  return { id, token, secret, recoveryCodes, cookie: cookieOf(conf) };
}

describe('the auditor joins and logs in', () => {
  it('a mailed, single-use invitation; a password and TOTP; a replayed code, a reused invitation and a staff session are refused', async () => {
    const info = await auditorCall('', '/api/denetci/invite', { token: 'x'.repeat(43) });
    expect(info.status).toBe(404);
    const e = await enrolled();
    // The invitation is used up.
    const again = await auditorCall('', '/api/denetci/invite/password', { token: e.token, password: PASSWORD });
    expect(again.status).toBe(404);
    expect(((await again.json()) as { error: { message: string } }).error.message).toContain('kullanılmış');
    // The staff session is not an auditor's.
    expect((await h.api('/api/denetci/me')).status).toBe(401);
    const me = await auditorCall(e.cookie, '/api/denetci/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { engagement: { firm: string; periodEnd: string } }).engagement).toMatchObject({
      firm: 'Güven Bağımsız Denetim A.Ş.',
      periodEnd: PERIOD_END,
    });
    // Login: the code used at enrolment is refused again (replay); the next step's is taken.
    const used = totpAt(e.secret, h.clock.now);
    expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, code: used })).status).toBe(401);
    expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: 'yanlış parola 1234', code: used })).status).toBe(401);
    later(30_000);
    const ok = await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, code: totpAt(e.secret, h.clock.now) });
    expect(ok.status).toBe(200);
    // A recovery code works once.
    later(1000);
    expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, recoveryCode: e.recoveryCodes[0] })).status).toBe(200);
    expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, recoveryCode: e.recoveryCodes[0] })).status).toBe(401);
  });

  it('an invitation not used within 7 days no longer opens', async () => {
    const r = await h.api('/api/denetim/engagements', {
      json: { firm: 'Güven Denetim', engagementNo: 'E-7', periodEnd: PERIOD_END, auditorEmail: AUDITOR, auditorName: 'Ayşe Denetçi' },
    });
    expect(r.status).toBe(201);
    await h.drain();
    const token = linkIn(mailsTo(AUDITOR).at(-1)!.text!, /(?<=\/denetim\/davet#)[A-Za-z0-9_-]{43}/);
    later(6 * 86_400_000);
    expect((await auditorCall('', '/api/denetci/invite', { token })).status).toBe(200);
    later(86_400_000 + 1000);
    const gone = await auditorCall('', '/api/denetci/invite', { token });
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { error: { message: string } }).error.message).toContain('süresi dolmuş');
  });

  it('five wrong logins lock the account for 15 minutes', async () => {
    const e = await enrolled();
    for (let i = 0; i < 5; i++)
      expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: `yanlış ${i} parola!!`, code: '000000' })).status).toBe(401);
    later(30_000);
    const locked = await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, code: totpAt(e.secret, h.clock.now) });
    expect(locked.status).toBe(429);
    later(15 * 60_000);
    expect((await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, code: totpAt(e.secret, h.clock.now) })).status).toBe(200);
  });
});

describe('an engagement from sample to evidence', () => {
  it('samples to 70 %, approves addresses, sends; the counterpart answers with the code; the company sees states only; the chain and the ZIP prove it', async () => {
    const e = await enrolled();
    let cookie = e.cookie;
    const call = (path: string, json?: unknown) => auditorCall(cookie, path, json);

    // The population: every scope account's balance at the period end, worked from the dataset.
    const balances = SCOPE.map((id) => ({ id, b: datasetBalance(h.erp, id, PERIOD_END) })).filter((x) => x.b !== 0);
    const pop = (await (await call('/api/denetci/population')).json()) as {
      accounts: number;
      groups: { side: string; currency: string; count: number; sum: string }[];
    };
    expect(pop.accounts).toBe(balances.length);
    const recv = balances.filter((x) => x.b > 0);
    const group = pop.groups.find((g) => g.side === 'B' && g.currency === 'TL')!;
    expect(group).toMatchObject({ count: recv.length, sum: String(recv.reduce((s, x) => s + x.b, 0)) });

    // Largest first to 70 % of each side's sum, by hand.
    const expected: string[] = [];
    for (const side of [1, -1]) {
      const rows = balances.filter((x) => Math.sign(x.b) === side).sort((a, b) => Math.abs(b.b) - Math.abs(a.b) || (a.id < b.id ? -1 : 1));
      const total = rows.reduce((s, x) => s + Math.abs(x.b), 0);
      let sum = 0;
      for (const r of rows) {
        if (sum * 100 >= total * 70) break;
        expected.push(r.id);
        sum += Math.abs(r.b);
      }
    }
    const sample = await call('/api/denetci/sample', { kind: 'coverage', percent: 70 });
    expect(sample.status).toBe(200);
    const drawn = (await sample.json()) as { selected: number; coverage: { sumBasisPoints: number }[] };
    expect(drawn.selected).toBe(expected.length);
    for (const c of drawn.coverage) expect(c.sumBasisPoints).toBeGreaterThanOrEqual(7000);

    const parties = (
      (await (await call('/api/denetci/parties')).json()) as { parties: { accountId: string; proposed: string; flags: string[]; taxId: string }[] }
    ).parties;
    expect(parties.map((p) => p.accountId).sort()).toEqual([...expected].sort());
    // Every address was set by staff just now: flagged as recently changed; the gmail one also as free mail.
    for (const p of parties) expect(p.flags).toContain('recently_changed');
    const gmail = parties.find((p) => p.proposed.endsWith('@gmail.com'));
    if (gmail) expect(gmail.flags).toContain('free_mail');

    // Sending before every address is approved is refused.
    expect((await call('/api/denetci/send', { deadline: '2026-12-31', reminderDays: [7] })).status).toBe(409);
    const [first, ...rest] = parties;
    // The auditor replaces the first party's address with one confirmed by phone; the others are approved as proposed.
    expect((await call(`/api/denetci/parties/${first!.accountId}/approve`, { address: `finans@dogrulanmis${first!.accountId}.example` })).status).toBe(200);
    for (const p of rest) expect((await call(`/api/denetci/parties/${p.accountId}/approve`, {})).status).toBe(200);
    // The company changes the first party's contact afterwards: it does not reach the engagement.
    await h.api(`/api/mutabakat/contacts/${first!.accountId}`, {
      method: 'PUT',
      json: { to: ['sahte@ucretsiz.example'], cc: [], person: '', taxId: taxOf(first!.accountId) },
    });

    const sent = await call('/api/denetci/send', { deadline: '2026-12-31', reminderDays: [7], form: 'positive' });
    expect(sent.status).toBe(200);
    expect((await call('/api/denetci/send', { deadline: '2026-12-31' })).status).toBe(409);
    await h.drain();
    const letterMails = inbox.mails.filter((m) => m.subject?.includes('Bağımsız denetim bakiye teyidi'));
    expect(letterMails).toHaveLength(parties.length);
    const toFirst = letterMails.find((m) => (m.to as { text: string }).text.includes(`dogrulanmis${first!.accountId}`))!;
    expect(toFirst).toBeDefined();
    expect(letterMails.some((m) => (m.to as { text: string }).text.includes('sahte@'))).toBe(false);
    expect((toFirst.replyTo as { text: string }).text).toContain(AUDITOR);
    expect(toFirst.text).toContain('Güven Bağımsız Denetim A.Ş.');
    expect(toFirst.text).toContain('yanıtınızı görmez');
    // The letter itself says where the answer goes, and its reply slip is addressed to the firm.
    const firstLetter = ((await (await call('/api/denetci/letters')).json()) as { letters: { id: string; accountId: string }[] }).letters.find(
      (l) => l.accountId === first!.accountId,
    )!;
    const pdfText = pdfWords(await (await call(`/api/denetci/letters/${firstLetter.id}/pdf`)).arrayBuffer(), { layout: false });
    expect(pdfText).toContain('bağımsız denetçisi Güven Bağımsız Denetim A.Ş. tarafından BD-2026/17 sayılı denetim için');
    expect(pdfText).toContain(`Bağımsız denetçi Güven Bağımsız Denetim A.Ş. dikkatine`);

    // The company: states only; none of the auditor's letters, answers or mails.
    const board = (await (await h.api(`/api/denetim/engagements/${e.id}`)).json()) as { letters: { state: string; result?: unknown }[] };
    expect(board.letters.every((l) => l.state === 'gönderildi' && !('result' in l))).toBe(true);
    expect((await h.api(`/api/mutabakat/campaigns/${e.id}`)).status).toBe(404);
    const campaigns = (await (await h.api('/api/mutabakat/campaigns')).json()) as { campaigns: { id: string }[] };
    expect(campaigns.campaigns.some((c) => c.id === e.id)).toBe(false);
    const outbox = (await (await h.api('/api/mutabakat/outbox')).json()) as { mails: unknown[] };
    expect(outbox.mails).toHaveLength(0);
    const auditorLetters = (await (await call('/api/denetci/letters')).json()) as { letters: { id: string; accountId: string }[] };
    expect((await h.api(`/api/mutabakat/letters/${auditorLetters.letters[0]!.id}`)).status).toBe(404);
    expect((await h.api(`/api/mutabakat/letters/${auditorLetters.letters[0]!.id}/answer`, { json: { kind: 'agreed' } })).status).toBe(404);

    // The counterpart of the first letter: another company's VKN is refused, its own gets a code by mail.
    const path = new URL(linkIn(toFirst.text!, /http:\/\/cari\.test\/yanit\/[A-Za-z0-9_-]{43}/)).pathname;
    const page = await (await h.reply(path)).text();
    expect(page).toContain('Kimliğinizi doğrulayın');
    expect(page).toContain('Güven Bağımsız Denetim A.Ş.');
    const form = (o: Record<string, string>) => new URLSearchParams(o);
    const wrong = await h.reply(`${path}/kimlik`, { method: 'POST', body: form({ taxId: taxOf('1099') }) });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('eşleşmiyor');
    const asked = await h.reply(`${path}/kimlik`, { method: 'POST', body: form({ taxId: taxOf(first!.accountId) }) });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Doğrulama kodu');
    await h.drain();
    const codeMail = inbox.mails.find((m) => m.subject?.startsWith('Teyit yanıtı doğrulama kodu'))!;
    expect((codeMail.to as { text: string }).text).toContain(`dogrulanmis${first!.accountId}`);
    const code = /kodunuz: (\d{6})/.exec(codeMail.text!)![1]!;
    // The stored copies keep neither the code nor the invitation's token once the relay has them (anyone with
    // the database — the audited company's IT — could otherwise answer, or enrol, in someone else's place).
    const stored = await (
      await h.mut.ctx()
    ).d.rows<{ kind: string; text: string; html: string; link: string | null }>(
      sql`SELECT kind, text, html, link FROM mails WHERE campaign_id = ${e.id} AND kind IN ('reply_code', 'audit_invite') AND state = 'sent'`,
    );
    expect(stored.map((m) => m.kind).sort()).toEqual(['audit_invite', 'reply_code']);
    for (const m of stored) {
      expect([m.kind, m.link, m.text.includes(code) || m.html.includes(code), m.text.includes(e.token) || m.html.includes(e.token)]).toEqual([
        m.kind,
        null,
        false,
        false,
      ]);
    }
    expect(stored.find((m) => m.kind === 'reply_code')!.text).toContain('kodunuz: ••••••');
    const ours = datasetBalance(h.erp, first!.accountId, PERIOD_END);
    const theirs = Math.abs(ours) - 123_45;
    const answer = (c: string) =>
      form({
        code: c,
        kind: 'disagreed',
        amount: `${Math.floor(theirs / 100)},${String(theirs % 100).padStart(2, '0')}`,
        side: ours > 0 ? 'B' : 'A',
        currency: 'TL',
        name: 'Mehmet Öztürk',
        title: 'Mali İşler Müdürü',
        note: 'Fark: 17.11 tarihli ödeme & iade "K-5"',
      });
    const bad = await h.reply(path, { method: 'POST', body: answer(code === '000000' ? '111111' : '000000') });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Kalan deneme: 3');
    const good = await h.reply(path, { method: 'POST', body: answer(code) });
    expect(good.status).toBe(200);

    // The company still sees "yanıtlandı" only.
    const after = (await (await h.api(`/api/denetim/engagements/${e.id}`)).json()) as { letters: { accountId: string; state: string; result?: unknown }[] };
    expect(after.letters.find((l) => l.accountId === first!.accountId)).toEqual(expect.objectContaining({ state: 'yanıtlandı' }));
    expect(JSON.stringify(after)).not.toContain('Mehmet');

    // The auditor: the answer with who gave it, the difference as an exception.
    const mine = (
      (await (await call('/api/denetci/letters')).json()) as {
        letters: {
          id: string;
          accountId: string;
          answer: { name: string; identity: { taxId: string } } | null;
          difference: { balance: number }[] | null;
          exceptions: { kind: string }[];
        }[];
      }
    ).letters;
    const answered = mine.find((l) => l.accountId === first!.accountId)!;
    expect(answered.answer).toMatchObject({ name: 'Mehmet Öztürk', identity: { taxId: taxOf(first!.accountId) } });
    expect(Math.abs(answered.difference![0]!.balance)).toBe(123_45);
    // The try with another company's VKN stays an exception beside the difference.
    expect(answered.exceptions.map((x) => x.kind)).toEqual(['difference', 'identity']);

    // After the deadline, the letters nobody answered are exceptions; the alternative procedure reads the receipts after the period end.
    h.clock.now = new Date('2027-01-05T09:00:00Z');
    // The 8-hour session has ended: the auditor logs in again.
    expect((await call('/api/denetci/me')).status).toBe(401);
    const again = await auditorCall('', '/api/denetci/login', { email: AUDITOR, password: PASSWORD, code: totpAt(e.secret, h.clock.now) });
    expect(again.status).toBe(200);
    cookie = cookieOf(again);
    const later1 = ((await (await call('/api/denetci/letters')).json()) as { letters: { id: string; accountId: string; exceptions: { kind: string }[] }[] })
      .letters;
    const silent = later1.filter((l) => l.accountId !== first!.accountId);
    for (const l of silent) expect(l.exceptions.map((x) => x.kind)).toContain('no_reply');
    if (silent.length) {
      const s = silent[0]!;
      const r = await call(`/api/denetci/letters/${s.id}/alternative`, { until: '2026-11-15' });
      expect(r.status).toBe(200);
      const alt = (await r.json()) as { results: { openAtPeriodEnd: number; settledAfter: number }[] };
      expect(alt.results[0]!.openAtPeriodEnd).toBe(Math.abs(datasetBalance(h.erp, s.accountId, PERIOD_END)));
      expect((await call(`/api/denetci/letters/${s.id}/close`, { conclusion: 'Sonraki tahsilatlarla doğrulandı.' })).status).toBe(200);
    }

    // The chain verifies; the ZIP carries it, and an independent recomputation agrees.
    const v = (await (await call('/api/denetci/evidence/verify')).json()) as { ok: boolean; events: number; text: string };
    expect(v).toMatchObject({ ok: true });
    expect(v.text).toContain('Kanıt zinciri sağlam');
    const zipRes = await call('/api/denetci/evidence.zip');
    expect(zipRes.status).toBe(200);
    const zip = await JSZip.loadAsync(await zipRes.arrayBuffer());
    const lines = (await zip.file('olaylar.jsonl')!.async('string'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, string | number | null>);
    expect(lines).toHaveLength(v.events);
    let prev = '0'.repeat(64);
    for (const x of lines) {
      const content = [prev, x.seq, x.at, x.type, x.byUser ?? '', x.byName ?? '', x.letterId ?? '', x.accountId ?? '', x.detail].join('\n');
      expect(x.prevHash).toBe(prev);
      expect(createHash('sha256').update(content, 'utf8').digest('hex')).toBe(x.hash);
      prev = String(x.hash);
    }
    const folder = Object.keys(zip.files).find((f) => f.startsWith(`mektuplar/${first!.accountId} `) && f.endsWith('.pdf'))!;
    const pdf = await zip.file(folder)!.async('uint8array');
    const shaFile = await zip.file(folder.replace(/[^/]+$/, 'mektup.sha256.txt'))!.async('string');
    expect(shaFile.split(' ')[0]).toBe(createHash('sha256').update(pdf).digest('hex'));
    const evidence = JSON.parse(await zip.file(folder.replace(/[^/]+$/, 'kanit.json'))!.async('string')) as {
      address: { approved: string; approvedBy: string };
      mails: { messageId: string; tries: unknown[] }[];
    };
    expect(evidence.address).toMatchObject({ approved: `finans@dogrulanmis${first!.accountId}.example`, approvedBy: `denetci:${AUDITOR}` });
    expect(evidence.mails.find((m) => m.messageId)?.tries.length).toBeGreaterThan(0);
    expect(zip.file('ozet.xlsx')).not.toBeNull();

    // A row changed behind the application's back: the chain names it.
    const d = (await h.mut.ctx()).d;
    const [target] = await d.rows<{ seq: number }>(sql`SELECT seq FROM events WHERE campaign_id = ${e.id} AND type = 'answered'`);
    await d.rows(sql`ALTER TABLE events DISABLE TRIGGER events_no_update`);
    await d.rows(sql`UPDATE events SET detail = jsonb_set(detail, '{name}', '"Başka Biri"') WHERE campaign_id = ${e.id} AND type = 'answered'`);
    await d.rows(sql`ALTER TABLE events ENABLE TRIGGER events_no_update`);
    const broken = (await (await call('/api/denetci/evidence/verify')).json()) as { ok: boolean; brokenAt: number; text: string };
    expect(broken).toMatchObject({ ok: false, brokenAt: Number(target!.seq) });
    expect(broken.text).toContain('içeriği yazıldıktan sonra değişmiş');

    // Released: the company sees the results; revoked: the auditor's session ends.
    expect((await call('/api/denetci/release', {})).status).toBe(200);
    const released = (await (await h.api(`/api/denetim/engagements/${e.id}`)).json()) as { letters: { accountId: string; result: { kind: string } | null }[] };
    expect(released.letters.find((l) => l.accountId === first!.accountId)!.result).toMatchObject({ kind: 'disagreed' });
    expect((await h.api(`/api/denetim/engagements/${e.id}/revoke`, { json: {} })).status).toBe(200);
    expect((await call('/api/denetci/me')).status).toBe(401);
  });

  it('five wrong codes lock the letter and tell the auditor; another engagement’s auditor cannot read it', async () => {
    const e = await enrolled();
    const call = (path: string, json?: unknown) => auditorCall(e.cookie, path, json);
    expect((await call('/api/denetci/sample', { kind: 'random', count: 1, seed: 'tohum-2026' })).status).toBe(200);
    // One account drawn from each side: receivables and payables.
    const drawn = ((await (await call('/api/denetci/parties')).json()) as { parties: { accountId: string }[] }).parties;
    expect(drawn).toHaveLength(2);
    for (const x of drawn) expect((await call(`/api/denetci/parties/${x.accountId}/approve`, {})).status).toBe(200);
    const p = drawn[0];
    expect((await call('/api/denetci/send', { deadline: '2026-12-31' })).status).toBe(200);
    await h.drain();
    const letterMail = inbox.mails.find((m) => m.subject?.includes('Bağımsız denetim bakiye teyidi') && (m.text ?? '').includes(`cari kodu ${p!.accountId})`))!;
    const path = new URL(linkIn(letterMail.text!, /http:\/\/cari\.test\/yanit\/[A-Za-z0-9_-]{43}/)).pathname;
    expect((await h.reply(`${path}/kimlik`, { method: 'POST', body: new URLSearchParams({ taxId: taxOf(p!.accountId) }) })).status).toBe(200);
    await h.drain();
    const code = /kodunuz: (\d{6})/.exec(inbox.mails.find((m) => m.subject?.startsWith('Teyit yanıtı doğrulama kodu'))!.text!)![1]!;
    // "Kod gelmediyse": the identity step again, but not a new code within the minute.
    expect(await (await h.reply(`${path}?yeni=1`)).text()).toContain('Kimliğinizi doğrulayın');
    const soon = await h.reply(`${path}/kimlik`, { method: 'POST', body: new URLSearchParams({ taxId: taxOf(p!.accountId) }) });
    expect(soon.status).toBe(400);
    expect(await soon.text()).toContain('Kod az önce gönderildi');
    // Five guesses, none of them the code: four refused, the fifth locks.
    const guesses = Array.from({ length: 6 }, (_, i) => String(100000 + i))
      .filter((g) => g !== code)
      .slice(0, 5);
    const tries = [];
    for (const g of guesses)
      tries.push((await h.reply(path, { method: 'POST', body: new URLSearchParams({ code: g, kind: 'agreed', name: 'Deneme', title: 'Deneme' }) })).status);
    expect(tries.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(tries[4]).toBe(423);
    expect((await h.reply(path)).status).toBe(423);
    // The right code no longer opens it.
    expect((await h.reply(path, { method: 'POST', body: new URLSearchParams({ code, kind: 'agreed', name: 'Deneme', title: 'Deneme' }) })).status).toBe(423);
    await h.drain();
    const told = mailsTo(AUDITOR).find((m) => m.subject?.startsWith('Teyit mektubu kilitlendi'));
    expect(told).toBeDefined();
    const mine = ((await (await call('/api/denetci/letters')).json()) as { letters: { id: string; exceptions: { kind: string }[] }[] }).letters;
    expect(mine[0]!.exceptions.map((x) => x.kind)).toContain('identity');

    // An auditor of another engagement: its own session reads none of this one's letters.
    const other = await enrolledOther();
    expect((await auditorCall(other, `/api/denetci/letters/${mine[0]!.id}/evidence.zip`)).status).toBe(404);
    expect((await auditorCall(other, `/api/denetci/letters/${mine[0]!.id}/pdf`)).status).toBe(404);
  });
});

/** A second engagement with another auditor: its session cookie. */
async function enrolledOther(): Promise<string> {
  const email = 'baska.denetci@digerdenetim.example';
  const r = await h.api('/api/denetim/engagements', {
    json: { firm: 'Diğer Denetim A.Ş.', engagementNo: 'X-1', periodEnd: PERIOD_END, auditorEmail: email, auditorName: 'Başka Denetçi', accountIds: ['1001'] },
  });
  expect(r.status).toBe(201);
  await h.drain();
  const token = linkIn(mailsTo(email).at(-1)!.text!, /(?<=\/denetim\/davet#)[A-Za-z0-9_-]{43}/);
  const { secret } = (await (await auditorCall('', '/api/denetci/invite/password', { token, password: PASSWORD })).json()) as { secret: string };
  later(30_000);
  const conf = await auditorCall('', '/api/denetci/invite/confirm', { token, code: totpAt(secret, h.clock.now) });
  expect(conf.status).toBe(200);
  return cookieOf(conf);
}
