// @vitest shared-modules
/**
 * A BA/BS letter over real SMTP into an smtp-server inbox on 127.0.0.1, read back with mailparser:
 * the Turkish subject naming the month, the letter and the documents list as two PDFs (their text
 * states the hand-worked figures and lists the invoices), the reply link that opens the BA/BS page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smtpTransport } from '../../server/mail/transport';
import type { Harness } from './mutabakat-harness';
import { smtpInbox, type Inbox } from '../harness/smtp-inbox';
import { seededHarness } from './babs-seed';
import { pdfText, pdfWords } from '../harness/pdf-text';

let h: Harness;
let inbox: Inbox;
let A: string;
beforeAll(async () => {
  inbox = await smtpInbox();
  const s = await seededHarness({ transport: smtpTransport(inbox.url), settings: { demo: false } });
  h = s.h;
  A = s.ids[0];
}, 60_000);
afterAll(async () => {
  await h?.close();
  await inbox?.close();
});

describe('BA/BS mail over SMTP', () => {
  it('subject names the month; the letter and the documents list arrive as two PDFs; the link opens the BA/BS reply page', async () => {
    const name = h.erp.dataset.accountById.get(A)!.name;
    expect(
      (
        await h.api(`/api/mutabakat/contacts/${A}`, {
          method: 'PUT',
          json: { to: ['muhasebe@firma.example'], cc: [], person: 'Şule Çelik', taxId: '1234567890' },
        })
      ).status,
    ).toBe(200);
    const r = await h.api('/api/mutabakat/campaigns', { json: { kind: 'babs', month: '2026-10', accountIds: [A], deadline: '2026-12-15' } });
    expect(r.status).toBe(201);
    await h.drain();
    const [mail] = await inbox.waitFor(1);
    expect(mail!.subject).toBe('Ekim 2026 BA/BS mutabakatı - Örnek Dağıtım A.Ş.');
    expect(mail!.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`BA-BS mutabakat mektubu - ${name} - Ekim 2026.pdf`, 'application/pdf'],
      [`BA-BS belge listesi - ${name} - Ekim 2026.pdf`, 'application/pdf'],
    ]);
    // The mail's text: our Bs (their Ba) 3 belge, 15.000,00 TL; Ba nothing.
    expect(mail!.text).toContain("Form Bs (size satışlarımız; sizin Form Ba'nız): 3 belge, 15.000,00 TL (KDV hariç)");
    expect(mail!.text).toContain("Form Ba (sizden alışlarımız; sizin Form Bs'niz): 0 belge, 0,00 TL (KDV hariç)");
    const letter = pdfWords(mail!.attachments[0]!.content);
    expect(letter).toContain('Konu: Ekim 2026 dönemi Form Ba / Form Bs mutabakatı');
    expect(letter).toContain('VKN/TCKN: 1234567890');
    expect(letter).toContain('3 belge, 15.000,00 TL (bildirim sınırının üstünde)');
    const docs = pdfText(mail!.attachments[1]!.content);
    // Each October invoice with its KDV hariç, KDV and total; September's is not there.
    for (const no of ['SF2026-000901', 'SF2026-000902', 'SF2026-000903']) expect(docs).toMatch(new RegExp(`${no}.*5\\.000,00\\s+1\\.000,00\\s+6\\.000,00`));
    expect(docs).not.toContain('SF2026-000880');
    const link = /http:\/\/cari\.test\/yanit\/[A-Za-z0-9_-]{43}/.exec(mail!.text ?? '')![0];
    expect(mail!.html).toContain(link);
    const page = await h.reply(new URL(link).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('BA/BS mutabakatı — Ekim 2026');
    const list = await h.reply(`${new URL(link).pathname}/belgeler.pdf`);
    expect(list.status).toBe(200);
    expect(Buffer.from(await list.arrayBuffer()).equals(mail!.attachments[1]!.content)).toBe(true);
  });
});
