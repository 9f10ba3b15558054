/**
 * PUBLIC_URL + /yanit/<token>: the counterpart's reply page, the product's one page without a login.
 * It calls no ERP operation and reads only the letter its token names. Its own strict CSP (no script,
 * one hashed style), no-store, no referrer; rate limited per address and per token; the token is never
 * logged (nothing here logs a path) and is looked up only by its SHA-256.
 */
import { createHash, randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { letters, uploads, type LetterSnapshot } from '../db/schema';
import { hashToken } from '../mutabakat/letter-mail';
import { webAnswer, type AnswerInput } from '../mutabakat/actions';
import type { AppCtx } from '../app/context';
import type { EventRow } from '../mutabakat/events';
import { answerOf, fromSide, signedMoney } from '../mutabakat/money-view';
import { amountInputMessage, parseAmountInput } from '../../src/domain/money';
import { todayIso } from '../../src/domain/dates';
import { WindowLimiter } from './limiter';
import { OPEN_SQL, TurnGroups, type OpenAsk, type OpenMark } from './opened';
import { PageCache } from './page-cache';
import { REPLY_CSP, busyPage, plainPage, unavailablePage, type AnswerView, type FormValues, type LetterView } from './page';
import { MAX_UPLOAD_BYTES, checkUpload, cleanFileName } from './upload';
import { answeredOf, formOf, readBabsForm } from './babs-page';
import { babsDocsFileName, babsLetterFileName } from '../babs/mail-compose';
import { askForCode, identityForAnswer, identityStep, type StepPage } from './audit-steps';
import { identityPage } from './audit-page';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Every answer's own headers, made once: the strict CSP, no caching, no referrer, no framing, nosniff. */
const HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': REPLY_CSP,
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'x-robots-tag': 'noindex',
};
const HTML_HEADERS = { ...HEADERS, 'content-type': 'text/html; charset=UTF-8' };
const PLAIN_PAGE = plainPage();
const BUSY_PAGE = busyPage();
const UNAVAILABLE_PAGE = unavailablePage();

/** A response with plain header objects (@hono/node-server writes them as they are, no Headers built). */
const html = (body: string, status = 200, extra?: Record<string, string>) =>
  new Response(body, { status, headers: extra ? { ...HTML_HEADERS, ...extra } : HTML_HEADERS });
const pdf = (bytes: Uint8Array, asciiName: string, name: string) =>
  new Response(bytes as Uint8Array<ArrayBuffer>, {
    headers: {
      ...HEADERS,
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    },
  });

export interface ReplyOptions {
  /** The client's address (the gateway's trusted-proxy rule). */
  addressOf: (c: Context) => string;
  perAddress?: { max: number; windowMs: number };
  perToken?: { max: number; windowMs: number };
  /** How long a rendered, unanswered form page is kept (page-cache.ts: why that is safe); 0: not at all. */
  pageCacheMs?: number;
}

interface OpenedRow {
  id: string;
  campaign_id: string;
  account_id: string;
  account_name: string;
  state: string;
  snapshot: LetterSnapshot | null;
  as_of: string;
  deadline: string;
  cancelled: boolean;
  kind: string;
  a_id: number | null;
  a_at: string | null;
  a_detail: Record<string, unknown> | null;
  a_by: string | null;
  expires_at: string;
  to: string[];
  audit: { firm: string; auditorEmail: string; form: 'positive' | 'negative' } | null;
}

interface Opened {
  id: string;
  campaignId: string;
  accountId: string;
  accountName: string;
  snapshot: LetterSnapshot;
  asOf: string;
  deadline: string;
  /** The campaign's kind: 'cari' or 'babs'. */
  kind: string;
  /** The token's expiry (epoch ms). */
  expiresAt: number;
  answer: AnswerView | null;
  to: string[];
  /** An auditor's letter (campaign 'den-…'): the identity steps come first. */
  audit: { firm: string; auditorEmail: string; form: 'positive' | 'negative' } | null;
}

