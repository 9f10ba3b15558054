/**
 * PUBLIC_URL + /yanit/<token>: the counterpart's reply page, the product's one page without a login.
 * It calls no ERP operation and reads only the letter its token names. Its own strict CSP (no script,
 * one hashed style), no-store, no referrer; rate limited per address and per token; the token is never
 * logged (nothing here logs a path) and is looked up only by its SHA-256.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import { events, letters, tokens, uploads } from '../db/schema';
import { hashToken } from '../mail/outbox';
import { webAnswer, type AnswerInput } from '../mutabakat/actions';
import { loadLetter } from '../mutabakat/campaigns';
import type { MutCtx } from '../mutabakat/context';
import { appendEvent } from '../mutabakat/events';
import { answerOf, fromSide, signedMoney } from '../mutabakat/money-view';
import { toMinor } from '../../src/domain/money';
import { WindowLimiter } from './limiter';
import { REPLY_CSP, busyPage, plainPage, type FormValues, type LetterView } from './page';
import { MAX_UPLOAD_BYTES, checkUpload, cleanFileName } from './upload';
import { answeredOf, formOf, readBabsForm } from './babs-page';
import { babsDocsFileName, babsLetterFileName } from '../mail/babs-compose';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const AMOUNT = /^(\d{1,3}(\.\d{3})+|\d+)(,\d{1,2})?$/;

export interface ReplyOptions {
  /** The client's address (the gateway's trusted-proxy rule). */
  addressOf: (c: Context) => string;
  perAddress?: { max: number; windowMs: number };
  perToken?: { max: number; windowMs: number };
}

