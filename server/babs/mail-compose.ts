/**
 * The BA/BS mutabakat mail in Turkish, naming the month ("Ekim 2026 BA/BS mutabakatı"): our Form Bs
 * and Ba figures (what they are on the counterpart's side), the two PDFs (letter, documents list), the
 * reply link. Text and one link, like the cari mail (compose.ts).
 */
import { formatDate, formatMoney } from '../../src/domain/format';
import type { BabsFigure, BabsSnapshot } from '../../src/domain/babs/reconcile';
import { monthName } from '../../src/domain/babs/month';

export interface BabsMailFacts {
  kind: 'letter' | 'reminder';
  company: string;
  accountId: string;
  accountName: string;
  person: string;
  deadline: string;
  babs: BabsSnapshot;
  link: string;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
const cleanName = (s: string) =>
  s
    .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);

/** "BA-BS mutabakat mektubu - Çağlar Ünlü Ltd. Şti. - Ekim 2026.pdf" */
export const babsLetterFileName = (accountName: string, month: string): string =>
  `BA-BS mutabakat mektubu - ${cleanName(accountName)} - ${monthName(month)}.pdf`;
/** "BA-BS belge listesi - Çağlar Ünlü Ltd. Şti. - Ekim 2026.pdf" */
export const babsDocsFileName = (accountName: string, month: string): string => `BA-BS belge listesi - ${cleanName(accountName)} - ${monthName(month)}.pdf`;
/** The documents list's name beside a mailed letter's (the mail row keeps the letter's name only). */
export const docsNameBeside = (letterFileName: string): string => letterFileName.replace(/^BA-BS mutabakat mektubu - /, 'BA-BS belge listesi - ');

export function babsSubject(f: Pick<BabsMailFacts, 'kind' | 'company' | 'babs'>): string {
  return `${f.kind === 'reminder' ? 'Hatırlatma: ' : ''}${monthName(f.babs.month)} BA/BS mutabakatı - ${f.company || 'Cari Ekran'}`;
}

const figure = (x: BabsFigure) => `${x.count} belge, ${formatMoney(x.net)} TL (KDV hariç)`;

export function composeBabsMail(f: BabsMailFacts): { subject: string; text: string; html: string } {
  const who = f.person || f.accountName || `Firma ${f.accountId}`;
  const month = monthName(f.babs.month);
  const intro =
    f.kind === 'reminder'
      ? `${month} dönemi BA/BS mutabakat mektubumuza henüz yanıt alamadık. Hatırlatmak isteriz:`
      : `${month} dönemi Form Ba / Form Bs bildirimlerimizin karşılıklı tutarlı olması için kayıtlarımızı bilgilerinize sunarız:`;
  const bs = `Form Bs (size satışlarımız; sizin Form Ba'nız): ${figure(f.babs.ours.bs)}`;
  const ba = `Form Ba (sizden alışlarımız; sizin Form Bs'niz): ${figure(f.babs.ours.ba)}`;
  const head = `${f.company} kayıtlarına göre ${f.accountName} (cari kodu ${f.accountId}${f.babs.taxId ? `, VKN/TCKN ${f.babs.taxId}` : ''}) ile ${month} dönemi:`;
  const attach = 'Ekte iki PDF dosyası var: mutabakat mektubu ve rakamların arkasındaki belgelerin listesi (belge no, tarih, tür, KDV hariç, KDV, toplam).';
  const ask = 'Kayıtlarınız uyuşuyorsa "Mutabıkız", uyuşmuyorsa kendi belge sayınızı ve KDV hariç tutarınızı form başına şu bağlantıdan bildirebilirsiniz:';
  const until = `Son yanıt tarihi: ${formatDate(f.deadline)}. Bağlantı size özeldir; lütfen başkalarıyla paylaşmayın.`;
  const text = [`Sayın ${who},`, '', intro, head, `- ${bs}`, `- ${ba}`, '', attach, ask, f.link, until, '', 'Saygılarımızla,', f.company].join('\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>${escapeHtml(babsSubject(f))}</title></head>`,
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111;line-height:1.45">',
    p(`Sayın ${who},`),
    p(intro),
    p(head),
    `<ul style="margin:0 0 12px"><li>${escapeHtml(bs)}</li><li>${escapeHtml(ba)}</li></ul>`,
    p(attach),
    p(ask),
    `<p style="margin:0 0 12px"><a href="${escapeHtml(f.link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px">BA/BS mutabakat yanıtı ver</a></p>`,
    `<p style="margin:0 0 12px;font-size:12px;color:#444">${escapeHtml(f.link)}</p>`,
    p(until),
    p('Saygılarımızla,'),
    p(f.company),
    '</body></html>',
  ].join('\n');
  return { subject: babsSubject(f), text, html };
}