export function createReplyApp(getCtx: () => Promise<AppCtx>, o: ReplyOptions): Hono {
  const app = new Hono();
  const clock = () => Date.now();
  const byAddress = new WindowLimiter(o.perAddress?.max ?? 120, o.perAddress?.windowMs ?? 60_000, clock);
  const byToken = new WindowLimiter(o.perToken?.max ?? 30, o.perToken?.windowMs ?? 60_000, clock);

  const reads = new TurnGroups<OpenAsk, OpenedRow | null>(async (asks) => {
    const ctx = await getCtx();
    const rows = await ctx.d.prepared<{ h: string; r: OpenedRow }>('reply_open', OPEN_SQL, [JSON.stringify(asks), ctx.now().toISOString()]);
    const found = new Map(rows.map((x) => [x.h, x.r]));
    return asks.map((a) => found.get(a.h) ?? null);
  });
  const pages = new PageCache(o.pageCacheMs ?? 2000);
  const plain = () => html(PLAIN_PAGE, 404);
  const busy = () => html(BUSY_PAGE, 429, { 'retry-after': '60' });

  /**
   * The letter a token opens, or null (unknown, expired, cancelled — one answer for all): OPEN_SQL for
   * the opens of a turn (TurnGroups). With a mark (the page's GET), a first open is recorded by the same
   * statement and committed before this answers.
   */
  async function open(token: string, hash: string, mark?: OpenMark): Promise<Opened | null> {
    if (!TOKEN.test(token)) return null;
    const r = await reads.add(mark ? { h: hash, m: mark } : { h: hash });
    if (!r || r.cancelled || r.state === 'cancelled' || !r.snapshot) return null;
    const answer = r.a_id == null ? null : answerOf({ id: Number(r.a_id), at: new Date(r.a_at!), detail: r.a_detail!, byUser: r.a_by } as EventRow);
    return {
      id: r.id,
      campaignId: r.campaign_id,
      accountId: r.account_id,
      accountName: r.account_name,
      snapshot: r.snapshot,
      asOf: r.as_of,
      deadline: r.deadline,
      kind: r.kind,
      expiresAt: Date.parse(r.expires_at),
      to: r.to,
      audit: r.audit,
      answer: answer && {
        kind: answer.kind,
        balances: answer.balances,
        note: answer.note,
        name: answer.name,
        title: answer.title,
        at: answer.at,
        attachmentName: answer.attachment?.fileName ?? null,
        babs: answer.babs,
      },
    };
  }

  const view = (ctx: AppCtx, l: Opened, token: string): LetterView => ({
    company: { title: ctx.company.title, address: ctx.company.address },
    accountName: l.accountName,
    accountId: l.accountId,
    asOf: l.asOf,
    deadline: l.deadline,
    ours: l.snapshot.ours.map((m) => signedMoney(m.currency, m.balance)),
    localBalance: l.snapshot.localBalance,
    pdfHref: `/yanit/${token}/pdf`,
    actionHref: `/yanit/${token}`,
    babs: l.snapshot.babs,
    ...(l.audit ? { audit: { firm: l.audit.firm, auditorEmail: l.audit.auditorEmail, form: l.audit.form } } : {}),
  });
  const meta = (c: Context) => ({ ip: o.addressOf(c), userAgent: c.req.header('user-agent') ?? '' });

  const auditPage = async (ctx: AppCtx, l: Opened, v: LetterView, values: FormValues = {}, errors: string[] = [], status = 200, anotherCode = false) =>
    page(await identityStep(ctx, l.id, v, values, errors, status, anotherCode));
  const page = (p: StepPage) => html(p.body, p.status);
  const who = (l: Opened) => ({ id: l.id, campaignId: l.campaignId, accountId: l.accountId, accountName: l.accountName, to: l.to });

  const limited = (c: Context, hash: string) => !byAddress.hit(o.addressOf(c)) || !byToken.hit(hash);

  app.get('/yanit/:token', async (c) => {
    const token = c.req.param('token');
    const hash = hashToken(token);
    if (limited(c, hash)) return busy();
    const ctx = await getCtx();
    const now = ctx.now().getTime();
    const kept = pages.get(hash, now);
    if (kept) return html(kept);
    // The first open is the auditor's evidence (address, browser); a repeat open writes nothing.
    const l = await open(token, hash, {
      at: ctx.now().toISOString(),
      detail: { ip: o.addressOf(c), userAgent: (c.req.header('user-agent') ?? '').slice(0, 300) },
    });
    if (!l) return plain();
    const v = view(ctx, l, token);
    if (l.answer) return html(answeredOf(v, l.answer));
    if (l.audit) return auditPage(ctx, l, v, {}, [], 200, c.req.query('yeni') === '1');
    const page = formOf(v);
    pages.set(hash, page, now, l.expiresAt);
    return html(page);
  });

  app.get('/yanit/:token/pdf', async (c) => {
    const token = c.req.param('token');
    const hash = hashToken(token);
    if (limited(c, hash)) return busy();
    const ctx = await getCtx();
    const l = await open(token, hash);
    if (!l) return plain();
    const row = (await ctx.db.select({ pdf: letters.pdf }).from(letters).where(eq(letters.id, l.id)))[0]!;
    return pdf(
      row.pdf!,
      'mutabakat.pdf',
      l.kind === 'babs' ? babsLetterFileName(l.accountName || l.accountId, l.asOf.slice(0, 7)) : `Mutabakat mektubu - ${l.accountName}.pdf`,
    );
  });

  app.get('/yanit/:token/belgeler.pdf', async (c) => {
    const token = c.req.param('token');
    const hash = hashToken(token);
    if (limited(c, hash)) return busy();
    const ctx = await getCtx();
    const l = await open(token, hash);
    if (!l) return plain();
    const row = (await ctx.db.select({ pdf: letters.docsPdf }).from(letters).where(eq(letters.id, l.id)))[0];
    if (!row?.pdf) return plain();
    return pdf(row.pdf, 'belgeler.pdf', babsDocsFileName(l.accountName || l.accountId, l.asOf.slice(0, 7)));
  });

  app.post('/yanit/:token/kimlik', async (c) => {
    const token = c.req.param('token');
    const hash = hashToken(token);
    if (limited(c, hash)) return busy();
    const ctx = await getCtx();
    const l = await open(token, hash);
    if (!l || !l.audit) return plain();
    const v = view(ctx, l, token);
    if (l.answer) return html(answeredOf(v, l.answer));
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody();
    } catch {
      return html(identityPage(v, ['Form okunamadı; lütfen tekrar deneyin.']), 400);
    }
    return page(await askForCode(ctx, who(l), v, typeof form.taxId === 'string' ? form.taxId.trim() : '', meta(c)));
  });

  app.post('/yanit/:token', async (c) => {
    const token = c.req.param('token');
    const hash = hashToken(token);
    if (limited(c, hash)) return busy();
    // An answer is decided against the database, never this instance's kept page (page-cache.ts).
    pages.drop(hash);
    const ctx = await getCtx();
    const l = await open(token, hash);
    if (!l) return plain();
    const v = view(ctx, l, token);
    const prior = l.answer;
    if (prior) return html(answeredOf(v, prior, 'Bu mektup için daha önce bir yanıt verilmiş; yeni yanıt kaydedilmedi.'), 409);
    const length = Number(c.req.header('content-length') ?? '0');
    if (length > MAX_UPLOAD_BYTES + 64 * 1024) return html(formOf(v, {}, ['Dosya çok büyük: en fazla 10 MB yüklenebilir.']), 413);
    let form: Record<string, string | File | (string | File)[]>;
    try {
      form = await c.req.parseBody();
    } catch {
      return html(formOf(v, {}, ['Form okunamadı; lütfen tekrar deneyin.']), 400);
    }
    const str = (k: string) => (typeof form[k] === 'string' ? (form[k] as string).trim() : '');
    const values: FormValues = {
      code: str('code'),
      kind: str('kind'),
      amount: str('amount'),
      side: str('side'),
      currency: str('currency'),
      note: str('note'),
      name: str('name'),
      title: str('title'),
      bsCount: str('bsCount'),
      bsAmount: str('bsAmount'),
      baCount: str('baCount'),
      baAmount: str('baAmount'),
    };
    const errors: string[] = [];
    if (values.kind !== 'agreed' && values.kind !== 'disagreed') errors.push('“Mutabıkız” ya da “Mutabık değiliz” seçilmeli.');
    if (!values.name) errors.push('Ad soyad gerekli.');
    if (!values.title) errors.push('Unvan gerekli.');
    const ours = l.snapshot.ours.map((m) => signedMoney(m.currency, m.balance));
    let balances = ours;
    let babs = v.babs?.ours;
    if (v.babs && values.kind === 'disagreed') babs = readBabsForm(values, v.babs.ours, errors) ?? undefined;
    else if (values.kind === 'disagreed' && ours.length > 1) {
      // A letter of several currencies: their balance in each, every one given.
      values.byCurrency = Object.fromEntries(ours.map((m) => [m.currency, { amount: str(`amount_${m.currency}`), side: str(`side_${m.currency}`) }]));
      const theirs = ours.map((m) => {
        const f = values.byCurrency![m.currency]!;
        const typed = parseAmountInput(f.amount);
        const minor = typed.kind === 'amount' ? typed.minor : null;
        if (minor === null) errors.push(`${amountInputMessage(typed, `${m.currency} bakiyeniz`)}${typed.kind === 'empty' ? ' Bakiye yoksa 0,00 yazın.' : ''}`);
        if (f.side !== 'B' && f.side !== 'A') errors.push(`${m.currency} için borç ya da alacak seçilmeli.`);
        return minor === null ? null : fromSide(m.currency, minor, f.side === 'A' ? 'A' : 'B');
      });
      if (theirs.every((x) => x !== null)) balances = theirs as typeof ours;
    } else if (values.kind === 'disagreed') {
      const typed = parseAmountInput(values.amount);
      const minor = typed.kind === 'amount' ? typed.minor : null;
      const currencies = new Set([...ours.map((m) => m.currency), 'TL']);
      if (minor === null) errors.push(amountInputMessage(typed, 'Kayıtlarınızdaki bakiye tutarı')!);
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
    if (errors.length) return l.audit ? auditPage(ctx, l, v, values, errors, 400) : html(formOf(v, values, errors), 400);
    // An auditor's letter: the answer is taken only from whoever holds the code mailed to its address.
    let identity: Record<string, unknown> | undefined;
    if (l.audit) {
      const checked = await identityForAnswer(ctx, who(l), v, values, meta(c));
      if ('page' in checked) return page(checked.page);
      identity = checked.identity;
    }
    if (upload)
      await ctx.db.insert(uploads).values({
        id: upload.id,
        letterId: l.id,
        fileName: upload.fileName,
        type: upload.type,
        size: upload.size,
        sha256: upload.sha256,
        bytes: upload.bytes,
        createdAt: ctx.now(),
      });
    const input: AnswerInput = {
      kind: values.kind as AnswerInput['kind'],
      balances,
      note: values.note ?? '',
      name: values.name!,
      title: values.title!,
      date: todayIso(ctx.now()),
      channel: 'web',
      attachment: upload ? { id: upload.id, fileName: upload.fileName, size: upload.size, type: upload.type } : null,
      ...(babs ? { babs } : {}),
      ...(identity ? { identity } : {}),
    };
    const result = await webAnswer(ctx, l.id, input, { ip: o.addressOf(c), userAgent: c.req.header('user-agent') ?? '' });
    pages.drop(hash);
    const a = (await open(token, hash))?.answer;
    if (!a) return plain();
    if (result === 'already') return html(answeredOf(v, a, 'Bu mektup için daha önce bir yanıt verilmiş; yeni yanıt kaydedilmedi.'), 409);
    return html(answeredOf(v, a));
  });

  app.all('/yanit/*', () => plain());
  app.notFound(() => plain());
  // The database unreachable (MutError) or any other fault: a plain 503, never a stack or the token.
  app.onError(() => html(UNAVAILABLE_PAGE, 503, { 'retry-after': '30' }));
  return app;
}
