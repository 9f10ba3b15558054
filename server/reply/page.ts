/**
 * The reply page's HTML (server-rendered, no script). Everything shown is this letter's own frozen
 * snapshot: our company, their name, the date, our balance in their currency with B/A in words, the
 * PDF link; the form (Mutabıkız / Mutabık değiliz, their balance, explanation, name and title,
 * attachment); afterwards the answer read-only. One plain page for every link that does not lead to a letter.
 */
import { createHash } from 'node:crypto';
import { formatDate, formatDateTime, formatMoney } from '../../src/domain/format';
import { TTK_NOTE, sideWords } from '../mutabakat/mail-compose';
import type { Money } from '../mutabakat/money-view';
import type { BabsFigures, BabsSnapshot } from '../../src/domain/babs/reconcile';

export const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const CSS = `body{font-family:system-ui,Arial,sans-serif;margin:0;background:#f4f5f7;color:#111;line-height:1.5}
main{max-width:720px;margin:0 auto;padding:24px 16px;background:#fff;min-height:100vh}
h1{font-size:1.4rem;margin:0 0 4px}h2{font-size:1.1rem;margin:24px 0 8px}
.company{color:#444;font-size:.9rem;margin-bottom:16px}.balance{font-size:1.2rem;font-weight:600}
fieldset{border:1px solid #ccd;border-radius:6px;margin:0 0 16px;padding:12px}legend{font-weight:600}
label{display:block;margin:8px 0 4px;font-weight:600}input[type=text],select,textarea{font:inherit;padding:6px;border:1px solid #889;border-radius:4px;width:100%;box-sizing:border-box}
.row{display:flex;gap:8px}.row>*{flex:1}.choice label{display:inline;font-weight:400;margin-right:16px}
button{font:inherit;padding:10px 20px;background:#0b5cad;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#a40000;font-weight:600}.errors{border:2px solid #a40000;padding:8px 12px;border-radius:6px;margin-bottom:16px}
.note{font-size:.85rem;color:#333;background:#f7f7ee;border-left:4px solid #c9b458;padding:8px 12px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 16px}dt{font-weight:600}dd{margin:0}`;

export const REPLY_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(CSS).digest('base64')}'`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "img-src 'none'",
  "script-src 'none'",
].join('; ');

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${CSS}</style></head><body><main>${body}</main></body></html>`;
}

/** The one page for a link that does not lead to a letter (unknown, expired, cancelled): no hint which. */
export function plainPage(): string {
  return layout(
    'Mutabakat yanıtı',
    '<h1>Bu bağlantı kullanılamıyor</h1><p>Bağlantı geçersiz ya da süresi dolmuş olabilir. Mutabakat için lütfen size e-postayı gönderen firmayla iletişime geçin.</p>',
  );
}

/** The database cannot be reached (or another fault): nothing was taken, try again shortly. */
export function unavailablePage(): string {
  return layout(
    'Mutabakat yanıtı',
    '<h1>Şu anda yanıt verilemiyor</h1><p>Sistemimize şu anda ulaşılamıyor; bir yanıt gönderdiyseniz kaydedilmedi. Lütfen birkaç dakika sonra tekrar deneyin.</p>',
  );
}

export function busyPage(): string {
  return layout('Mutabakat yanıtı', '<h1>Çok fazla istek</h1><p>Kısa sürede çok fazla istek geldi. Lütfen birkaç dakika sonra tekrar deneyin.</p>');
}

export interface LetterView {
  company: { title: string; address: string };
  accountName: string;
  accountId: string;
  asOf: string;
  deadline: string;
  ours: Money[];
  /** The TL figure as the ERP records it (shown beside balances in another currency, or several). */
  localBalance?: number;
  pdfHref: string;
  actionHref: string;
  /** A BA/BS letter: its frozen figures (babs-page.ts renders it). */
  babs?: BabsSnapshot;
  /** An auditor's letter (Denetçi modu): the firm the answer goes to; audit-page.ts adds the identity steps. */
  audit?: { firm: string; auditorEmail: string; form: 'positive' | 'negative' };
}

const moneyText = (m: Money) => `${formatMoney(Math.abs(m.balance))} ${m.currency}`;

/** Our company's name and address, the top of every letter's page. */
export const companyBlock = (v: LetterView) =>
  `<div class="company"><strong>${esc(v.company.title || 'Firma')}</strong>${v.company.address ? `<br>${esc(v.company.address).replace(/\n/g, '<br>')}` : ''}</div>`;

function head(v: LetterView): string {
  const ours = v.ours.map((m) => `<p class="balance">${esc(moneyText(m))} — ${esc(sideWords(m))}</p>`).join('');
  const tl =
    v.localBalance !== undefined && !(v.ours.length === 1 && v.ours[0]!.currency === 'TL')
      ? `<p>ERP kayıtlarımızdaki TL karşılığı (tüm işlemler): ${esc(moneyText({ currency: 'TL', balance: v.localBalance, side: '' }))}${v.localBalance ? ` ${v.localBalance > 0 ? 'borç' : 'alacak'}` : ''}</p>`
      : '';
  return `${companyBlock(v)}
