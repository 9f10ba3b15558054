/**
 * The mutabakat mail in Turkish: subject, HTML and plain text, the reply link, the TTK md. 94 note.
 * No tracking pixel, no remote image, no script: the HTML is text and one link.
 */
import { formatDate, formatMoney } from '../../src/domain/format';
import type { Money } from './money-view';

export interface MailFacts {
  kind: 'letter' | 'reminder';
  company: string;
  accountId: string;
  accountName: string;
  person: string;
  asOf: string;
  deadline: string;
  ours: Money[];
  link: string;
  /** Denetçi modu: the auditor's letter (the answer goes to the firm; negative form: answer only if it differs). */
  audit?: { firm: string; engagementNo: string; auditorEmail: string; form: 'positive' | 'negative' };
}

export const sideWords = (m: Money): string =>
  m.side === 'B' ? 'borç (bize borçlu görünüyorsunuz)' : m.side === 'A' ? 'alacak (sizden borçlu görünüyoruz)' : 'bakiye yok';
const amount = (m: Money) => `${formatMoney(Math.abs(m.balance))} ${m.currency}`;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const TTK_NOTE =
  'Bu sayfadan verilen yanıt mutabakat içindir; Türk Ticaret Kanunu md. 94’e göre itiraz, hesap özetinin alınmasından itibaren bir ay içinde noter, taahhütlü mektup, telgraf veya güvenli elektronik imzalı yazı ile yapılır. Web yanıtı bu resmî itirazın yerine geçmez.';

/** "Mutabakat mektubu - Çağlar Ünlü Ltd. Şti. - 31.03.2026.pdf" (Turkish letters kept; path characters dropped). */
export function attachmentName(accountName: string, accountId: string, asOf: string): string {
  const name = (accountName || accountId)
    .replace(/[\\/:*?"<>|\r\n\t]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80);
  return `Mutabakat mektubu - ${name} - ${formatDate(asOf)}.pdf`;
}

export function subjectOf(f: Pick<MailFacts, 'kind' | 'company' | 'asOf' | 'audit'>): string {
  const what = f.audit ? `Bağımsız denetim bakiye teyidi (${f.audit.firm})` : 'Cari hesap mutabakatı';
  return `${f.kind === 'reminder' ? 'Hatırlatma: ' : ''}${what} - ${f.company || 'Cari Ekran'} - ${formatDate(f.asOf)}`;
}

/** An auditor's letter says who asks and where the answer goes (BDS 505 ¶7 (c)). */
function auditLines(f: MailFacts): string[] {
  if (!f.audit) return [];
  return [
    `Bu teyit talebi ${f.company} şirketinin bağımsız denetçisi ${f.audit.firm} tarafından (${f.audit.engagementNo} sayılı denetim) gönderilmektedir. Yanıtınız doğrudan denetçiye ulaşır; ${f.company} yanıtınızı görmez. Sorularınız için bu e-postayı yanıtlayabilirsiniz (yanıt denetçiye, ${f.audit.auditorEmail} adresine gider).`,
    ...(f.audit.form === 'negative'
      ? [`Kayıtlarınız bu bakiyeyle uyuşuyorsa yanıt vermeniz gerekmez; yalnızca uyuşmuyorsa ${formatDate(f.deadline)} tarihine kadar bildiriniz.`]
      : []),
    'Yanıt sayfası kimliğinizi doğrulamak için VKN/TCKN’nizi soracak ve bu adrese 6 haneli bir kod gönderecektir.',
  ];
}

export function composeMail(f: MailFacts): { subject: string; text: string; html: string } {
  const who = f.person || f.accountName || `Firma ${f.accountId}`;
  const balances = f.ours.map((m) => `${amount(m)} ${sideWords(m)}`).join('; ');
  const intro =
    f.kind === 'reminder'
      ? 'Daha önce gönderdiğimiz cari hesap mutabakat mektubumuza henüz yanıt alamadık. Hatırlatmak isteriz:'
      : 'Cari hesap mutabakatı için bilgilerinize sunarız:';
  const audit = auditLines(f);
  const lines = [
    `Sayın ${who},`,
    '',
    intro,
    `${f.company} kayıtlarına göre ${f.accountName} (cari kodu ${f.accountId}) hesabınızın ${formatDate(f.asOf)} tarihi itibarıyla bakiyesi: ${balances}.`,
    '',
    ...audit.flatMap((l) => [l, '']),
    'Mutabakat mektubu ekteki PDF dosyasındadır. Yanıtınızı (Mutabıkız / Mutabık değiliz) şu bağlantıdan verebilirsiniz:',
    f.link,
    `Son yanıt tarihi: ${formatDate(f.deadline)}. Bağlantı size özeldir; lütfen başkalarıyla paylaşmayın.`,
    '',
    TTK_NOTE,
    '',
    'Saygılarımızla,',
    f.audit ? `${f.audit.firm} (bağımsız denetçi), ${f.company} adına` : f.company,
  ];
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    '<!doctype html><html lang="tr"><head><meta charset="utf-8"><title>' + escapeHtml(subjectOf(f)) + '</title></head>',
    '<body style="font-family:Arial,Helvetica,sans-serif;font-size:14px;color:#111;line-height:1.45">',
    p(`Sayın ${who},`),
    p(intro),
    `<p style="margin:0 0 12px">${escapeHtml(`${f.company} kayıtlarına göre ${f.accountName} (cari kodu ${f.accountId}) hesabınızın ${formatDate(f.asOf)} tarihi itibarıyla bakiyesi:`)} <strong>${escapeHtml(balances)}</strong>.</p>`,
    ...audit.map((l, i) => (i === 0 ? `<p style="margin:0 0 12px"><strong>${escapeHtml(l)}</strong></p>` : p(l))),
    p('Mutabakat mektubu ekteki PDF dosyasındadır. Yanıtınızı aşağıdaki bağlantıdan verebilirsiniz:'),
    `<p style="margin:0 0 12px"><a href="${escapeHtml(f.link)}" style="display:inline-block;padding:10px 18px;background:#0b5cad;color:#fff;text-decoration:none;border-radius:4px">Mutabakat yanıtı ver</a></p>`,
    `<p style="margin:0 0 12px;font-size:12px;color:#444">${escapeHtml(f.link)}</p>`,
    p(`Son yanıt tarihi: ${formatDate(f.deadline)}. Bağlantı size özeldir; lütfen başkalarıyla paylaşmayın.`),
    `<p style="margin:0 0 12px;font-size:12px;color:#444">${escapeHtml(TTK_NOTE)}</p>`,
    p('Saygılarımızla,'),
    p(f.audit ? `${f.audit.firm} (bağımsız denetçi), ${f.company} adına` : f.company),
    '</body></html>',
  ].join('\n');
  return { subject: subjectOf(f), text: lines.join('\n'), html };
}
