// @vitest shared-modules long
/**
 * Documents by e-mail from the account page (statement, open items, vade farkı) and the reminder
 * levels' attachments, read back from an SMTP inbox on 127.0.0.1 and the PDFs' text (pdftotext).
 * Figures are worked by hand from the demo dataset's account 1277 (Çakır Matbaacılık): one sales
 * invoice of 95.775,06 TL dated 08.07.2025, due 07.08.2025, nothing paid.
 */
import { describe, expect, it } from 'vitest';
import { contacts } from '../../server/db/schema';
import { mailHarness, type Harness, type Inbox } from './mutabakat-harness';
import { pdfWords as pdfText } from '../harness/pdf-text';

let h: Harness;
let inbox: Inbox;
mailHarness((m) => ({ h, inbox } = m), { settings: { demo: false } });

const toOf = (m: Inbox['mails'][number]) => (Array.isArray(m.to) ? m.to[0] : m.to)!.text;

async function addContacts(ids: readonly string[]) {
  const ctx = await h.mut.ctx();
  await ctx.db
    .insert(contacts)
    .values(ids.map((id) => ({ accountId: id, to: [`muhasebe.${id}@musteri.example`], cc: [], person: 'Ayşe Yılmaz', updatedAt: new Date(), updatedBy: 't' })));
}

