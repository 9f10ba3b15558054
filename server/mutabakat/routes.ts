/**
 * /api/mutabakat/* (docs/mutabakat-api.md): behind the gateway's session cookie and CSRF header; every
 * staff action names the session's Workcube user. Mounted before the gateway's 16 KiB body limit:
 * these routes set their own (JSON 2 MB, imports 5 MB, documents 10 MB).
 */
import { randomUUID, createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { and, desc, eq, notLike } from 'drizzle-orm';
import type { GatewayEnv, MountCookies } from '../gateway/config';
import { GatewayError } from '../gateway/messages';
import { letters, mails, uploads } from '../db/schema';
import {
  accountHistory,
  isAuditorsCampaign,
  campaignVersion,
  checkCampaign,
  createCampaign,
  letterColumns,
  letterJson,
  eventsById,
  listCampaigns,
  loadCampaign,
  loadLetter,
} from './campaigns';
import { checkBabsCampaign, isBabsBody } from '../babs/campaign';
import { babsDocsFileName, babsLetterFileName } from '../babs/mail-compose';
import { cancelLetters, recordAnswer, remindNow, resend, resolveDifference, retryPrepare, sendCampaign } from './actions';
import { checkContact, contactJson, getContact, getContacts, putContact } from './contacts';
import { commitImport, previewImport } from './contacts-import';
import type { AppCtx } from '../app/context';
import { MUT_MESSAGES, MutError, badRequest, fill, isDbDown, notFound } from '../app/errors';
import { eventJson, letterEvents, type Actor } from './events';
import { reportPdf, reportXlsx } from './report';
import { checkUpload, cleanFileName } from '../reply/upload';
import { formatDate } from '../../src/domain/format';

type C = Context<GatewayEnv>;
const pid = (c: C): string => (c.req.param as (k: string) => string | undefined)('id') ?? '';

export interface MutRoutesDeps {
  getCtx: () => Promise<AppCtx>;
  mailMode: () => { mail: 'smtp' | 'outbox' | 'disabled'; database: 'pglite' | 'postgres' | null; demo: boolean; publicUrl: string };
}

function errorJson(c: C, e: MutError): Response {
  c.set('detail', e.code);
  return c.json({ error: { code: e.code, message: e.message, ...(e.problems ? { problems: e.problems } : {}), ...(e.extra ?? {}) } }, e.status as 400);
}

async function readBytes(c: C, max: number): Promise<Uint8Array> {
  const declared = Number(c.req.header('content-length') ?? '0');
  const tooLarge = () => new MutError('payload_too_large', fill(MUT_MESSAGES.tooLarge, { mb: Math.round(max / 1048576) }));
  if (declared > max) throw tooLarge();
  const buf = new Uint8Array(await c.req.arrayBuffer());
  if (buf.length > max) throw tooLarge();
  return buf;
}

async function readJson(c: C): Promise<unknown> {
  const bytes = await readBytes(c, 2 * 1024 * 1024);
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw badRequest([{ field: 'body', message: 'İstek gövdesi geçerli bir JSON nesnesi değil.' }]);
  }
}

const fileNameOf = (c: C) => {
  try {
    return cleanFileName(decodeURIComponent(c.req.header('x-file-name') ?? 'dosya'));
  } catch {
    return 'dosya';
  }
};

export const attachment = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

