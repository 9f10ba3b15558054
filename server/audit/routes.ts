/**
 * Denetçi modu's routes (docs/audit-confirmations.md; docs/mutabakat-api.md lists them):
 * - /api/denetim/*  the company's side, behind the staff session: authorise an audit firm, list, revoke,
 *                   and see an engagement's letters by state only until the auditor releases results;
 * - /api/denetci/*  the auditor's side: invitation, login (password + TOTP), and the one engagement the
 *                   session is bound to — sample, addresses, send, letters, exceptions, evidence.
 * Both sit behind the gateway's CSRF guard (our header, same origin). No ERP user is needed for the auditor.
 */
import type { Context, Hono } from 'hono';
import type { GatewayEnv, MountCookies } from '../gateway/config';
import { GatewayError } from '../gateway/messages';
import type { AppCtx } from '../app/context';
import { MUT_MESSAGES, MutError, badRequest, isDbDown, notFound, conflict } from '../app/errors';
import { WindowLimiter } from '../reply/limiter';
import { checkUpload, cleanFileName } from '../reply/upload';
import { eq, and } from 'drizzle-orm';
import { createHash, randomUUID } from 'node:crypto';
import { engagements, letters, mails, uploads } from '../db/schema';
import { appendEvents, type Actor } from '../mutabakat/events';
import { attachment } from '../mutabakat/routes';
import { attachmentName } from '../mutabakat/mail-compose';
import { authorise, checkEngagement, companyView, engagementJson, listEngagements, loadEngagement, revoke } from './engagement';
import { confirmInvite, inviteInfo, login, logout, requireAuditor, setPassword, type AuditorSession } from './auditor-auth';
import { approveAddress, checkMethod, drawSample, parties, population } from './sample';
import { checkSend, sendEngagement } from './send';
import { todayIso } from '../../src/domain/dates';
import { addNote, alternativeProcedure, auditorLetters, closeException } from './exceptions';
import { engagementZip, letterZip, verifyEngagement } from './evidence';

type C = Context<GatewayEnv>;
const param = (c: C, k: string): string => (c.req.param as (k: string) => string | undefined)(k) ?? '';

async function readJson(c: C): Promise<unknown> {
  const declared = Number(c.req.header('content-length') ?? '0');
  if (declared > 1024 * 1024) throw new MutError('payload_too_large', 'İstek çok büyük.');
  try {
    return JSON.parse(await c.req.text());
  } catch {
    throw badRequest([{ field: 'body', message: 'İstek gövdesi geçerli bir JSON nesnesi değil.' }]);
  }
}

function errorJson(c: C, e: MutError): Response {
  c.set('detail', e.code);
  return c.json({ error: { code: e.code, message: e.message, ...(e.problems ? { problems: e.problems } : {}) } }, e.status as 400);
}

const guard = (c: C, fn: () => Promise<Response>) =>
  fn().catch((e: unknown) => {
    if (e instanceof MutError) return errorJson(c, e);
    if (e instanceof GatewayError) throw e;
    if (isDbDown(e)) return errorJson(c, new MutError('db_unavailable', MUT_MESSAGES.dbUnavailable));
    throw e;
  });