<h1>${v.audit ? 'Bakiye teyidi — bağımsız denetim' : 'Cari hesap mutabakatı'}</h1>
<p>Sayın <strong>${esc(v.accountName)}</strong> (cari kodu ${esc(v.accountId)}),</p>
<p>${esc(v.company.title || 'Firmamız')} kayıtlarına göre hesabınızın <strong>${esc(formatDate(v.asOf))}</strong> tarihi itibarıyla bakiyesi:</p>
${ours}${tl}
<p><a href="${esc(v.pdfHref)}">Mutabakat mektubunu (PDF) indir</a></p>${v.audit ? auditNote(v) : ''}`;
}

/** An auditor's letter: who asks, and that the answer goes to the auditor, not to the company. */
const auditNote = (v: LetterView) => `
<p class="note"><strong>Bu teyit talebi ${esc(v.company.title || 'şirketin')} bağımsız denetçisi ${esc(v.audit!.firm)} adına gönderilmiştir.</strong> Yanıtınız doğrudan denetçiye ulaşır; ${esc(v.company.title || 'şirket')} yanıtınızı görmez. Sorularınız için: ${esc(v.audit!.auditorEmail)}.${v.audit!.form === 'negative' ? ` Kayıtlarınız bu bakiyeyle uyuşuyorsa yanıt vermeniz gerekmez; yalnızca uyuşmuyorsa ${esc(formatDate(v.deadline))} tarihine kadar bildiriniz.` : ''}</p>`;

export interface FormValues {
  kind?: string;
  amount?: string;
  side?: string;
  currency?: string;
  note?: string;
  name?: string;
  title?: string;
  /** A letter of several currencies: their amount and side per currency. */
  byCurrency?: Record<string, { amount: string; side: string }>;
  bsCount?: string;
  bsAmount?: string;
  /** An auditor's letter: the code mailed to the letter's address. */
  code?: string;
  baCount?: string;
  baAmount?: string;
}

/** Their balance: one amount (any of our currencies or TL) — or, for a letter of several currencies, one per currency. */
function theirFields(v: LetterView, values: FormValues, sel: (cur: string, val: string | undefined) => string): string {
  if (v.ours.length > 1) {
    return v.ours
      .map((m) => {
        const k = m.currency;
        return `<div class="row"><div><label for="amount_${esc(k)}">Tutar (${esc(k)})</label><input type="text" id="amount_${esc(k)}" name="amount_${esc(k)}" inputmode="decimal" placeholder="1.234,56" value="${esc(values.byCurrency?.[k]?.amount ?? '')}"></div>
<div><label for="side_${esc(k)}">Borç / alacak (${esc(k)})</label><select id="side_${esc(k)}" name="side_${esc(k)}"><option value="B"${sel('B', values.byCurrency?.[k]?.side)}>Size borçluyuz (borç)</option><option value="A"${sel('A', values.byCurrency?.[k]?.side)}>Sizden alacaklıyız (alacak)</option></select></div></div>`;
      })
      .join('\n');
  }
  const currencies = [...new Set([...v.ours.map((m) => m.currency), 'TL'])];
  return `<div class="row"><div><label for="amount">Tutar</label><input type="text" id="amount" name="amount" inputmode="decimal" placeholder="1.234,56" value="${esc(values.amount ?? '')}"></div>
