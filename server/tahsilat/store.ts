/**
 * Our own collections state per customer: the append-only activity log, the next action and owner
 * (saved against the version the user read: a later save never silently overwrites an earlier one),
 * and promises to pay (checked whole before anything is written).
 */
import { randomUUID } from 'node:crypto';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../db/open';
import { collectAccounts, collectActivities, collectPromises } from '../db/schema';
import { badRequest, MutError, type Problem } from '../app/errors';
import type { Actor } from '../mutabakat/events';
import { amountInputMessage, parseAmountInput, parseNumber } from '../../src/domain/money';
import { compareIsoDate, parseDate } from '../../src/domain/dates';
import { formatDate } from '../../src/domain/format';
import type { IsoDate } from '../../src/domain/types';

export const ACTIVITY_KINDS = {
  note: 'Not',
  call: 'Arama',
  email: 'E-posta gönderildi',
  letter: 'Mektup',
  visit: 'Ziyaret',
  promise: 'Ödeme sözü',
  reminder: 'Hatırlatma',
  statement: 'Ekstre gönderildi',
  state: 'Sonraki adım',
} as const;
export const CALL_RESULTS = {
  ulasilamadi: 'Ulaşılamadı',
  mesaj: 'Mesaj bırakıldı',
  soz: 'Ödeme sözü',
  itiraz: 'İtiraz',
  fatura_ulasmadi: 'Fatura ulaşmadı',
  odeme_yolda: 'Ödeme yolda',
  odendi: 'Ödendi',
} as const;
export const FLAGS = { itiraz: 'İtiraz', beklemede: 'Beklemede', hukuki: 'Hukuki takip' } as const;
type Kind = keyof typeof ACTIVITY_KINDS;
const USER_KINDS: readonly Kind[] = ['note', 'call', 'email', 'letter', 'visit'];

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;
const obj = (b: unknown) => (b && typeof b === 'object' ? b : {}) as Record<string, unknown>;

export async function logActivity(
  db: Tx,
  accountId: string,
  at: Date,
  by: Actor,
  kind: Kind,
  note: string,
  result: string | null = null,
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(collectActivities).values({ accountId, at, byUser: by.userName, byName: by.name, kind, result, note, detail });
}

export function checkActivity(body: unknown): { kind: Kind; result: string | null; note: string } {
  const b = obj(body);
  const problems: Problem[] = [];
  const kind = b.kind as Kind;
  if (!USER_KINDS.includes(kind)) problems.push({ field: 'kind', message: 'Kayıt türü not, arama, e-posta, mektup ya da ziyaret olmalı.' });
  const result = typeof b.result === 'string' && b.result ? b.result : null;
  if (kind === 'call' && (!result || !(result in CALL_RESULTS))) problems.push({ field: 'result', message: 'Aramanın sonucunu seçin.' });
  if (kind !== 'call' && result) problems.push({ field: 'result', message: 'Sonuç yalnız aramalar için seçilir.' });
  const note = typeof b.note === 'string' ? b.note.trim() : '';
  if (note.length > 4000) problems.push({ field: 'note', message: 'Not en fazla 4000 karakter olabilir.' });
  if (kind === 'note' && !note) problems.push({ field: 'note', message: 'Not boş olamaz.' });
  if (problems.length) throw badRequest(problems);
  return { kind, result, note };
}

export async function getState(db: Tx, accountId: string) {
  return (await db.select().from(collectAccounts).where(eq(collectAccounts.accountId, accountId)))[0] ?? null;
}

export function stateJson(accountId: string, s: typeof collectAccounts.$inferSelect | null) {
  return {
    accountId,
    owner: s?.owner ?? null,
    nextAction: s?.nextAction ?? '',
    nextActionDate: s?.nextActionDate ?? null,
    flags: s?.flags ?? [],
    reminderLevel: s?.reminderLevel ?? 0,
    remindedAt: s?.remindedAt?.toISOString() ?? null,
    version: s?.version ?? 0,
    updatedAt: s?.updatedAt?.toISOString() ?? null,
    updatedBy: s?.updatedBy ?? null,
  };
}

function checkDay(v: unknown, field: string, problems: Problem[], label: string): IsoDate | null {
  if (v === null || v === undefined || v === '') return null;
  const p = parseDate(v);
  if (p.kind !== 'date') {
    problems.push({ field, message: `${label}: “${String(v).slice(0, 20)}” geçerli bir tarih değil (gün, ay ve yıl olarak var olan bir gün girin).` });
    return null;
  }
  return p.iso;
}

