// @vitest shared-modules
/**
 * The BA/BS campaign on PGlite through the real gateway, with a seeded get_fatura answer whose figures
 * are worked here by hand (the accounts, their names and statements are the demo ERP's): one frozen
 * letter per counterparty with our Form Bs and Ba count and KDV-hariç total, the one without an address
 * listed and printable, the Turkish mail naming the month, the reply page asking for THEIR figures per
 * form, a disagreement in the count only shown per form and field on the board, a second answer and an
 * expired link refused as on the cari page, the account's history showing the month.
 */
import { writeFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Harness } from './mutabakat-harness';
import { seededHarness } from './babs-seed';
import { pdfText } from '../harness/pdf-text';

let h: Harness;
let A: string, B: string, C: string, D: string, E: string;

beforeAll(async () => {
  const s = await seededHarness();
  h = s.h;
  [A, B, C, D, E] = s.ids;
}, 60_000);
afterAll(() => h?.close());
beforeEach(async () => {
  h.clock.now = new Date('2026-11-16T09:00:00Z');
  await h.reset();
});

const name = (id: string) => h.erp.dataset.accountById.get(id)!.name;

interface Fig {
  count: number;
  net: number;
}
interface BoardJson {
  campaign: { id: string; kind: string; month: string | null; name: string; counts: Record<string, number>; babsDifferences: { bs: Fig; ba: Fig } | null };
  letters: {
    id: string;
    accountId: string;
    state: string;
    warnings: string[];
    babs: {
      month: string;
      ours: { bs: Fig; ba: Fig };
      theirs: { bs: Fig; ba: Fig } | null;
      difference: { bs: Fig; ba: Fig } | null;
      reportable: { bs: boolean; ba: boolean };
      documents: number;
    } | null;
  }[];
}
const board = async (id: string) => (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as BoardJson;

async function contact(id: string, taxId = '') {
  const r = await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`muhasebe.${id}@firma.example`], cc: [], person: 'Muhasebe', taxId } });
  expect(r.status).toBe(200);
}

async function start(ids: string[], extra: Record<string, unknown> = {}) {
  const r = await h.api('/api/mutabakat/campaigns', { json: { kind: 'babs', month: '2026-10', accountIds: ids, deadline: '2026-12-15', ...extra } });
  expect(r.status, await r.clone().text()).toBe(201);
  return ((await r.json()) as { campaign: { id: string } }).campaign.id;
}

async function replyPath(campaignId: string, accountId: string) {
  const mails = (
    (await (await h.api(`/api/mutabakat/outbox?campaignId=${campaignId}`)).json()) as {
      mails: { accountId: string; replyUrl: string; subject: string; attachmentName: string }[];
    }
  ).mails;
  return { path: new URL(mails.find((m) => m.accountId === accountId)!.replyUrl).pathname, mails };
}

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

