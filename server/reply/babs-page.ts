/**
 * The reply page of a BA/BS letter (page.ts hands over when the letter is one): our Form Bs and Ba
 * figures for the month with what they are on their side (our Bs = their Ba), the two PDFs, and a
 * form asking for THEIR count and KDV-hariç total per form when they do not agree. Server-rendered,
 * no script, the cari page's layout and style.
 */
import { formatMoney } from '../../src/domain/format';
import { amountInputMessage, parseAmountInput } from '../../src/domain/money';
import { babsDifference, sameFigures, type BabsFigure, type BabsFigures } from '../../src/domain/babs/reconcile';
import { monthName } from '../../src/domain/babs/month';
import type { BabsForm } from '../../src/domain/babs/classify';
import { answerForm, answeredBody, answeredPage, companyBlock, esc, formPage, type AnswerView, type FormValues, type LetterView } from './page';

/** The reply page's form for either kind of letter. */
export const formOf = (v: LetterView, values: FormValues = {}, errors: string[] = []): string =>
  v.babs ? babsFormPage(v, values, errors) : formPage(v, values, errors);
/** The answered page for either kind of letter. */
export const answeredOf = (v: LetterView, a: AnswerView, notice?: string): string => (v.babs ? babsAnsweredPage(v, a, notice) : answeredPage(v, a, notice));

export const BABS_NOTE =
  'Bu yanıt Form Ba / Form Bs bildirimlerimizin karşılaştırılması içindir; verilmiş bir beyannameyi değiştirmez. Bir fark varsa düzeltme, ilgili dönemin bildirimi düzeltilerek yapılır.';

const figureText = (f: BabsFigure) => `${f.count} belge · ${formatMoney(f.net)} TL`;

/** Their side of each of our forms, as the counterpart knows it. */
const THEIR_LABEL: Record<BabsForm, string> = {
  bs: 'Bizden alışlarınız (sizin Form Ba’nız; bizim Form Bs’miz)',
  ba: 'Bize satışlarınız (sizin Form Bs’niz; bizim Form Ba’mız)',
};

function head(v: LetterView): string {
  const s = v.babs!;
  const month = monthName(s.month);
  return `${companyBlock(v)}
<h1>BA/BS mutabakatı — ${esc(month)}</h1>
<p>Sayın <strong>${esc(v.accountName)}</strong> (cari kodu ${esc(v.accountId)}${s.taxId ? `, VKN/TCKN ${esc(s.taxId)}` : ''}),</p>
<p>${esc(v.company.title || 'Firmamız')} kayıtlarına göre ${esc(month)} döneminde aramızdaki belgeler (KDV hariç, TL):</p>
${(['bs', 'ba'] as const).map((f) => `<p>${esc(THEIR_LABEL[f])}:<br><span class="balance">${esc(figureText(s.ours[f]))}</span></p>`).join('\n')}
<p><a href="${esc(v.pdfHref)}">Mutabakat mektubunu (PDF) indir</a> · <a href="${esc(`${v.actionHref}/belgeler.pdf`)}">Belge listesini (PDF) indir</a></p>`;
}

const plainMoney = (m: number) => formatMoney(m);

export function babsFormPage(v: LetterView, values: FormValues = {}, errors: string[] = []): string {
  const s = v.babs!;
  // Our figures filled in: the counterpart changes only what differs.
  const val = (k: keyof Omit<FormValues, 'byCurrency'>, fallback: string) => esc(values[k] ?? fallback);
  const row = (f: BabsForm) => `<p><strong>${esc(THEIR_LABEL[f])}</strong></p>
<div class="row"><div><label for="${f}Count">Belge sayısı</label><input type="text" id="${f}Count" name="${f}Count" inputmode="numeric" value="${val(`${f}Count`, String(s.ours[f].count))}"></div>
<div><label for="${f}Amount">KDV hariç tutar (TL)</label><input type="text" id="${f}Amount" name="${f}Amount" inputmode="decimal" placeholder="1.234,56" value="${val(`${f}Amount`, plainMoney(s.ours[f].net))}"></div></div>`;
  return answerForm(
    v,
    {
      title: 'BA/BS mutabakat yanıtı',
      head: head(v),
      question: 'Rakamlarımız kayıtlarınızla uyuşuyor mu?',
      theirsLegend: 'Mutabık değilseniz: sizin kayıtlarınızdaki rakamlar',
      theirs: `<p>Kutulara bizim rakamlarımız yazılıdır; yalnızca sizde farklı olanı değiştirin.</p>\n${row('bs')}\n${row('ba')}`,
      noteLabel: 'Açıklama (ör. eksik ya da fazla görünen fatura)',
      fileLabel: 'Ek (isteğe bağlı: Ba/Bs listeniz; PDF, XLSX, CSV, PNG veya JPG, en fazla 10 MB)',
      note: BABS_NOTE,
    },
    values,
    errors,
  );
}

export function babsAnsweredPage(v: LetterView, a: AnswerView, notice?: string): string {
  const theirs = a.babs;
  const theirsBefore =
    a.kind === 'disagreed' && theirs
      ? `<p>Kayıtlarınızdaki rakamlar:</p>${(['bs', 'ba'] as const).map((f) => `<p>${esc(THEIR_LABEL[f])}:<br><span class="balance">${esc(figureText(theirs[f]))}</span></p>`).join('')}`
      : '';
  return answeredBody(v, a, { title: 'BA/BS mutabakat yanıtı', head: head(v), theirsBefore, note: BABS_NOTE }, notice);
}

const COUNT = /^\d{1,6}$/;

/** Their figures from the form (disagreed), errors in Turkish; null when one is wrong. */
export function readBabsForm(values: FormValues, ours: BabsFigures, errors: string[]): BabsFigures | null {
  const out = {} as BabsFigures;
  let ok = true;
  for (const f of ['bs', 'ba'] as const) {
    const label = f === 'bs' ? 'Bizden alışlarınız' : 'Bize satışlarınız';
    const count = (values[`${f}Count`] ?? '').replace(/\s/g, '');
    const typed = parseAmountInput(values[`${f}Amount`]);
    const minor = typed.kind === 'amount' ? typed.minor : null;
    if (!COUNT.test(count)) errors.push(`${label}: belge sayısı 0 ya da daha büyük bir tam sayı olmalı.`);
    if (minor === null) errors.push(amountInputMessage(typed, `${label}: KDV hariç tutar`)!);
    if (!COUNT.test(count) || minor === null) ok = false;
    else out[f] = { count: Number(count), net: minor };
  }
  if (!ok) return null;
  if (sameFigures(babsDifference(ours, out))) {
    errors.push('Yazdığınız rakamlar bizimkilerle aynı: “Mutabıkız” seçin ya da farklı olan rakamı yazın.');
    return null;
  }
  return out;
}