export function createReplyApp(getCtx: () => Promise<MutCtx>, o: ReplyOptions): Hono {
  const app = new Hono();
  const clock = () => Date.now();
  const byAddress = new WindowLimiter(o.perAddress?.max ?? 120, o.perAddress?.windowMs ?? 60_000, clock);
  const byToken = new WindowLimiter(o.perToken?.max ?? 30, o.perToken?.windowMs ?? 60_000, clock);

  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('content-security-policy', REPLY_CSP);
    c.res.headers.set('cache-control', 'no-store');
    c.res.headers.set('referrer-policy', 'no-referrer');
    c.res.headers.set('x-content-type-options', 'nosniff');
    c.res.headers.set('x-frame-options', 'DENY');
    c.res.headers.set('x-robots-tag', 'noindex');
  });

  const plain = (c: Context) => c.html(plainPage(), 404);

  /** The letter a token opens, or null (unknown, expired, cancelled — one answer for all). */
  async function open(ctx: MutCtx, token: string) {
    if (!TOKEN.test(token)) return null;
    const t = (await ctx.db.select().from(tokens).where(eq(tokens.hash, hashToken(token))))[0];
    if (!t || t.expiresAt <= ctx.now()) return null;
    const l = await loadLetter(ctx.db, t.letterId).catch(() => null);
    if (!l || l.campaign.cancelled || l.state === 'cancelled' || !l.snapshot) return null;
    return l;
  }

  const view = (ctx: MutCtx, l: NonNullable<Awaited<ReturnType<typeof open>>>, token: string): LetterView => ({
    company: { title: ctx.company.title, address: ctx.company.address }, accountName: l.accountName, accountId: l.accountId,
    asOf: l.campaign.asOf, deadline: l.campaign.deadline, ours: l.snapshot!.ours.map((m) => signedMoney(m.currency, m.balance)),
    pdfHref: `/yanit/${token}/pdf`, actionHref: `/yanit/${token}`, babs: l.snapshot!.babs,
  });

  async function answered(ctx: MutCtx, l: { answerEventId: number | null }) {
    if (l.answerEventId == null) return null;
    const e = (await ctx.db.select().from(events).where(eq(events.id, l.answerEventId)))[0]!;
    const a = answerOf(e);
    return { kind: a.kind, balances: a.balances, note: a.note, name: a.name, title: a.title, at: a.at, attachmentName: a.attachment?.fileName ?? null, babs: a.babs };
  }

  const limited = (c: Context, token: string) => !byAddress.hit(o.addressOf(c)) || !byToken.hit(hashToken(token));

  app.get('/yanit/:token', async (c) => {
    const token = c.req.param('token');
    if (limited(c, token)) return c.html(busyPage(), 429, { 'retry-after': '60' });
    const ctx = await getCtx();
    const l = await open(ctx, token);
    if (!l) return plain(c);
    const seen = await ctx.db.select({ id: events.id }).from(events).where(and(eq(events.letterId, l.id), eq(events.type, 'opened'))).limit(1);
    if (seen.length === 0) {
      await appendEvent(ctx.db, ctx.now(), { campaignId: l.campaignId, letterId: l.id, accountId: l.accountId, type: 'opened', detail: { ip: o.addressOf(c), userAgent: (c.req.header('user-agent') ?? '').slice(0, 300) } });
    }
    const a = await answered(ctx, l);
    return c.html(a ? answeredOf(view(ctx, l, token), a) : formOf(view(ctx, l, token)));
  });

  app.get('/yanit/:token/pdf', async (c) => {
    const token = c.req.param('token');
    if (limited(c, token)) return c.html(busyPage(), 429, { 'retry-after': '60' });
    const ctx = await getCtx();
    const l = await open(ctx, token);
    if (!l) return plain(c);
    const row = (await ctx.db.select({ pdf: letters.pdf }).from(letters).where(eq(letters.id, l.id)))[0]!;
    return c.body(Buffer.from(row.pdf!), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="mutabakat.pdf"; filename*=UTF-8''${encodeURIComponent(l.campaign.kind === 'babs' ? babsLetterFileName(l.accountName || l.accountId, l.campaign.asOf.slice(0, 7)) : `Mutabakat mektubu - ${l.accountName}.pdf`)}`,
    });
  });

  app.get('/yanit/:token/belgeler.pdf', async (c) => {
    const token = c.req.param('token');
    if (limited(c, token)) return c.html(busyPage(), 429, { 'retry-after': '60' });
    const ctx = await getCtx();
    const l = await open(ctx, token);
    if (!l) return plain(c);
    const row = (await ctx.db.select({ pdf: letters.docsPdf }).from(letters).where(eq(letters.id, l.id)))[0];
    if (!row?.pdf) return plain(c);
    return c.body(Buffer.from(row.pdf), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="belgeler.pdf"; filename*=UTF-8''${encodeURIComponent(babsDocsFileName(l.accountName || l.accountId, l.campaign.asOf.slice(0, 7)))}`,
    });
  });

  app.post('/yanit/:token', async (c) => {
    const token = c.req.param('token');
    if (limited(c, token)) return c.html(busyPage(), 429, { 'retry-after': '60' });
    const ctx = await getCtx();
    const l = await open(ctx, token);
    if (!l) return plain(c);
    const v = view(ctx, l, token);
    const prior = await answered(ctx, l);
    if (prior) return c.html(answeredOf(v, prior, 'Bu mektup için daha önce bir yanıt verilmiş; yeni yanıt kaydedilmedi.'), 409);
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) return c.html(formOf(v, {}, ['Dosya çok büyük: en fazla 10 MB yüklenebilir.']), 413);
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      return c.html(formOf(v, {}, ['Form okunamadı; lütfen tekrar deneyin.']), 400);
    }
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
    const values: FormValues = { kind: str('kind'), amount: str('amount'), side: str('side'), currency: str('currency'), note: str('note'), name: str('name'), title: str('title'), bsCount: str('bsCount'), bsAmount: str('bsAmount'), baCount: str('baCount'), baAmount: str('baAmount') };
    const errors: string[] = [];
    if (values.kind !== 'agreed' && values.kind !== 'disagreed') errors.push('“Mutabıkız” ya da “Mutabık değiliz” seçilmeli.');
    if (!values.name) errors.push('Ad soyad gerekli.');
    if (!values.title) errors.push('Unvan gerekli.');
    const ours = l.snapshot!.ours.map((m) => signedMoney(m.currency, m.balance));
    let balances = ours;
    let babs = v.babs?.ours;
    if (v.babs && values.kind === 'disagreed') babs = readBabsForm(values, v.babs.ours, errors) ?? undefined;
    else if (values.kind === 'disagreed') {
      const minor = AMOUNT.test(values.amount ?? '') ? toMinor(values.amount) : null;
      const currencies = new Set([...ours.map((m) => m.currency), 'TL']);
      if (minor === null) errors.push('Kayıtlarınızdaki bakiye tutarı “1.234,56” biçiminde girilmeli.');
      if (values.side !== 'B' && values.side !== 'A') errors.push('Borç ya da alacak seçilmeli.');
      if (!currencies.has(values.currency ?? '')) errors.push('Para birimi seçilmeli.');
      if (minor !== null) balances = [fromSide(values.currency ?? ours[0]!.currency, minor, values.side === 'A' ? 'A' : 'B')];
    }
    const file = form.file instanceof File && form.file.size > 0 ? form.file : null;
    let upload: { id: string; fileName: string; size: number; type: string; bytes: Uint8Array; sha256: string } | null = null;
    if (file) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const name = cleanFileName(file.name);
      const check = checkUpload(name, bytes);
      if (!check.ok) errors.push(check.message);
      else upload = { id: randomUUID(), fileName: name, size: bytes.length, type: check.type, bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
    }
    if (errors.length) return c.html(formOf(v, values, errors), 400);
    if (upload) await ctx.db.insert(uploads).values({ id: upload.id, letterId: l.id, fileName: upload.fileName, type: upload.type, size: upload.size, sha256: upload.sha256, bytes: upload.bytes, createdAt: ctx.now() });
    const input: AnswerInput = {
      kind: values.kind as AnswerInput['kind'], balances, note: values.note ?? '', name: values.name!, title: values.title!, date: ctx.now().toISOString().slice(0, 10), channel: 'web',
      attachment: upload ? { id: upload.id, fileName: upload.fileName, size: upload.size, type: upload.type } : null,
      ...(babs ? { babs } : {}),
    };
    const result = await webAnswer(ctx, l.id, input, { ip: o.addressOf(c), userAgent: c.req.header('user-agent') ?? '' });
    const now = (await ctx.db.select({ answerEventId: letters.answerEventId }).from(letters).where(eq(letters.id, l.id)))[0]!;
    const a = (await answered(ctx, now))!;
    if (result === 'already') return c.html(answeredOf(v, a, 'Bu mektup için daha önce bir yanıt verilmiş; yeni yanıt kaydedilmedi.'), 409);
    return c.html(answeredOf(v, a));
  });

  app.all('/yanit/*', (c) => plain(c));
  return app;
}