describe('BA/BS campaign', () => {
  it('freezes our Bs and Ba per counterparty (hand-worked), mails four, lists the one without an address; subject names the month', async () => {
    for (const id of [A, B, C, D]) await contact(id, id === A ? '1234567890' : '');
    const id = await start([A, B, C, D, E]);
    await h.drain();
    const b = await board(id);
    expect(b.campaign).toMatchObject({ kind: 'babs', month: '2026-10', name: 'Ekim 2026 BA/BS mutabakatı' });
    expect(b.campaign.counts).toMatchObject({ total: 5, sent: 4, noAddress: 1 });
    const row = (acc: string) => b.letters.find((l) => l.accountId === acc)!;
    expect(row(A).babs!.ours).toEqual({ bs: { count: 3, net: 1_500_000 }, ba: { count: 0, net: 0 } });
    expect(row(B).babs!.ours).toEqual({ bs: { count: 1, net: 500_000 }, ba: { count: 1, net: 120_000 } });
    expect(row(B).babs!.reportable).toEqual({ bs: true, ba: false });
    expect(row(C).babs!.ours).toEqual({ bs: { count: 0, net: 0 }, ba: { count: 2, net: 750_000 } });
    expect(row(D).babs!.ours).toEqual({ bs: { count: 1, net: 3_215_040 }, ba: { count: 0, net: 0 } });
    expect(row(D).warnings).toContain("USD belgelerinin TL tutarı ERP'nin kaydettiğidir.");
    expect(row(B).warnings.some((w) => w.startsWith('VKN/TCKN kayıtlı değil'))).toBe(true);
    expect(row(A).warnings.some((w) => w.startsWith('VKN/TCKN'))).toBe(false);
    // Never silently skipped: E is listed without an address, its letter and documents list printable.
    expect(row(E).state).toBe('no_address');
    expect(row(E).babs!.ours.bs).toEqual({ count: 1, net: 600_000 });
    for (const kind of ['pdf', 'docs.pdf']) {
      const pdf = await h.api(`/api/mutabakat/letters/${row(E).id}/${kind}`);
      expect(pdf.status).toBe(200);
      expect(
        Buffer.from(await pdf.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }
    const { mails } = await replyPath(id, A);
    expect(mails).toHaveLength(4);
    expect(mails.every((m) => m.subject === 'Ekim 2026 BA/BS mutabakatı - Örnek Dağıtım A.Ş.')).toBe(true);
    expect(mails.find((m) => m.accountId === A)!.attachmentName).toBe(`BA-BS mutabakat mektubu - ${name(A)} - Ekim 2026.pdf`);
  });

  it('the counterpart answers with a different count only: the board shows the difference on the Bs count, none on the amount; a second answer and an expired link are refused', async () => {
    await contact(A);
    await contact(C);
    const id = await start([A, C]);
    await h.drain();
    const { path } = await replyPath(id, A);
    const page = await h.reply(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('BA/BS mutabakatı — Ekim 2026');
    // Our Bs = their Ba: 3 belge, 15.000,00 TL, stated as what they bought from us.
    expect(html).toContain('Bizden alışlarınız (sizin Form Ba’nız; bizim Form Bs’miz):<br><span class="balance">3 belge · 15.000,00 TL</span>');
    expect(html).toContain('belgeler.pdf');

    // The same figures as ours while saying "Mutabık değiliz": refused, nothing recorded.
    const same = await h.reply(path, {
      method: 'POST',
      body: form({ kind: 'disagreed', bsCount: '3', bsAmount: '15.000,00', baCount: '0', baAmount: '0,00', name: 'Zeynep Kaya', title: 'Muhasebe Müdürü' }),
    });
    expect(same.status).toBe(400);
    expect(await same.text()).toContain('Yazdığınız rakamlar bizimkilerle aynı');
    const bad = await h.reply(path, {
      method: 'POST',
      body: form({ kind: 'disagreed', bsCount: 'iki', bsAmount: '15000.00.0', baCount: '0', baAmount: '0', name: 'Zeynep Kaya', title: 'Muhasebe Müdürü' }),
    });
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain('Bizden alışlarınız: belge sayısı 0 ya da daha büyük bir tam sayı olmalı.');
    expect(badHtml).toContain('Bizden alışlarınız: KDV hariç tutar “1.234,56” biçiminde girilmeli.');

    // Their Ba: 2 belge, 15.000,00 TL (one invoice booked in November on their side, say).
    const post = await h.reply(path, {
      method: 'POST',
      body: form({
        kind: 'disagreed',
        bsCount: '2',
        bsAmount: '15.000,00',
        baCount: '0',
        baAmount: '0,00',
        note: 'SF2026-000928 kasımda kayıtlı.',
        name: 'Zeynep Kaya',
        title: 'Muhasebe Müdürü',
      }),
    });
    const postHtml = await post.text();
    expect(post.status, postHtml.match(/<ul>.*?<\/ul>/s)?.[0]).toBe(200);
    expect(postHtml).toContain('Yanıtınız kaydedildi');
    expect(postHtml).toContain('2 belge · 15.000,00 TL');

    // Answer twice: refused on the page, the first answer kept.
    const twice = await h.reply(path, { method: 'POST', body: form({ kind: 'agreed', name: 'Başka Biri', title: 'Stajyer' }) });
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain('Bu mektup için daha önce bir yanıt verilmiş; yeni yanıt kaydedilmedi.');

    const b = await board(id);
    const row = b.letters.find((l) => l.accountId === A)!;
    expect(row.state).toBe('disagreed');
    expect(row.babs!.theirs).toEqual({ bs: { count: 2, net: 1_500_000 }, ba: { count: 0, net: 0 } });
    // ours − theirs: Bs count 3 − 2 = 1, Bs amount 15.000,00 − 15.000,00 = 0; Ba nothing.
    expect(row.babs!.difference).toEqual({ bs: { count: 1, net: 0 }, ba: { count: 0, net: 0 } });
    expect(b.campaign.counts).toMatchObject({ disagreed: 1, noAnswer: 1 });
    expect(b.campaign.babsDifferences).toEqual({ bs: { count: 1, net: 0 }, ba: { count: 0, net: 0 } });

    // The auditor's Excel: the difference per form and field, the count only.
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (await h.api(`/api/mutabakat/campaigns/${id}/report.xlsx`)).arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(String(ws.getRow(1).getCell(1).value)).toContain('Ekim 2026 BA/BS');
    const rowOf = (acc: string) => (ws.getSheetValues() as unknown[][]).find((r) => r?.[1] === acc)!;
    expect(rowOf(A).slice(5, 8)).toEqual([
      'Bs: 3 belge, 15.000,00 TL; Ba: 0 belge, 0,00 TL',
      'Bs: 2 belge, 15.000,00 TL; Ba: 0 belge, 0,00 TL',
      'Bs: belge +1; Ba: fark yok',
    ]);

    const pdf = Buffer.from(await (await h.api(`/api/mutabakat/campaigns/${id}/report.pdf`)).arrayBuffer());
    if (process.env.BABS_SAMPLES) writeFileSync(process.env.BABS_SAMPLES, pdf);
    const text = pdfText(pdf);
    expect(text).toContain('Bs: belge +1; Ba: fark');

    // The account's history: the BA/BS month beside any cari period.
    const hist = (await (await h.api(`/api/mutabakat/accounts/${A}/history`)).json()) as { letters: { kind: string; month: string | null; state: string }[] };
    expect(hist.letters).toEqual([expect.objectContaining({ kind: 'babs', month: '2026-10', state: 'disagreed' })]);

    // Expired (deadline 15.12.2026 + 30 days): the same plain page as an unknown link.
    const c = await replyPath(id, C);
    h.clock.now = new Date('2027-01-15T09:00:00Z');
    const expired = await h.reply(c.path);
    const unknown = await h.reply(`/yanit/${'x'.repeat(43)}`);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toBe(await unknown.text());
  });

  it('amounts typed as Turkish people type them (issue 46): “50.000” is 50.000,00; “7,500” is refused naming both readings, what was typed kept', async () => {
    await contact(C);
    const id = await start([C]);
    await h.drain();
    const { path } = await replyPath(id, C);
    const answer = (baAmount: string) =>
      h.reply(path, {
        method: 'POST',
        body: form({ kind: 'disagreed', bsCount: '0', bsAmount: '0', baCount: '2', baAmount, name: 'Zeynep Kaya', title: 'Muhasebe Müdürü' }),
      });
    const refused = await answer('7,500');
    expect(refused.status).toBe(400);
    const html = await refused.text();
    expect(html).toContain('Bize satışlarınız: KDV hariç tutar “7,500” belirsiz: yedi bin beş yüz için “7.500”, yedi buçuk için “7,50” yazın.');
    expect(html).toContain('name="baAmount" inputmode="decimal" placeholder="1.234,56" value="7,500"');
    expect((await board(id)).letters[0]!.state).toBe('sent');

    // Their Bs (our Ba): 2 belge, 50.000,00 TL; ours 2 belge, 7.500,00 TL.
    const post = await answer('50.000');
    const postHtml = await post.text();
    expect(post.status, postHtml.match(/<ul>.*?<\/ul>/s)?.[0]).toBe(200);
    expect(postHtml).toContain('2 belge · 50.000,00 TL');
    const row = (await board(id)).letters[0]!;
    expect(row.babs!.theirs).toEqual({ bs: { count: 0, net: 0 }, ba: { count: 2, net: 5_000_000 } });
    // ours − theirs: Ba amount 7.500,00 − 50.000,00 = −42.500,00.
    expect(row.babs!.difference).toEqual({ bs: { count: 0, net: 0 }, ba: { count: 0, net: -4_250_000 } });
  });

  it('staff record an answer by phone with their figures per form; the board shows the Ba amount difference', async () => {
    await contact(C);
    const id = await start([C]);
    await h.drain();
    const letter = (await board(id)).letters[0]!;
    const missing = await h.api(`/api/mutabakat/letters/${letter.id}/answer`, {
      json: { kind: 'disagreed', channel: 'phone', date: '2026-11-16', name: 'Ali Demir' },
    });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toContain('Karşı tarafın belge sayısı ve KDV hariç tutarı');
    // Their Bs (our Ba): 2 belge, 7.000,00 TL — 500,00 less than our 7.500,00.
    const r = await h.api(`/api/mutabakat/letters/${letter.id}/answer`, {
      json: {
        kind: 'disagreed',
        channel: 'phone',
        date: '2026-11-16',
        name: 'Ali Demir',
        babs: { bs: { count: 0, amount: 0 }, ba: { count: 2, amount: 700_000 } },
      },
    });
    expect(r.status).toBe(200);
    const row = (await board(id)).letters[0]!;
    expect(row.babs!.difference).toEqual({ bs: { count: 0, net: 0 }, ba: { count: 0, net: 50_000 } });
  });

  it('reminds an unanswered BA/BS letter after 7 days through the same reminders, naming the month; not one that was answered', async () => {
    await contact(A);
    await contact(C);
    const id = await start([A, C]);
    await h.drain();
    const { path } = await replyPath(id, C);
    expect((await h.reply(path, { method: 'POST', body: form({ kind: 'agreed', name: 'Ali Demir', title: 'Muhasebe' }) })).status).toBe(200);
    h.clock.now = new Date('2026-11-24T09:00:00Z');
    const { scanReminders } = await import('../../server/mutabakat/reminders');
    await scanReminders(await h.mut.ctx());
    await h.drain();
    const mails = (
      (await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as {
        mails: { accountId: string; kind: string; subject: string; attachmentName: string }[];
      }
    ).mails;
    expect(mails.filter((m) => m.kind === 'reminder').map((m) => [m.accountId, m.subject, m.attachmentName])).toEqual([
      [A, 'Hatırlatma: Ekim 2026 BA/BS mutabakatı - Örnek Dağıtım A.Ş.', `BA-BS mutabakat mektubu - ${name(A)} - Ekim 2026.pdf`],
    ]);
  });

  it('refuses a month not yet ended or malformed, in Turkish, naming the field', async () => {
    await contact(A);
    for (const [month, text] of [
      ['2026-11', 'Kasım 2026 henüz bitmedi'],
      // Typed as a person writes it: read as 2027-11, then refused as not yet ended.
      ['Kasım 2027', 'Kasım 2027 henüz bitmedi'],
      ['2026-13', '“2026-13” geçerli bir ay değil'],
      ['', 'BA/BS dönemi (ay, ör. 10.2026) gerekli.'],
    ]) {
      const r = await h.api('/api/mutabakat/campaigns', { json: { kind: 'babs', month, accountIds: [A], deadline: '2026-12-15' } });
      expect(r.status).toBe(400);
      const body = (await r.json()) as { error: { problems: { field: string; message: string }[] } };
      expect(body.error.problems.find((p) => p.field === 'month')!.message).toContain(text);
    }
    const early = await h.api('/api/mutabakat/campaigns', { json: { kind: 'babs', month: '2026-10', accountIds: [A], deadline: '2026-10-15' } });
    expect(((await early.json()) as { error: { problems: { field: string; message: string }[] } }).error.problems).toEqual([
      { field: 'deadline', message: 'Son yanıt tarihi dönemin son gününden önce olamaz.' },
    ]);
  });
});
