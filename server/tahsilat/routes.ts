/**
 * /api/tahsilat/* (docs/tahsilat-api.md): behind the gateway's session cookie and CSRF header, on the
 * mutabakat database, outbox and jobs; every write names the session's Workcube user.
 */
import type { Context, Hono } from 'hono';
import { and, eq, sql } from 'drizzle-orm';
import type { GatewayEnv } from '../gateway/config';
import type { MountCookies } from '../gateway/config';
import { GatewayError } from '../gateway/messages';
import { contacts, mails } from '../db/schema';
import type { AppCtx } from '../app/context';
import { MUT_MESSAGES, MutError, badRequest, isDbDown } from '../app/errors';
import type { Actor } from '../mutabakat/events';
import { todayIso } from '../../src/domain/dates';
import { judgePromises } from './promise';
import { figuresOf, readSnapshot } from './figures';
import { accountCurrencies } from '../../src/domain/ledger';
import { activitiesOf, activityJson, addPromise, checkActivity, checkPromise, getState, logActivity, promisesOf, saveState, stateJson } from './store';
import { buildPayables, buildWorklist, promiseJson, rowsJson, VIEWS, type View } from './worklist';
import { listProposals, proposeReminders, sendReminders, TAHSILAT_CAMPAIGN } from './reminders';
import { attachment } from '../mutabakat/routes';
import { checkSettings, FIELD_HELP, loadSettings, saveSettings, TEMPLATE_FIELDS } from './settings';
import { previewTemplate } from './preview';
import { emailStatement } from './statement-mail';

type C = Context<GatewayEnv>;
const pid = (c: C): string => (c.req.param as (k: string) => string | undefined)('id') ?? '';

async function readJson(c: C): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > 256 * 1024) throw badRequest([{ field: 'body', message: 'İstek çok büyük.' }]);
  try {
    return JSON.parse(text || '{}');
  } catch {
    throw badRequest([{ field: 'body', message: 'İstek gövdesi geçerli bir JSON nesnesi değil.' }]);
  }
}