/** Next action, its date, owner and flags — saved only against the version the user read. */
export async function saveState(db: Db, accountId: string, body: unknown, by: Actor, at: Date): Promise<void> {
  const b = obj(body);
  const problems: Problem[] = [];
  if (!Number.isInteger(b.version)) problems.push({ field: 'version', message: 'Kaydın okunduğu sürüm (version) eksik.' });
  const nextAction = typeof b.nextAction === 'string' ? b.nextAction.trim() : '';
  if (nextAction.length > 500) problems.push({ field: 'nextAction', message: 'Sonraki adım en fazla 500 karakter olabilir.' });
  const nextActionDate = checkDay(b.nextActionDate, 'nextActionDate', problems, 'Sonraki adım tarihi');
  const owner = typeof b.owner === 'string' && b.owner.trim() ? b.owner.trim().slice(0, 100) : null;
  const flags = Array.isArray(b.flags) ? b.flags : [];
  if (flags.some((f) => typeof f !== 'string' || !(f in FLAGS)))
    problems.push({ field: 'flags', message: 'İşaretler yalnız itiraz, beklemede, hukuki olabilir.' });
  if (problems.length) throw badRequest(problems);
  await db.transaction(async (tx) => {
    const cur = (await tx.select().from(collectAccounts).where(eq(collectAccounts.accountId, accountId)).for('update'))[0] ?? null;
    const version = cur?.version ?? 0;
    if (b.version !== version) {
      throw new MutError(
        'conflict',
        `Bu müşterinin sonraki adımını siz açtıktan sonra ${cur?.updatedBy ?? 'başka biri'} değiştirdi; kaydınız yapılmadı. Güncel hâli gösteriliyor, gerekirse yeniden kaydedin.`,
        { extra: { current: stateJson(accountId, cur) } },
      );
    }
    const values = { nextAction, nextActionDate, owner, flags: flags as string[], version: version + 1, updatedAt: at, updatedBy: by.userName };
    if (cur) await tx.update(collectAccounts).set(values).where(eq(collectAccounts.accountId, accountId));
    else await tx.insert(collectAccounts).values({ accountId, ...values });
    const what = [
      nextAction && `Sonraki adım: ${nextAction}${nextActionDate ? ` (${formatDate(nextActionDate)})` : ''}`,
      `Sorumlu: ${owner ?? '—'}`,
      flags.length ? `İşaretler: ${(flags as (keyof typeof FLAGS)[]).map((f) => FLAGS[f]).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join(' · ');
    await logActivity(tx, accountId, at, by, 'state', what, null, { nextAction, nextActionDate, owner, flags });
  });
}

export interface PromiseCheckInput {
  currencies: readonly string[];
  today: IsoDate;
}

/**
 * A promise's amount in kuruş, or the problem in Turkish: a JSON number (units, at most two decimals),
 * or text as a person types it (parseAmountInput: "50.000" is fifty thousand, "1,500" is ambiguous).
 */
function promiseAmount(v: unknown): { minor: number } | { message: string } {
  const SUBJECT = 'Söz tutarı';
  let minor: number;
  if (typeof v === 'number') {
    const n = parseNumber(v);
    if (n.kind !== 'number') return { message: amountInputMessage({ kind: 'invalid', text: String(v), problem: 'form' }, SUBJECT)! };
    if (n.decimals > 2) return { message: `${SUBJECT} en çok iki ondalık hane (kuruş) içerebilir.` };
    minor = n.minor;
  } else {
    const typed = parseAmountInput(v, { negative: true });
    if (typed.kind !== 'amount') return { message: amountInputMessage(typed, SUBJECT)! };
    minor = typed.minor;
  }
  if (minor <= 0) return { message: `${SUBJECT} sıfırdan büyük olmalı.` };
  if (!Number.isSafeInteger(minor)) return { message: `${SUBJECT} çok büyük.` };
  return { minor };
}

/** A promise, checked whole: amount > 0 (typed in Turkish, or a JSON number), a currency of the account, a real day not in the past. */
export function checkPromise(body: unknown, o: PromiseCheckInput): { amount: number; currency: string; due: IsoDate; note: string } {
  const b = obj(body);
  const problems: Problem[] = [];
  const parsed = promiseAmount(b.amount);
  let amount = 0;
  if ('message' in parsed) problems.push({ field: 'amount', message: parsed.message });
  else amount = parsed.minor;
  const currency = typeof b.currency === 'string' ? b.currency.trim().toLocaleUpperCase('tr-TR') : '';
  if (!o.currencies.includes(currency))
    problems.push({ field: 'currency', message: `Bu hesapta ${currency || '(boş)'} para birimi yok; hesabın para birimleri: ${o.currencies.join(', ')}.` });
  let due: IsoDate = '';
  if (b.due === undefined || b.due === null || b.due === '') problems.push({ field: 'due', message: 'Söz tarihi girin.' });
  else {
    const d = checkDay(b.due, 'due', problems, 'Söz tarihi');
    if (d && compareIsoDate(d, o.today) < 0)
      problems.push({ field: 'due', message: `Söz tarihi geçmişte olamaz (${formatDate(d)}; bugün ${formatDate(o.today)}).` });
    else if (d) due = d;
  }
  const note = typeof b.note === 'string' ? b.note.trim().slice(0, 4000) : '';
  if (problems.length) throw badRequest(problems);
  return { amount, currency, due, note };
}

export async function addPromise(db: Db, accountId: string, p: ReturnType<typeof checkPromise>, today: IsoDate, by: Actor, at: Date): Promise<string> {
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx
      .insert(collectPromises)
      .values({ id, accountId, amount: p.amount, currency: p.currency, takenOn: today, due: p.due, byUser: by.userName, byName: by.name, createdAt: at });
    await logActivity(tx, accountId, at, by, 'promise', p.note, null, { promiseId: id, amount: p.amount, currency: p.currency, due: p.due });
  });
  return id;
}

export const activitiesOf = (db: Db, accountId: string) =>
  db.select().from(collectActivities).where(eq(collectActivities.accountId, accountId)).orderBy(desc(collectActivities.id)).limit(500);
export const promisesOf = (db: Db, accountId: string) =>
  db.select().from(collectPromises).where(eq(collectPromises.accountId, accountId)).orderBy(asc(collectPromises.due), asc(collectPromises.createdAt));

export function activityJson(a: typeof collectActivities.$inferSelect) {
  return {
    id: a.id,
    at: a.at.toISOString(),
    by: a.byUser,
    byName: a.byName,
    kind: a.kind,
    kindLabel: ACTIVITY_KINDS[a.kind as Kind] ?? a.kind,
    result: a.result,
    resultLabel: a.result ? (CALL_RESULTS[a.result as keyof typeof CALL_RESULTS] ?? a.result) : null,
    note: a.note,
    detail: a.detail,
  };
}
