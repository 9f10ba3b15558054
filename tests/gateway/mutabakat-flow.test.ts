// @vitest shared-modules
/**
 * The mutabakat flow on PGlite through the real gateway: contacts, a campaign of the Ankara accounts
 * prepared as jobs (statements from the demo ERP, balances checked against the dataset by hand),
 * the demo outbox, the counterpart's reply page (agree, disagree with an attachment), the board.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { datasetBalance, mutabakatHarness, type Harness } from './mutabakat-harness';

let h: Harness;
beforeAll(async () => {
  h = await mutabakatHarness();
}, 60_000);
afterAll(() => h?.close());
beforeEach(() => h.reset());

const ASOF = '2026-06-30';
const ankara = () => h.erp.dataset.accounts.filter((a) => a.province === 'Ankara' && !a.currency).slice(0, 4);

async function startCampaign(ids: string[], extra: Record<string, unknown> = {}) {
  const res = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf: ASOF, deadline: '2026-12-31', ...extra } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { campaign: { id: string } }).campaign.id;
}

async function board(id: string) {
  return (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as {
    campaign: {
      state: string;
      progress: { done: number; total: number };
      counts: Record<string, number>;
      differences: { currency: string; balance: number; side: string }[];
    };
    letters: {
      id: string;
      accountId: string;
      state: string;
      ours: { currency: string; balance: number; side: string }[];
      theirs: unknown;
      difference: { currency: string; balance: number }[] | null;
      answer: { kind: string; channel: string; name: string; attachment: { id: string; fileName: string } | null } | null;
      warnings: string[];
    }[];
  };
}

async function setContact(id: string, to: string[]) {
  const r = await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to, cc: [], person: 'Muhasebe' } });
  expect(r.status).toBe(200);
}

describe('mutabakat campaign flow', () => {
  // The file's first letters start the process's letter thread (tsx, the modules, fonts): seconds on a loaded 2-core machine.
  it(
    'prepares one frozen letter per account with the balance the dataset gives, mails those with an address and lists the one without',
    { timeout: 60_000 },
    async () => {
      const accounts = ankara();
      expect(accounts.length).toBe(4);
      for (const a of accounts.slice(0, 3)) await setContact(a.id, [`muhasebe.${a.id}@firma.example`]);
      const id = await startCampaign(accounts.map((a) => a.id));
      let b = await board(id);
      expect(b.campaign.state).toBe('preparing');
      expect(b.campaign.progress).toEqual({ done: 0, total: 4, failed: 0 });
      // Its outbox says more mails are coming while its letters are being made, and no longer once they are.
      const outboxOf = async (cid: string) =>
        (await (await h.api(`/api/mutabakat/outbox?campaignId=${cid}`)).json()) as { mails: unknown[]; preparing: boolean };
      expect(await outboxOf(id)).toMatchObject({ mails: [], preparing: true });
      await h.drain();
      expect(await outboxOf(id)).toMatchObject({ preparing: false });
      expect((await outboxOf(id)).mails).toHaveLength(3);
      expect(await outboxOf('başka-dönem')).toEqual({ mode: 'outbox', mails: [], preparing: false });
      b = await board(id);
      expect(b.campaign.progress.done).toBe(4);
      for (const a of accounts) {
        const row = b.letters.find((l) => l.accountId === a.id)!;
        const expected = datasetBalance(h.erp, a.id, ASOF);
        expect(row.ours).toEqual([{ currency: 'TL', balance: expected, side: expected > 0 ? 'B' : expected < 0 ? 'A' : '' }]);
      }
      // Three sent through the demo outbox, one listed without an address (never silently skipped).
      expect(b.campaign.counts).toMatchObject({ total: 4, sent: 3, noAnswer: 3, noAddress: 1, agreed: 0 });
      const noAddress = b.letters.find((l) => l.accountId === accounts[3]!.id)!;
      expect(noAddress.state).toBe('no_address');
      const pdf = await h.api(`/api/mutabakat/letters/${noAddress.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      const outbox = (await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as {
        mode: string;
        mails: { to: string[]; state: string; replyUrl: string; subject: string; attachmentName: string }[];
      };
      expect(outbox.mode).toBe('outbox');
      expect(outbox.mails).toHaveLength(3);
      expect(outbox.mails.every((m) => m.state === 'sent' && m.replyUrl.startsWith('http://cari.test/yanit/'))).toBe(true);
      expect(outbox.mails[0]!.subject).toBe('Cari hesap mutabakatı - Örnek Dağıtım A.Ş. - 30.06.2026');
    },
  );

  it('the counterpart disagrees with an attachment, another agrees; the board shows the counts and the difference per currency', async () => {
    // Two with more than 2.000,00 TL either way (1001.. by the dataset: 1006 and 1047), so 1.000,00 TL less stays on the same side.
    const [a1, a2] = ankara().filter((a) => Math.abs(datasetBalance(h.erp, a.id, ASOF)) > 200_000);
    await setContact(a1!.id, ['a@firma.example']);
    await setContact(a2!.id, ['b@firma.example']);
    const id = await startCampaign([a1!.id, a2!.id]);
    await h.drain();
    const mails = ((await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as { mails: { accountId: string; replyUrl: string }[] }).mails;
    const path = (acc: string) => new URL(mails.find((m) => m.accountId === acc)!.replyUrl).pathname;

    const page = await h.reply(path(a1!.id));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Örnek Dağıtım A.Ş.');
    expect(html).toContain(a1!.name.replace(/&/g, '&amp;').replace(/'/g, '&#39;'));
    expect(html).toContain('Türk Ticaret Kanunu md. 94');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");

    // Their books: 1.000,00 TL less than ours on the same side.
    const ours = datasetBalance(h.erp, a1!.id, ASOF);
    const theirs = Math.abs(ours) - 100_000;
    const form = new FormData();
    form.set('kind', 'disagreed');
    form.set('amount', (theirs / 100).toFixed(2).replace('.', ','));
    form.set('side', ours >= 0 ? 'B' : 'A');
    form.set('currency', 'TL');
    form.set('note', 'Son faturanız kayıtlarımızda yok.');
    form.set('name', 'Zeynep Kaya');
    form.set('title', 'Muhasebe Müdürü');
    form.set('file', new File([new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x34, 0x0a])], 'ekstremiz.pdf', { type: 'application/pdf' }));
    const post = await h.reply(path(a1!.id), { method: 'POST', body: form });
    const postHtml = await post.clone().text();
    expect(post.status, postHtml.match(/<ul>.*?<\/ul>/s)?.[0]).toBe(200);
    expect(await post.text()).toContain('Yanıtınız kaydedildi');

    const agree = new FormData();
    agree.set('kind', 'agreed');
    agree.set('name', 'Ali Demir');
    agree.set('title', 'Mali İşler');
    expect((await h.reply(path(a2!.id), { method: 'POST', body: agree })).status).toBe(200);

    const b = await board(id);
    expect(b.campaign.counts).toMatchObject({ agreed: 1, disagreed: 1, noAnswer: 0, sent: 2 });
    const row = b.letters.find((l) => l.accountId === a1!.id)!;
    // ours − theirs = 1.000,00 TL on our side of the balance.
    const diff = ours >= 0 ? 100_000 : -100_000;
    expect(row.difference).toEqual([{ currency: 'TL', balance: diff, side: diff > 0 ? 'B' : 'A' }]);
    expect(b.campaign.differences).toEqual([{ currency: 'TL', balance: diff, side: diff > 0 ? 'B' : 'A' }]);
    expect(row.answer).toMatchObject({ kind: 'disagreed', channel: 'web', name: 'Zeynep Kaya' });
    const file = await h.api(`/api/mutabakat/attachments/${row.answer!.attachment!.id}`);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment;/);
    // Not to anyone without a session.
    expect((await h.reply(`/api/mutabakat/attachments/${row.answer!.attachment!.id}`)).status).not.toBe(200);
  });
});