export function addAuditRoutes(app: Hono<GatewayEnv>, cookies: MountCookies, getCtx: () => Promise<AppCtx>, o: { addressOf: (c: Context) => string }): void {
  const secure = cookies.secure === true;
  const metaOf = (c: Context) => ({ ip: o.addressOf(c), userAgent: c.req.header('user-agent') ?? '' });
  const zipHeaders = (name: string) => ({
    'content-type': 'application/zip',
    'content-disposition': attachment(name),
    'cache-control': 'private, no-store',
    'x-content-type-options': 'nosniff',
  });

  // ——— The company's side (staff session) ———
  const staff = (op: string, fn: (c: C, ctx: AppCtx, by: Actor) => Promise<Response>) => async (c: C) => {
    c.set('op', `denetim_${op}`);
    const s = await cookies.require(c);
    return guard(c, async () => fn(c, await getCtx(), { userName: s.user.userName, name: s.user.name }));
  };
  app.get(
    '/api/denetim/engagements',
    staff('list', async (c, ctx) => c.json({ engagements: await listEngagements(ctx) })),
  );
  app.post(
    '/api/denetim/engagements',
    staff('authorise', async (c, ctx, by) => {
      if (ctx.transport.mode === 'disabled') throw new MutError('mail_not_configured', MUT_MESSAGES.mailNotConfigured);
      const r = await authorise(ctx, checkEngagement(await readJson(c)), by);
      const e = await loadEngagement(ctx, r.id);
      // The invitation goes by mail; the demo outbox sends nothing, so there its link is shown to the one playing both parts.
      return c.json({ engagement: engagementJson(e, ctx.now()), ...(ctx.transport.mode === 'outbox' ? { inviteUrl: r.inviteUrl } : {}) }, 201);
    }),
  );
  app.get(
    '/api/denetim/engagements/:id',
    staff('view', async (c, ctx) => c.json(await companyView(ctx, param(c, 'id')))),
  );
  app.post(
    '/api/denetim/engagements/:id/revoke',
    staff('revoke', async (c, ctx, by) => {
      await revoke(ctx, param(c, 'id'), by);
      return c.json({ engagement: engagementJson(await loadEngagement(ctx, param(c, 'id')), ctx.now()) });
    }),
  );

  // ——— The auditor's side ———
  // Per address, for the routes without a session (invitation, login): an account's own lock stops guessing its password.
  const byAddress = new WindowLimiter(60, 60_000, () => Date.now());
  const open = (op: string, fn: (c: C, ctx: AppCtx) => Promise<Response>) => async (c: C) => {
    c.set('op', `denetci_${op}`);
    if (!byAddress.hit(o.addressOf(c))) return errorJson(c, new MutError('too_many', 'Çok fazla deneme; bir dakika sonra yeniden deneyin.'));
    return guard(c, async () => fn(c, await getCtx()));
  };
  app.post(
    '/api/denetci/invite',
    open('invite', async (c, ctx) => c.json(await inviteInfo(ctx, ((await readJson(c)) as { token?: unknown }).token))),
  );
  app.post(
    '/api/denetci/invite/password',
    open('invite_password', async (c, ctx) => {
      const b = (await readJson(c)) as { token?: unknown; password?: unknown };
      return c.json(await setPassword(ctx, b.token, b.password));
    }),
  );
  app.post(
    '/api/denetci/invite/confirm',
    open('invite_confirm', async (c, ctx) => {
      const b = (await readJson(c)) as { token?: unknown; code?: unknown };
      return c.json(await confirmInvite(ctx, c, metaOf(c), b.token, b.code, secure));
    }),
  );
  app.post(
    '/api/denetci/login',
    open('login', async (c, ctx) => c.json(await login(ctx, c, metaOf(c), await readJson(c), secure))),
  );
  app.post('/api/denetci/logout', async (c) =>
    guard(c, async () => {
      await logout(await getCtx(), c, secure);
      return c.json({ ok: true });
    }),
  );

  const auditor = (op: string, fn: (c: C, ctx: AppCtx, s: AuditorSession) => Promise<Response>) => async (c: C) => {
    c.set('op', `denetci_${op}`);
    return guard(c, async () => {
      const ctx = await getCtx();
      return fn(c, ctx, await requireAuditor(ctx, c, secure));
    });
  };
  app.get(
    '/api/denetci/me',
    auditor('me', async (c, ctx, s) =>
      c.json({
        auditor: { email: s.auditor.email, name: s.auditor.name, recoveryCodesLeft: s.auditor.recoveryHashes.length },
        engagement: engagementJson(s.engagement, ctx.now()),
        company: ctx.company.title,
        sample: s.engagement.sample,
        demoOutbox: ctx.transport.mode === 'outbox',
      }),
    ),
  );
  app.get(
    '/api/denetci/population',
    auditor('population', async (c, ctx, s) => {
      const rows = await population(ctx, s.engagement);
      const groups = new Map<string, { side: string; currency: string; count: number; sum: bigint }>();
      for (const r of rows) {
        const g = groups.get(`${r.side}${r.currency}`) ?? { side: r.side, currency: r.currency, count: 0, sum: 0n };
        g.count++;
        g.sum += BigInt(r.balance);
        groups.set(`${r.side}${r.currency}`, g);
      }
      return c.json({ accounts: new Set(rows.map((r) => r.accountId)).size, groups: [...groups.values()].map((g) => ({ ...g, sum: g.sum.toString() })) });
    }),
  );
  app.post(
    '/api/denetci/sample',
    auditor('sample', async (c, ctx, s) => c.json(await drawSample(ctx, s.engagement, checkMethod(await readJson(c)), s.actor))),
  );
  app.get(
    '/api/denetci/parties',
    auditor('parties', async (c, ctx, s) =>
      c.json({ parties: (await parties(ctx, s.engagement.id)).map((p) => ({ ...p, approvedAt: p.approvedAt?.toISOString() ?? null })) }),
    ),
  );
  app.post(
    '/api/denetci/parties/:account{[0-9]{1,18}}/approve',
    auditor('approve', async (c, ctx, s) => {
      const p = await approveAddress(ctx, s.engagement, param(c, 'account'), await readJson(c), s.actor);
      return c.json({ party: { ...p, approvedAt: p.approvedAt?.toISOString() ?? null } });
    }),
  );
  app.post(
    '/api/denetci/send',
    auditor('send', async (c, ctx, s) =>
      c.json(await sendEngagement(ctx, s.engagement, checkSend(await readJson(c), s.engagement, todayIso(ctx.now())), s.actor)),
    ),
  );
  app.get(
    '/api/denetci/letters',
    auditor('letters', async (c, ctx, s) => c.json(await auditorLetters(ctx, s.engagement))),
  );
  const ownLetter = async (ctx: AppCtx, s: AuditorSession, id: string) => {
    const l = (
      await ctx.db
        .select({ id: letters.id, accountId: letters.accountId, accountName: letters.accountName, pdf: letters.pdf })
        .from(letters)
        .where(and(eq(letters.id, id), eq(letters.campaignId, s.engagement.id)))
    )[0];
    if (!l) throw notFound();
    return l;
  };
  app.get(
    '/api/denetci/letters/:id/pdf',
    auditor('letter_pdf', async (c, ctx, s) => {
      const l = await ownLetter(ctx, s, param(c, 'id'));
      if (!l.pdf) throw conflict(MUT_MESSAGES.notReady);
      return c.body(new Uint8Array(l.pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(attachmentName(l.accountName, l.accountId, s.engagement.periodEnd)),
        'x-content-type-options': 'nosniff',
      });
    }),
  );
  app.post(
    '/api/denetci/letters/:id/notes',
    auditor('note', async (c, ctx, s) => {
      await addNote(ctx, s.engagement, param(c, 'id'), await readJson(c), s.actor);
      return c.json({ ok: true });
    }),
  );
  app.post(
    '/api/denetci/letters/:id/alternative',
    auditor('alternative', async (c, ctx, s) => c.json(await alternativeProcedure(ctx, s.engagement, param(c, 'id'), await readJson(c), s.actor))),
  );
  app.post(
    '/api/denetci/letters/:id/close',
    auditor('close', async (c, ctx, s) => {
      await closeException(ctx, s.engagement, param(c, 'id'), await readJson(c), s.actor);
      return c.json({ ok: true });
    }),
  );
  app.post(
    '/api/denetci/letters/:id/documents',
    auditor('document', async (c, ctx, s) => {
      const l = await ownLetter(ctx, s, param(c, 'id'));
      if (Number(c.req.header('content-length') ?? '0') > 10 * 1024 * 1024) throw new MutError('payload_too_large', 'Dosya çok büyük (en fazla 10 MB).');
      const bytes = new Uint8Array(await c.req.arrayBuffer());
      let name = 'dosya';
      try {
        name = cleanFileName(decodeURIComponent(c.req.header('x-file-name') ?? 'dosya'));
      } catch {
        /* the default name */
      }
      const check = checkUpload(name, bytes);
      if (!check.ok) throw badRequest([{ field: 'file', message: check.message }]);
      const id = randomUUID();
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      await ctx.db
        .insert(uploads)
        .values({ id, letterId: l.id, fileName: name, type: check.type, size: bytes.length, sha256, bytes, createdAt: ctx.now(), byUser: s.actor.userName });
      await appendEvents(ctx.db, ctx.now(), [
        {
          campaignId: s.engagement.id,
          letterId: l.id,
          accountId: l.accountId,
          type: 'document_added',
          by: s.actor,
          detail: { id, fileName: name, size: bytes.length, sha256 },
        },
      ]);
      return c.json({ id, fileName: name, size: bytes.length, sha256 }, 201);
    }),
  );
  app.get(
    '/api/denetci/letters/:id/evidence.zip',
    auditor('letter_zip', async (c, ctx, s) => {
      const z = await letterZip(ctx, s.engagement, param(c, 'id'));
      if (!z) throw notFound();
      return c.body(z.bytes as Uint8Array<ArrayBuffer>, 200, zipHeaders(z.name));
    }),
  );
  app.post(
    '/api/denetci/release',
    auditor('release', async (c, ctx, s) => {
      const done = await ctx.db.transaction(async (tx) => {
        const r = await tx
          .update(engagements)
          .set({ releasedAt: ctx.now() })
          .where(and(eq(engagements.id, s.engagement.id)))
          .returning({ id: engagements.id });
        await appendEvents(tx, ctx.now(), [{ campaignId: s.engagement.id, type: 'released', by: s.actor, detail: {} }]);
        return r.length;
      });
      return c.json({ released: done === 1 });
    }),
  );
  app.get(
    '/api/denetci/evidence/verify',
    auditor('verify', async (c, ctx, s) => c.json(await verifyEngagement(ctx.d, s.engagement.id))),
  );
  app.get(
    '/api/denetci/evidence.zip',
    auditor('zip', async (c, ctx, s) => {
      const bytes = await engagementZip(ctx, s.engagement);
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, zipHeaders(`Teyit kanıtları - ${s.engagement.engagementNo.replace(/[\\/:*?"<>|]/g, '-')}.zip`));
    }),
  );
  // Demo mode only (the outbox sends nothing): the engagement's mails, so one person can play the counterpart.
  app.get(
    '/api/denetci/outbox',
    auditor('outbox', async (c, ctx, s) => {
      if (ctx.transport.mode !== 'outbox') throw notFound();
      const rows = await ctx.db.select().from(mails).where(eq(mails.campaignId, s.engagement.id));
      return c.json({
        mails: rows.map((m) => ({
          id: m.id,
          kind: m.kind,
          accountId: m.accountId,
          to: m.to,
          subject: m.subject,
          text: m.text,
          link: m.link,
          state: m.state,
          createdAt: m.createdAt.toISOString(),
        })),
      });
    }),
  );
}
