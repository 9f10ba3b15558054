/**
 * The reply page of an auditor's letter (Denetçi modu, issue 47 item 5): before the answer form, the
 * responder proves who they are — their VKN/TCKN, then the 6-digit code mailed to the address the letter
 * went to (server/audit/reply-identity.ts). Server-rendered, no script, the reply page's style.
 */
import { formatDateTime } from '../../src/domain/format';
import { MAX_TRIES } from '../audit/reply-identity';
import { companyBlock, esc, formPage, layout, type FormValues, type LetterView } from './page';

const errorBox = (errors: string[]) =>
  errors.length ? `<div class="errors" role="alert"><ul>${errors.map((e) => `<li>${esc(e)}</li>`).join('')}</ul></div>` : '';

/** Step 1: the VKN/TCKN, and a code sent to the letter's address. */
export function identityPage(v: LetterView, errors: string[] = [], taxId = ''): string {
  const form = formPage(v);
  // The letter's own head (balance, PDF link, the auditor's note), then the identity step in place of the answer form.
  const head = form.slice(form.indexOf('<main>') + 6, form.indexOf('<h2>Yanıtınız</h2>'));
  return layout(
    'Bakiye teyidi yanıtı',
    `${head}
<h2>Kimliğinizi doğrulayın</h2>${errorBox(errors)}
<p>Yanıtın doğrudan ${esc(v.audit!.firm)} tarafından kullanılabilmesi için, yanıt verenin bu hesabın sahibi olduğu doğrulanır: şirketinizin VKN’sini (ya da şahıs işletmesiyseniz TCKN’nizi) girin; mektubun gönderildiği e-posta adresine 6 haneli bir kod gönderilecek.</p>
<form method="post" action="${esc(v.actionHref)}/kimlik">
<label for="taxId">VKN / TCKN</label><input type="text" id="taxId" name="taxId" inputmode="numeric" autocomplete="off" maxlength="20" required value="${esc(taxId)}">
<p class="note">En fazla ${MAX_TRIES} deneme hakkı vardır; sonra mektup kilitlenir ve denetçiye haber verilir.</p>
<button type="submit">Doğrulama kodu gönder</button>
</form>`,
  );
}

/** Step 2: the answer form with the code field first. */
export function codeFormPage(v: LetterView, sentTo: string, expiresAt: Date | null, values: FormValues = {}, errors: string[] = []): string {
  const before = `
<fieldset><legend>Doğrulama kodu</legend>
<p>6 haneli kod ${esc(sentTo)} adresine gönderildi${expiresAt ? ` (${esc(formatDateTime(expiresAt))} saatine kadar geçerli)` : ''}. Gelmediyse bir dakika sonra <a href="${esc(v.actionHref)}?yeni=1">yeniden isteyebilirsiniz</a>.</p>
<label for="code">Kod</label><input type="text" id="code" name="code" inputmode="numeric" autocomplete="one-time-code" maxlength="6" required value="${esc(values.code ?? '')}"></fieldset>`;
  return formPage(v, values, errors, before);
}

/** The identity was verified (an earlier try was refused for another field): the answer form, no code asked again. */
export const verifiedFormPage = (v: LetterView, values: FormValues = {}, errors: string[] = []) =>
  formPage(v, values, errors, '\n<p class="note">Kimliğiniz doğrulandı.</p>');

export function lockedPage(v: LetterView): string {
  return layout(
    'Bakiye teyidi yanıtı',
    `${companyBlock(v)}
<h1>Bu mektup kilitlendi</h1>
<p>Kimlik doğrulaması ${MAX_TRIES} kez başarısız olduğu için bu teyit mektubuna bu sayfadan yanıt verilemez. Bağımsız denetçiye (${esc(v.audit!.firm)}) haber verildi; yanıt vermek istiyorsanız lütfen denetçiyle iletişime geçin: ${esc(v.audit!.auditorEmail)}.</p>`,
  );
}