export function addMutabakatRoutes(app: Hono<GatewayEnv>, cookies: MountCookies, deps: MutRoutesDeps): void {
  /** A handler with the session's user and the context; MutErrors and a lost database become their JSON answers. */
  const route = (op: string, fn: (c: C, ctx: AppCtx, by: Actor) => Promise<Response>) => async (c: C) => {
    c.set('op', `mutabakat_${op}`);
    const session = await cookies.require(c);
    try {
      // The auditor's campaign is not the company's to read or act on (campaigns.ts isAuditorsCampaign).
      if (c.req.path.startsWith(`${base}/campaigns/den-`)) throw notFound();
      const ctx = await deps.getCtx();
      return await fn(c, ctx, { userName: session.user.userName, name: session.user.name });
    } catch (e) {
      if (e instanceof MutError) return errorJson(c, e);
      if (e instanceof GatewayError) throw e;
      if (isDbDown(e)) return errorJson(c, new MutError('db_unavailable', MUT_MESSAGES.dbUnavailable));
      throw e;
    }
  };
  const base = '/api/mutabakat';

  app.get(`${base}/status`, async (c) => {
    c.set('op', 'mutabakat_status');
    await cookies.require(c);
    const m = deps.mailMode();
    return c.json({ ...m, ...(m.mail === 'disabled' ? { mailProblem: MUT_MESSAGES.mailNotConfigured } : {}) });
  });

  app.get(
    `${base}/contacts`,
    route('contacts', async (c, ctx) => c.json({ contacts: (await getContacts(ctx.db)).map((r) => contactJson(r.accountId, r)) })),
  );
  app.get(
    `${base}/contacts/:id{[0-9]{1,18}}`,
    route('contact', async (c, ctx) => c.json(contactJson(pid(c), await getContact(ctx.db, pid(c))))),
  );
  app.put(
    `${base}/contacts/:id{[0-9]{1,18}}`,
    route('contact_put', async (c, ctx, by) => {
      const id = pid(c);
      await putContact(ctx.db, id, checkContact(await readJson(c)), by, ctx.now());
      return c.json(contactJson(id, await getContact(ctx.db, id)));
    }),
  );
  app.post(
    `${base}/contacts/import`,
    route('contacts_import', async (c, ctx, by) => {
      const step = c.req.query('step');
      if (step !== 'preview' && step !== 'commit') throw badRequest([{ field: 'step', message: 'step “preview” ya da “commit” olmalı.' }]);
      const bytes = await readBytes(c, 5 * 1024 * 1024);
      const accounts = await ctx.erp.accounts();
      const preview = await previewImport(bytes, fileNameOf(c), new Map([...accounts].map(([id, a]) => [id, a.name])));
      return c.json(step === 'preview' ? preview : await commitImport(ctx.db, preview, by, ctx.now()));
    }),
  );

  app.get(
    `${base}/campaigns`,
    route('campaigns', async (c, ctx) => c.json({ campaigns: await listCampaigns(ctx.db, ctx.now()) })),
  );
  app.post(
    `${base}/campaigns`,
    route('campaign_create', async (c, ctx, by) => {
      const body = await readJson(c);
      const input = isBabsBody(body) ? checkBabsCampaign(body, ctx.now()) : checkCampaign(body);
      if (input.send && ctx.transport.mode === 'disabled') throw new MutError('mail_not_configured', MUT_MESSAGES.mailNotConfigured);
      const id = await createCampaign(ctx.db, input, by, ctx.now());
      return c.json({ campaign: (await loadCampaign(ctx.db, id, ctx.now())).campaign }, 201);
    }),
  );
  app.get(
    `${base}/campaigns/:id`,
    route('campaign', async (c, ctx) => {
      // The board polls while letters are prepared or sent: unchanged since its last answer, a 304 (no letter read).
      const version = await campaignVersion(ctx.db, pid(c), ctx.now());
      c.header('etag', version);
      c.header('cache-control', 'no-cache');
      if (c.req.header('if-none-match') === version) return c.body(null, 304);
      const r = await loadCampaign(ctx.db, pid(c), ctx.now());
      const f = c.req.query('state');
      const rows = !f
        ? r.letters
        : f === 'noAnswer'
          ? r.letters.filter((l) => l.state === 'sent')
          : f === 'monthPassed'
            ? r.letters.filter((l) => l.monthPassed)
            : f === 'sent'
              ? r.letters.filter((l) => l.sentAt)
              : r.letters.filter((l) => l.state === f);
      return c.json({ campaign: r.campaign, letters: rows });
    }),
  );
  app.post(
    `${base}/campaigns/:id/send`,
    route('campaign_send', async (c, ctx, by) => {
      await sendCampaign(ctx, pid(c), by);
      return c.json({ campaign: (await loadCampaign(ctx.db, pid(c), ctx.now())).campaign });
    }),
  );
  app.post(
    `${base}/campaigns/:id/retry-prepare`,
    route('campaign_retry_prepare', async (c, ctx, by) => {
      await retryPrepare(ctx, pid(c), by);
      return c.json({ campaign: (await loadCampaign(ctx.db, pid(c), ctx.now())).campaign });
    }),
  );
  app.post(
    `${base}/campaigns/:id/cancel`,
    route('campaign_cancel', async (c, ctx, by) => {
      await cancelLetters(ctx, { campaignId: pid(c) }, await readJson(c).catch(() => ({})), by);
      return c.json({ campaign: (await loadCampaign(ctx.db, pid(c), ctx.now())).campaign });
    }),
  );
  app.get(
    `${base}/campaigns/:id/report.xlsx`,
    route('report_xlsx', async (c, ctx) => {
      const r = await loadCampaign(ctx.db, pid(c), ctx.now());
      return c.body(new Uint8Array(await reportXlsx(r)), 200, {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': attachment(`Mutabakat raporu ${formatDate(r.campaign.asOf)}.xlsx`),
      });
    }),
  );
  app.get(
    `${base}/campaigns/:id/report.pdf`,
    route('report_pdf', async (c, ctx) => {
      const r = await loadCampaign(ctx.db, pid(c), ctx.now());
      return c.body(new Uint8Array(await reportPdf(r, ctx.company.title, ctx.now())), 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(`Mutabakat raporu ${formatDate(r.campaign.asOf)}.pdf`),
      });
    }),
  );

  const letterOut = async (ctx: AppCtx, id: string) => {
    const row = (await ctx.db.select(letterColumns).from(letters).where(eq(letters.id, id)))[0];
    if (!row || isAuditorsCampaign(row.campaignId)) throw notFound();
    return letterJson(row, await eventsById(ctx.db, [row]), ctx.now());
  };
  app.get(
    `${base}/letters/:id`,
    route('letter', async (c, ctx) => c.json({ letter: await letterOut(ctx, pid(c)), events: (await letterEvents(ctx.db, pid(c))).map(eventJson) })),
  );
  app.get(
    `${base}/letters/:id/pdf`,
    route('letter_pdf', async (c, ctx) => {
      const l = await loadLetter(ctx.db, pid(c));
      const row = (await ctx.db.select({ pdf: letters.pdf }).from(letters).where(eq(letters.id, l.id)))[0];
      if (!row?.pdf) throw new MutError('conflict', MUT_MESSAGES.notReady);
      return c.body(new Uint8Array(row.pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(
          l.campaign.kind === 'babs'
            ? babsLetterFileName(l.accountName || l.accountId, l.campaign.asOf.slice(0, 7))
            : `Mutabakat mektubu - ${l.accountName || l.accountId} - ${formatDate(l.campaign.asOf)}.pdf`,
        ),
        'x-content-type-options': 'nosniff',
      });
    }),
  );
  app.get(
    `${base}/letters/:id/docs.pdf`,
    route('letter_docs_pdf', async (c, ctx) => {
      const l = await loadLetter(ctx.db, pid(c));
      const row = (await ctx.db.select({ pdf: letters.docsPdf }).from(letters).where(eq(letters.id, l.id)))[0];
      if (!row?.pdf) throw l.campaign.kind === 'babs' ? new MutError('conflict', MUT_MESSAGES.notReady) : notFound();
      return c.body(new Uint8Array(row.pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(babsDocsFileName(l.accountName || l.accountId, l.campaign.asOf.slice(0, 7))),
        'x-content-type-options': 'nosniff',
      });
    }),
  );
  const action = (name: string, fn: (ctx: AppCtx, id: string, body: unknown, by: Actor) => Promise<void>) =>
    app.post(
      `${base}/letters/:id/${name}`,
      route(`letter_${name}`, async (c, ctx, by) => {
        await loadLetter(ctx.db, pid(c));
        const body = name === 'resend' || name === 'remind' ? {} : await readJson(c);
        await fn(ctx, pid(c), body, by);
        return c.json({ letter: await letterOut(ctx, pid(c)) });
      }),
    );
  action('resend', (ctx, id, _b, by) => resend(ctx, id, by));
  action('remind', (ctx, id, _b, by) => remindNow(ctx, id, by));
  action('answer', (ctx, id, b, by) => recordAnswer(ctx, id, b, by));
  action('resolve', (ctx, id, b, by) => resolveDifference(ctx, id, b, by));
  action('cancel', (ctx, id, b, by) => cancelLetters(ctx, { letterId: id }, b, by));
  app.post(
    `${base}/letters/:id/documents`,
    route('letter_document', async (c, ctx, by) => {
      const l = await loadLetter(ctx.db, pid(c));
      const bytes = await readBytes(c, 10 * 1024 * 1024);
      const name = fileNameOf(c);
      const check = checkUpload(name, bytes);
      if (!check.ok) throw badRequest([{ field: 'file', message: check.message }]);
      const id = randomUUID();
      await ctx.db.insert(uploads).values({
        id,
        letterId: l.id,
        fileName: name,
        type: check.type,
        size: bytes.length,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes,
        createdAt: ctx.now(),
        byUser: by.userName,
      });
      return c.json({ id, fileName: name, size: bytes.length, type: check.type }, 201);
    }),
  );

  app.get(
    `${base}/accounts/:id{[0-9]{1,18}}/history`,
    route('history', async (c, ctx) => c.json({ letters: await accountHistory(ctx.db, pid(c), ctx.now()) })),
  );

  const mailJson = (m: typeof mails.$inferSelect, demo: boolean) => ({
    id: m.id,
    letterId: m.letterId,
    campaignId: m.campaignId,
    accountId: m.accountId,
    kind: m.kind,
    to: m.to,
    cc: m.cc,
    subject: m.subject,
    state: m.state === 'sending' ? 'queued' : m.state,
    attempts: m.attempts,
    nextAttemptAt: m.state === 'queued' ? (m.nextAttemptAt?.toISOString() ?? null) : null,
    smtp: m.smtp,
    messageId: m.messageId,
    createdAt: m.createdAt.toISOString(),
    sentAt: m.sentAt?.toISOString() ?? null,
    replyUrl: demo ? m.link : null,
    attachmentName: m.attachmentName,
    maybeTwice: m.maybeTwice,
  });
  app.get(
    `${base}/outbox`,
    route('outbox', async (c, ctx) => {
      const limit = Math.min(1000, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
      const cid = c.req.query('campaignId');
      const rows = await ctx.db
        .select()
        .from(mails)
        .where(and(notLike(mails.campaignId, 'den-%'), cid ? eq(mails.campaignId, cid) : undefined))
        .orderBy(desc(mails.createdAt))
        .limit(limit);
      const demo = ctx.transport.mode === 'outbox';
      // A campaign's outbox while some of its letters are still being made: more mails are coming (the page asks again sooner).
      const preparing = cid
        ? (
            await ctx.db
              .select({ id: letters.id })
              .from(letters)
              .where(and(eq(letters.campaignId, cid), eq(letters.state, 'preparing')))
              .limit(1)
          ).length > 0
        : false;
      return c.json({ mode: ctx.transport.mode, mails: rows.map((m) => mailJson(m, demo)), preparing });
    }),
  );
  app.get(
    `${base}/outbox/:id`,
    route('outbox_mail', async (c, ctx) => {
      const m = (
        await ctx.db
          .select()
          .from(mails)
          .where(eq(mails.id, pid(c)))
      )[0];
      if (!m || isAuditorsCampaign(m.campaignId)) throw notFound();
      return c.json({ mail: mailJson(m, ctx.transport.mode === 'outbox'), html: m.html, text: m.text });
    }),
  );

  app.get(
    `${base}/attachments/:id`,
    route('attachment', async (c, ctx) => {
      const u = (
        await ctx.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.id, pid(c))))
      )[0];
      if (!u) throw notFound();
      const of = (await ctx.db.select({ campaignId: letters.campaignId }).from(letters).where(eq(letters.id, u.letterId)))[0];
      if (of && isAuditorsCampaign(of.campaignId)) throw notFound();
      return c.body(new Uint8Array(u.bytes), 200, {
        'content-type': u.type,
        'content-disposition': attachment(u.fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    }),
  );
}