export function addTahsilatRoutes(app: Hono<GatewayEnv>, cookies: MountCookies, getCtx: () => Promise<AppCtx>): void {
  const route = (op: string, fn: (c: C, ctx: AppCtx, by: Actor) => Promise<Response>) => async (c: C) => {
    c.set('op', `tahsilat_${op}`);
    const session = await cookies.require(c);
    try {
      return await fn(c, await getCtx(), { userName: session.user.userName, name: session.user.name });
    } catch (e) {
      if (e instanceof MutError) {
        c.set('detail', e.code);
        return c.json({ error: { code: e.code, message: e.message, ...(e.problems ? { problems: e.problems } : {}), ...(e.extra ?? {}) } }, e.status as 400);
      }
      if (e instanceof GatewayError) throw e;
      if (isDbDown(e)) return c.json({ error: { code: 'db_unavailable', message: MUT_MESSAGES.dbUnavailable } }, 503);
      throw e;
    }
  };
  const base = '/api/tahsilat';
  const viewOf = (c: C): View => ((VIEWS as readonly string[]).includes(c.req.query('view') ?? '') ? (c.req.query('view') as View) : 'all');

  const mailWaiting = async (ctx: AppCtx) => {
    const rows = await ctx.d.rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM mails WHERE campaign_id = 'tahsilat' AND state IN ('queued','sending') AND attempts > 0`,
    );
    return rows[0]?.n ?? 0;
  };

  app.get(
    `${base}/worklist`,
    route('worklist', async (c, ctx, by) => {
      const limit = c.req.query('limit') === 'all' ? undefined : Math.min(100_000, Math.max(1, Number(c.req.query('limit')) || 300));
      const { rows, ...wl } = await buildWorklist(ctx, by.userName, viewOf(c), { force: c.req.query('refresh') === '1', limit });
      const waiting = await mailWaiting(ctx);
      const head = JSON.stringify({
        ...wl,
        me: by.userName,
        mail: ctx.transport.mode,
        mailWaiting: waiting,
        mailProblem: waiting
          ? `${waiting} hatırlatma e-postası gönderilemedi, giden kutusunda bekliyor (SMTP sunucusuna ulaşılamıyor; yeniden denenecek).`
          : null,
      });
      return c.body(`${head.slice(0, -1)},"rows":${rowsJson(rows)}}`, 200, { 'content-type': 'application/json' });
    }),
  );
  app.get(
    `${base}/payables`,
    route('payables', async (c, ctx) => c.json(await buildPayables(ctx))),
  );

  const accountOut = async (ctx: AppCtx, id: string) => {
    const settings = await loadSettings(ctx.db);
    const today = todayIso(ctx.now());
    let stale = false;
    let figures = null;
    try {
      const names = (await readSnapshot(ctx)).snapshot?.names;
      figures = figuresOf(id, names?.get(id) ?? '', await ctx.erp.statement(id), today);
    } catch {
      stale = true;
      figures = (await readSnapshot(ctx)).snapshot?.accounts.get(id) ?? null;
    }
    const plist = await promisesOf(ctx.db, id);
    const verdicts = figures
      ? judgePromises(
          plist.map((p) => ({ ...p, createdAt: p.createdAt.getTime() })),
          figures.lines,
          today,
          settings.graceDays,
        )
      : new Map();
    const contact = (await ctx.db.select().from(contacts).where(eq(contacts.accountId, id)))[0];
    return {
      accountId: id,
      today,
      stale,
      name: figures?.name ?? '',
      overdue: figures?.overdue ?? [],
      side: figures?.side ?? null,
      currencies: figures ? accountCurrencies(figures.lines) : [],
      state: stateJson(id, await getState(ctx.db, id)),
      promises: plist.map((p) => promiseJson(p, verdicts.get(p.id))).reverse(),
      activities: (await activitiesOf(ctx.db, id)).map(activityJson),
      address: { collectTo: contact?.collectTo ?? null, to: contact?.to ?? [] },
      graceDays: settings.graceDays,
    };
  };
  const acc = `${base}/accounts/:id{[0-9]{1,18}}`;
  app.get(
    acc,
    route('account', async (c, ctx) => c.json(await accountOut(ctx, pid(c)))),
  );
  app.post(
    `${acc}/activities`,
    route('activity', async (c, ctx, by) => {
      const a = checkActivity(await readJson(c));
      await logActivity(ctx.db, pid(c), ctx.now(), by, a.kind, a.note, a.result);
      return c.json(await accountOut(ctx, pid(c)), 201);
    }),
  );
  app.put(
    `${acc}/state`,
    route('state', async (c, ctx, by) => {
      await saveState(ctx.db, pid(c), await readJson(c), by, ctx.now());
      return c.json(await accountOut(ctx, pid(c)));
    }),
  );
  app.post(
    `${acc}/promises`,
    route('promise', async (c, ctx, by) => {
      const body = await readJson(c);
      const today = todayIso(ctx.now());
      let currencies: string[];
      try {
        currencies = ['TL', ...accountCurrencies((await ctx.erp.statement(pid(c))).lines)].filter((x, i, a) => a.indexOf(x) === i);
      } catch {
        throw new MutError('db_unavailable', 'ERP’ye ulaşılamadığı için hesabın para birimleri okunamadı; söz kaydedilmedi. Biraz sonra tekrar deneyin.');
      }
      const p = checkPromise(body, { currencies, today });
      await addPromise(ctx.db, pid(c), p, today, by, ctx.now());
      return c.json(await accountOut(ctx, pid(c)), 201);
    }),
  );
  app.put(
    `${acc}/address`,
    route('address', async (c, ctx, by) => {
      const b = (await readJson(c)) as { collectTo?: unknown };
      const list = Array.isArray(b.collectTo)
        ? b.collectTo
            .filter((x): x is string => typeof x === 'string')
            .map((s) => s.trim())
            .filter(Boolean)
        : [];
      const { isAddress, badAddress } = await import('../mutabakat/contacts');
      const bad = list.filter((s) => !isAddress(s));
      if (bad.length) throw badRequest(bad.map((s) => ({ field: 'collectTo', message: badAddress(s) })));
      const at = ctx.now();
      await ctx.db
        .insert(contacts)
        .values({ accountId: pid(c), to: [], cc: [], person: '', updatedAt: at, updatedBy: by.userName, collectTo: list.length ? list : null })
        .onConflictDoUpdate({ target: contacts.accountId, set: { collectTo: list.length ? list : null, updatedAt: at, updatedBy: by.userName } });
      return c.json(await accountOut(ctx, pid(c)));
    }),
  );
  app.post(
    `${acc}/send-document`,
    route('send_document', async (c, ctx, by) => {
      const r = await emailStatement(ctx, pid(c), await readJson(c), by);
      return c.json({ ...r, account: await accountOut(ctx, pid(c)) }, 201);
    }),
  );

  const fields = TEMPLATE_FIELDS.map((name) => ({ name, help: FIELD_HELP[name] }));
  app.get(
    `${base}/settings`,
    route('settings', async (c, ctx) => c.json({ settings: await loadSettings(ctx.db), fields })),
  );
  app.put(
    `${base}/settings`,
    route('settings_put', async (c, ctx, by) => {
      const s = checkSettings(await readJson(c));
      await saveSettings(ctx.db, s, by, ctx.now());
      return c.json({ settings: s, fields });
    }),
  );
  app.post(
    `${base}/settings/preview`,
    route('settings_preview', async (c, ctx) => c.json(await previewTemplate(ctx, await readJson(c)))),
  );

  app.get(
    `${base}/reminders`,
    route('reminders', async (c, ctx) => c.json({ reminders: await listProposals(ctx, c.req.query('day') || todayIso(ctx.now())) })),
  );
  app.post(
    `${base}/reminders/propose`,
    route('reminders_propose', async (c, ctx, by) => c.json({ reminders: await proposeReminders(ctx, by) })),
  );
  app.post(
    `${base}/reminders/send`,
    route('reminders_send', async (c, ctx, by) => {
      const b = (await readJson(c)) as { ids?: unknown };
      const ids = Array.isArray(b.ids) ? b.ids.filter((x): x is string => typeof x === 'string') : [];
      if (!ids.length) throw badRequest([{ field: 'ids', message: 'Gönderilecek hatırlatmaları seçin.' }]);
      return c.json(await sendReminders(ctx, ids, by));
    }),
  );
  app.get(
    `${base}/mails`,
    route('mails', async (c, ctx) => {
      const rows = await ctx.db
        .select({ id: mails.id, accountId: mails.accountId, subject: mails.subject, state: mails.state, smtp: mails.smtp, createdAt: mails.createdAt })
        .from(mails)
        .where(eq(mails.campaignId, 'tahsilat'));
      return c.json({ mails: rows });
    }),
  );
  // The outbox's "Ek" of a collections mail: the PDF the mail carries (a tahsilat mail has no mutabakat letter).
  app.get(
    `${base}/mails/:id{[0-9a-f-]{36}}/pdf`,
    route('mail_pdf', async (c, ctx) => {
      const m = (
        await ctx.db
          .select({ pdf: mails.pdf, name: mails.attachmentName })
          .from(mails)
          .where(and(eq(mails.id, pid(c)), eq(mails.campaignId, TAHSILAT_CAMPAIGN)))
      )[0];
      if (!m?.pdf) throw new MutError('not_found', 'Bu e-postanın eki bulunamadı.');
      return c.body(new Uint8Array(m.pdf), 200, {
        'content-type': 'application/pdf',
        'content-disposition': attachment(m.name),
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
      });
    }),
  );
}