describe('documents by e-mail from the account page', () => {
  it('statement, open items and vade farkı of 1277 as PDFs to its contact (tahsilat address first), each logged; figures worked by hand', async () => {
    await addContacts(['1277']);
    const send = (kind: string) => h.api('/api/tahsilat/accounts/1277/send-document', { json: { kind } });
    expect((await send('statement')).status).toBe(201);
    // A tahsilat address wins over the mutabakat one from then on.
    expect((await h.api('/api/tahsilat/accounts/1277/address', { method: 'PUT', json: { collectTo: ['tahsilat@cakirmatbaa.example'] } })).status).toBe(200);
    expect((await send('openItems')).status).toBe(201);
    expect((await send('lateInterest')).status).toBe(201);
    const bad = await send('fatura');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toMatch(/ekstre \(statement\), açık kalemler \(openItems\) ya da vade farkı \(lateInterest\)/);
    await h.drain();
    // Three mails over the outbox's pooled SMTP connections: they arrive in any order; read in the order they were asked for.
    const asked = ['Hesap ekstresi', 'Açık kalemler', 'Vade farkı'];
    const rank = (s: string | undefined) => asked.findIndex((a) => (s ?? '').startsWith(a));
    const mails = [...(await inbox.waitFor(3, 30_000))].sort((a, b) => rank(a.subject) - rank(b.subject));
    expect(mails.map((m) => m.subject)).toEqual([
      'Hesap ekstresi 16.11.2026 — Örnek Dağıtım A.Ş.',
      'Açık kalemler 16.11.2026 — Örnek Dağıtım A.Ş.',
      'Vade farkı hesabı 16.11.2026 — Örnek Dağıtım A.Ş.',
    ]);
    expect(mails.map(toOf)).toEqual(['muhasebe.1277@musteri.example', 'tahsilat@cakirmatbaa.example', 'tahsilat@cakirmatbaa.example']);
    expect(mails.map((m) => m.attachments[0]!.filename)).toEqual([
      'Hesap ekstresi - Çakır Matbaacılık ve Cam Tic. Ltd. Şti. - 16.11.2026.pdf',
      'Açık kalemler - Çakır Matbaacılık ve Cam Tic. Ltd. Şti. - 16.11.2026.pdf',
      'Vade farkı hesabı - Çakır Matbaacılık ve Cam Tic. Ltd. Şti. - 16.11.2026.pdf',
    ]);
    const [statement, open, late] = mails.map((m) => pdfText(m.attachments[0]!.content));
    // The statement covers 16.11.2025–16.11.2026: the invoice of 08.07.2025 is the devir, the closing balance the same, on the debit side.
    expect(statement).toContain('Cari Hesap Ekstresi');
    expect(statement).toContain('Dönem sonu bakiye: 95.775,06 B');
    // One open item, overdue: 95.775,06 TL.
    expect(open).toContain('Açık kalemler toplamı: 95.775,06 TL');
    expect(open).toContain('Vadesi geçmiş: 95.775,06 TL (1 kalem)');
    // Vade farkı at the legal rate (kanuni faiz %24 since 01.06.2024): 07.08.2025 → 16.11.2026 = 365 + 92 + 9 = 466 days;
    // 95.775,06 × 466 × 24 / 36.500 = 29.346,52797… → 29.346,53; KDV %20 = 5.869,306 → 5.869,31; total 35.215,84.
    expect(late).toContain('Vade farkı 29.346,53 TL + KDV 5.869,31 TL = 35.215,84 TL');
    expect(late).toMatch(/07\.08\.2025 16\.11\.2026 .* 95\.775,06 466 %24 × 466 gün 29\.346,53/);
    // Each logged in the account's activity.
    const acc = (await (await h.api('/api/tahsilat/accounts/1277')).json()) as { activities: { kind: string; note: string }[] };
    expect(acc.activities.filter((a) => a.kind === 'statement').map((a) => a.note)).toEqual([
      'Vade farkı hesabı PDF’i e-postayla gönderildi: tahsilat@cakirmatbaa.example',
      'Açık kalemler PDF’i e-postayla gönderildi: tahsilat@cakirmatbaa.example',
      'Hesap ekstresi PDF’i e-postayla gönderildi: muhasebe.1277@musteri.example',
    ]);
  }, 90_000);

  it('the outbox’s “Ek” of a tahsilat mail is its PDF (a tahsilat mail has no mutabakat letter)', async () => {
    await addContacts(['1277']);
    const { mailId } = (await (await h.api('/api/tahsilat/accounts/1277/send-document', { json: { kind: 'openItems' } })).json()) as { mailId: string };
    const listed = (await (await h.api(`/api/mutabakat/outbox/${mailId}`)).json()) as { mail: { kind: string; attachmentName: string } };
    expect(listed.mail).toMatchObject({ kind: 'tahsilat', attachmentName: 'Açık kalemler - Çakır Matbaacılık ve Cam Tic. Ltd. Şti. - 16.11.2026.pdf' });
    const res = await h.api(`/api/tahsilat/mails/${mailId}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('Açık kalemler - Çakır Matbaacılık'));
    expect(pdfText(Buffer.from(await res.arrayBuffer()))).toContain('Vadesi geçmiş: 95.775,06 TL (1 kalem)');
    expect((await h.api('/api/tahsilat/mails/00000000-0000-0000-0000-000000000000/pdf')).status).toBe(404);
  }, 60_000);
});

describe('reminder levels', () => {
  it('level 2 (30–59 days) attaches the vade farkı calculation; level 3 (60+) is a manual task for the owner, no mail', async () => {
    const ids = h.erp.dataset.accounts.map((a) => a.id);
    await addContacts(ids);
    const proposed = (await (await h.api('/api/tahsilat/reminders/propose', { json: {} })).json()) as {
      reminders: { id: string; accountId: string; level: number; state: string; kind: string }[];
    };
    const manual = proposed.reminders.filter((p) => p.level === 3);
    expect(manual.length).toBeGreaterThan(0);
    expect(manual.every((p) => p.state === 'manual' && p.kind === 'manual')).toBe(true);
    // 1277 (466 days) is one of them.
    expect(manual.map((p) => p.accountId)).toContain('1277');
    const level2 = proposed.reminders.filter((p) => p.level === 2 && p.state === 'proposed');
    const level1 = proposed.reminders.filter((p) => p.level === 1 && p.state === 'proposed');
    expect(level2.length).toBeGreaterThan(0);
    // Sending every proposal: the manual ones are not sendable and stay tasks.
    const r = (await (await h.api('/api/tahsilat/reminders/send', { json: { ids: proposed.reminders.map((p) => p.id) } })).json()) as { queued: number };
    expect(r.queued).toBe(level1.length + level2.length);
    await h.drain();
    const mails = await inbox.waitFor(r.queued, 60_000);
    expect(mails).toHaveLength(r.queued);
    const byTo = new Map(mails.map((m) => [toOf(m), m]));
    for (const p of manual) expect(byTo.has(`muhasebe.${p.accountId}@musteri.example`)).toBe(false);
    const firm = byTo.get(`muhasebe.${level2[0]!.accountId}@musteri.example`)!;
    expect(firm.subject).toBe('İkinci hatırlatma: vadesi geçmiş ödemeler — Örnek Dağıtım A.Ş.');
    expect(firm.attachments[0]!.filename).toMatch(/^Vade farkı hesabı - .+ - 16\.11\.2026\.pdf$/);
    const text = pdfText(firm.attachments[0]!.content);
    expect(text).toContain('Vade Farkı');
    expect(text).toMatch(/Vade farkı [\d.]+,\d\d (TL|USD|EUR) \+ KDV [\d.]+,\d\d (TL|USD|EUR) = [\d.]+,\d\d (TL|USD|EUR)/);
    const polite = byTo.get(`muhasebe.${level1[0]!.accountId}@musteri.example`)!;
    expect(polite.attachments[0]!.filename).toMatch(/^Açık kalemler - /);
  }, 150_000);
});
