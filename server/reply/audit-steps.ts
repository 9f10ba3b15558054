/**
 * The identity steps of an auditor's letter on the reply page (server/audit/reply-identity.ts does the
 * checking, audit-page.ts the HTML): which page a letter's state calls for, the VKN/TCKN step that mails
 * a code, and the code checked with the answer. Each returns the page to show (HTML and status) or, for
 * an answer, the verified identity to record with it.
 */
import type { AppCtx } from '../app/context';
import { checkCode, identityState, requestCode, type IdentityLetter, type Meta } from '../audit/reply-identity';
import { codeFormPage, identityPage, lockedPage, verifiedFormPage } from './audit-page';
import type { FormValues, LetterView } from './page';

export interface StepPage {
  body: string;
  status: number;
}

/** The page an unanswered auditor's letter shows: locked, the identity step, the code and answer form, or the answer form once verified. */
export async function identityStep(
  ctx: AppCtx,
  letterId: string,
  v: LetterView,
  values: FormValues = {},
  errors: string[] = [],
  status = 200,
  anotherCode = false,
): Promise<StepPage> {
  const s = await identityState(ctx, letterId);
  if (s.state === 'locked') return { body: lockedPage(v), status: 423 };
  // "Kod gelmediyse yeniden iste": the identity step again (a new code replaces the old one).
  if (anotherCode && s.state === 'code_sent') return { body: identityPage(v), status };
  if (s.state === 'verified') return { body: verifiedFormPage(v, values, errors), status };
  if (s.state === 'code_sent') return { body: codeFormPage(v, s.sentTo, s.expiresAt, values, errors), status };
  return { body: identityPage(v, errors), status };
}

/** POST …/kimlik: the VKN/TCKN checked, a code mailed; the page that follows. */
export async function askForCode(ctx: AppCtx, l: IdentityLetter, v: LetterView, taxId: string, meta: Meta): Promise<StepPage> {
  const error = await requestCode(ctx, l, taxId, meta);
  if (!error) return identityStep(ctx, l.id, v);
  const s = await identityState(ctx, l.id);
  if (s.state === 'locked') return { body: lockedPage(v), status: 423 };
  return { body: s.state === 'code_sent' ? codeFormPage(v, s.sentTo, s.expiresAt, {}, [error]) : identityPage(v, [error], taxId), status: 400 };
}

/** With the answer: the answer is taken only from whoever holds the code mailed to the letter's address. */
export async function identityForAnswer(
  ctx: AppCtx,
  l: IdentityLetter,
  v: LetterView,
  values: FormValues,
  meta: Meta,
): Promise<{ identity: Record<string, unknown> } | { page: StepPage }> {
  const s = await identityState(ctx, l.id);
  if (s.state === 'locked') return { page: { body: lockedPage(v), status: 423 } };
  if (s.state === 'none') return { page: { body: identityPage(v, ['Önce kimliğinizi doğrulayın: VKN/TCKN girip kodu isteyin.']), status: 400 } };
  if (s.state === 'verified') return { identity: s.identity };
  const checked = await checkCode(ctx, l, values.code ?? '', meta);
  if (checked.ok) return { identity: checked.identity };
  if ((await identityState(ctx, l.id)).state === 'locked') return { page: { body: lockedPage(v), status: 423 } };
  return { page: await identityStep(ctx, l.id, v, { ...values, code: '' }, [checked.message], 400) };
}