<div><label for="side">Borç / alacak</label><select id="side" name="side"><option value="B"${sel('B', values.side)}>Size borçluyuz (borç)</option><option value="A"${sel('A', values.side)}>Sizden alacaklıyız (alacak)</option></select></div>
<div><label for="currency">Para birimi</label><select id="currency" name="currency">${currencies.map((c) => `<option${sel(c, values.currency)}>${esc(c)}</option>`).join('')}</select></div></div>`;
}

/** What differs between the cari and the BA/BS form; everything else is answerForm's. */
export interface FormParts {
  title: string;
  head: string;
  /** The question the two choices answer. */
  question: string;
  /** The fieldset for a disagreement: its legend and their figures. */
  theirsLegend: string;
  theirs: string;
  noteLabel: string;
  fileLabel: string;
  /** The legal note under the form (TTK md. 94, or the BA/BS one). */
  note: string;
  /** A fieldset before the choices (an auditor's letter: the code). */
  before?: string;
}

/** The reply form (either kind of letter): Mutabıkız / Mutabık değiliz, their figures, note, attachment, who answers. */
export function answerForm(v: LetterView, p: FormParts, values: FormValues, errors: string[]): string {
  const checked = (k: string) => (values.kind === k ? ' checked' : '');
  const errorBox = errors.length
    ? `<div class="errors" role="alert"><p class="error">Yanıt kaydedilemedi:</p><ul>${errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></div>`
    : '';
  return layout(
    p.title,
    `${p.head}
<h2>Yanıtınız</h2>${errorBox}
<form method="post" action="${esc(v.actionHref)}" enctype="multipart/form-data">${p.before ?? ''}
<fieldset class="choice"><legend>${esc(p.question)}</legend>
<label><input type="radio" name="kind" value="agreed" required${checked('agreed')}> Mutabıkız</label>
<label><input type="radio" name="kind" value="disagreed"${checked('disagreed')}> Mutabık değiliz</label></fieldset>
<fieldset><legend>${esc(p.theirsLegend)}</legend>
${p.theirs}
<label for="note">${esc(p.noteLabel)}</label><textarea id="note" name="note" rows="4" maxlength="4000">${esc(values.note ?? '')}</textarea>
<label for="file">${esc(p.fileLabel)}</label><input type="file" id="file" name="file" accept=".pdf,.xlsx,.csv,.png,.jpg,.jpeg"></fieldset>
<fieldset><legend>Yanıtı veren</legend>
<div class="row"><div><label for="name">Ad soyad</label><input type="text" id="name" name="name" required maxlength="200" value="${esc(values.name ?? '')}"></div>
<div><label for="title">Unvan</label><input type="text" id="title" name="title" required maxlength="200" value="${esc(values.title ?? '')}"></div></div></fieldset>
<p class="note">${esc(p.note)}</p>
<p>Son yanıt tarihi: ${esc(formatDate(v.deadline))}. Yalnızca bir yanıt verilebilir.</p>
<button type="submit">Yanıtı gönder</button>
</form>`,
  );
}

export function formPage(v: LetterView, values: FormValues = {}, errors: string[] = [], before?: string): string {
  const sel = (cur: string, val: string | undefined) => (cur === val ? ' selected' : '');
  return answerForm(
    v,
    {
      before,
      title: 'Mutabakat yanıtı',
      head: head(v),
      question: 'Bakiyemiz kayıtlarınızla uyuşuyor mu?',
      theirsLegend: 'Mutabık değilseniz: kayıtlarınızdaki bakiye',
      theirs: theirFields(v, values, sel),
      noteLabel: 'Açıklama',
      fileLabel: 'Ek (isteğe bağlı: hesap ekstreniz; PDF, XLSX, CSV, PNG veya JPG, en fazla 10 MB)',
      note: TTK_NOTE,
    },
    values,
    errors,
  );
}

export interface AnswerView {
  kind: 'agreed' | 'disagreed';
  balances: Money[];
  note: string;
  name: string;
  title: string;
  at: string;
  attachmentName: string | null;
  babs?: BabsFigures | null;
}

/**
 * The answer, read-only (either kind of letter). What they gave when they did not agree: `theirsBefore`
 * above the list (BA/BS figures), or `theirsRow`, a row of it (cari balances).
 */
export function answeredBody(
  v: LetterView,
  a: AnswerView,
  p: { title: string; head: string; theirsBefore?: string; theirsRow?: string; note: string },
  notice?: string,
): string {
  return layout(
    p.title,
    `${p.head}
${notice ? `<p class="error" role="alert">${esc(notice)}</p>` : ''}
<h2>Yanıtınız kaydedildi</h2>
${p.theirsBefore ?? ''}
<dl><dt>Yanıt</dt><dd>${a.kind === 'agreed' ? 'Mutabıkız' : 'Mutabık değiliz'}</dd>
${p.theirsRow ?? ''}
${a.note ? `<dt>Açıklama</dt><dd>${esc(a.note)}</dd>` : ''}
<dt>Yanıtı veren</dt><dd>${esc(a.name)}${a.title ? `, ${esc(a.title)}` : ''}</dd>
<dt>Zaman</dt><dd>${esc(formatDateTime(new Date(a.at)))}</dd>
${a.attachmentName ? `<dt>Ek</dt><dd>${esc(a.attachmentName)}</dd>` : ''}</dl>
<p>Bu yanıt değiştirilemez. Bir düzeltme için lütfen ${esc(v.company.title || 'firmamız')} ile iletişime geçin.</p>
<p class="note">${esc(p.note)}</p>`,
  );
}

export function answeredPage(v: LetterView, a: AnswerView, notice?: string): string {
  const theirs = a.balances.map((m) => `${moneyText(m)} — ${sideWords(m)}`).join('; ');
  const theirsRow = a.kind === 'disagreed' ? `<dt>Kayıtlarınızdaki bakiye</dt><dd>${esc(theirs)}</dd>` : '';
  return answeredBody(v, a, { title: 'Mutabakat yanıtı', head: head(v), theirsRow, note: TTK_NOTE }, notice);
}
