// @vitest shared-modules long
/**
 * Mutabakat mails over real SMTP into an smtp-server inbox on 127.0.0.1 (read back with mailparser):
 * Turkish subject and attachment name, the PDF's bytes and text, the reply link; a refused address;
 * the SMTP server down (the mail waits and is retried); sending refused without SMTP_URL outside demo.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { disabledTransport, smtpTransport, type MailTransport } from '../../server/mail/transport';
import { datasetBalance, mailHarness, smtpInbox, type Harness, type Inbox } from './mutabakat-harness';
import { pdfText } from '../harness/pdf-text';

let h: Harness;
let inbox: Inbox;
let port: number;
/** The SMTP transport, or none (SMTP_URL not set) for one test: the same database either way. */
const switchable = {
  inner: null as MailTransport | null,
  get mode() {
    return this.inner!.mode;
  },
  send(m: Parameters<MailTransport['send']>[0]) {
    return this.inner!.send(m);
  },
  close() {},
};
const env = mailHarness(
  (m) => {
    ({ h, inbox } = m);
    port = inbox.port;
  },
  { transport: (i) => ((switchable.inner = smtpTransport(i.url)), switchable), settings: { demo: false }, clock: null },
);

const ASOF = '2026-06-30';

async function campaign(ids: string[]) {
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: ASOF, deadline: '2026-12-31' } });
  expect(r.status).toBe(201);
  return ((await r.json()) as { campaign: { id: string } }).campaign.id;
}
const contact = (id: string, to: string) =>
  h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [to], cc: ['denetim@ornek.example'], person: 'Şule Çelik' } });
const board = async (id: string) =>
  (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as {
    campaign: { counts: Record<string, number> };
    letters: { id: string; accountId: string; state: string; lastError: string | null }[];
  };

describe('mutabakat mail over SMTP', () => {
  it('delivers the letter: Turkish subject and file name intact, the PDF as mailed = the archived one, its text states the dataset balance, the link opens the reply page', async () => {
    // 1006 A+ Yapı Denetim Ltd. Şti. (Ankara): Σ(borç − alacak) to 30.06.2026 = 114.621,89 TL (dataset lines).
    const acc = h.erp.dataset.accountById.get('1006')!;
    expect(datasetBalance(h.erp, '1006', ASOF)).toBe(11_462_189);
    await contact('1006', 'muhasebe@yapi.example');
    const id = await campaign(['1006']);
    await h.drain();
    const [mail] = await inbox.waitFor(1);
    expect(mail!.subject).toBe('Cari hesap mutabakatı - Örnek Dağıtım A.Ş. - 30.06.2026');
    expect(mail!.to && !Array.isArray(mail!.to) ? mail!.to.text : '').toBe('muhasebe@yapi.example');
    expect(mail!.cc && !Array.isArray(mail!.cc) ? mail!.cc.text : '').toBe('denetim@ornek.example');
    expect(mail!.replyTo?.text).toBe('muhasebe@ornek.example');
    expect(mail!.html).not.toMatch(/<img/i);
    const att = mail!.attachments[0]!;
    expect(att.filename).toBe(`Mutabakat mektubu - ${acc.name} - 30.06.2026.pdf`);
    expect(att.contentType).toBe('application/pdf');
    const b = await board(id);
    const letter = b.letters[0]!;
    expect(letter.state).toBe('sent');
    const archived = Buffer.from(await (await h.api(`/api/mutabakat/letters/${letter.id}/pdf`)).arrayBuffer());
    expect(createHash('sha256').update(att.content).digest('hex')).toBe(createHash('sha256').update(archived).digest('hex'));
    const text = pdfText(att.content);
    expect(text).toContain('30.06.2026 tarihi itibarıyla 114.621,89 TL borç bakiyesi vermektedir');
    expect(text).toContain(acc.name);
    const link = /http:\/\/cari\.test\/yanit\/[A-Za-z0-9_-]{43}/.exec(mail!.text ?? '')![0];
    expect(mail!.html).toContain(link);
    const page = await h.reply(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('114.621,89 TL — borç');
    // Sent (not demo): the stored copy no longer carries the link; the token is stored only hashed.
    const stored = (await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as {
      mails: { id: string; replyUrl: string | null; state: string; messageId: string }[];
    };
    expect(stored.mails[0]).toMatchObject({ state: 'sent', replyUrl: null });
    const full = (await (await h.api(`/api/mutabakat/outbox/${stored.mails[0]!.id}`)).json()) as { text: string };
    expect(full.text).not.toContain(link);
  });

  it('a refused address (550) is "ulaşmadı" with the SMTP answer kept, not retried', async () => {
    await contact('1006', 'yok@yapi.example');
    inbox.refuse = /^yok@/;
    const id = await campaign(['1006']);
    await h.drain();
    const b = await board(id);
    expect(b.campaign.counts, JSON.stringify(b.letters)).toMatchObject({ failed: 1, sent: 0 });
    expect(b.letters[0]!.lastError).toContain('550');
  });

  it('SMTP down: the mail waits with the reason on the board and goes once the server is back', async () => {
    await contact('1006', 'muhasebe@yapi.example');
    await inbox.close();
    const id = await campaign(['1006']);
    await h.drain();
    let b = await board(id);
    expect(b.letters[0]!.state).toBe('queued');
    expect(b.letters[0]!.lastError).toMatch(/yeniden denenecek/);
    inbox = env.inbox = await smtpInbox({ port });
    h.clock.now = new Date(h.clock.now.getTime() + 5_000);
    await h.drain();
    // The pooled transport may need its connection to be retried once more after the refused one.
    if (inbox.mails.length === 0) {
      h.clock.now = new Date(h.clock.now.getTime() + 60_000);
      await h.drain();
    }
    await inbox.waitFor(1);
    b = await board(id);
    expect(b.letters[0]!.state).toBe('sent');
    expect(inbox.mails).toHaveLength(1);
  });
});

describe('mutabakat without SMTP_URL outside demo mode', () => {
  it('refuses to send, naming SMTP_URL, and still prints', async () => {
    const smtp = switchable.inner;
    switchable.inner = disabledTransport();
    try {
      await contact('1006', 'muhasebe@yapi.example');
      const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1006'], asOf: ASOF, deadline: '2026-12-31' } });
      expect(r.status).toBe(409);
      expect(((await r.json()) as { error: { code: string; message: string } }).error).toMatchObject({
        code: 'mail_not_configured',
        message: expect.stringContaining('SMTP_URL'),
      });
      const printable = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ['1006'], asOf: ASOF, deadline: '2026-12-31', send: false } });
      expect(printable.status).toBe(201);
      await h.drain();
      const id = ((await printable.json()) as { campaign: { id: string } }).campaign.id;
      const b = await board(id);
      expect(b.letters[0]!.state).toBe('prepared');
      expect((await h.api(`/api/mutabakat/letters/${b.letters[0]!.id}/pdf`)).status).toBe(200);
      expect((await h.api(`/api/mutabakat/campaigns/${id}/send`, { json: {} })).status).toBe(409);
    } finally {
      switchable.inner = smtp;
    }
  });
});
