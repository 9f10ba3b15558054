/**
 * The demo ERP as an HTTP server on 127.0.0.1 (Node only), with a control API for e2e fault tests:
 *   GET  /__demo/settings            → { shape, fail, size, today, service }
 *   POST /__demo/settings {shape?, fail?, failRules?} → the new settings (400 on an unknown value);
 *        failRules = [{operation?, param?, value?, mode}] replaces the rules ([] clears them)
 *   GET  /__demo/requests            → the request log;  DELETE /__demo/requests clears it
 *   POST /__demo/payment {accountId, date, amount, currencyAmount?} → a payment received appears on
 *        the account's statement (a Tahsilat line; amounts in kuruş) — for the collections e2e
 * The demo ERP runs only in demo mode and in tests (never beside a real ERP): so does this control API.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createDemoErp, failRuleProblem, isFailMode, type DemoConnection, type DemoErp, type DemoErpOptions, type FailRule } from './service';
import { isShape } from './shapes';

export interface StartDemoErpOptions extends DemoErpOptions {
  /** 0 (default) = a free port. */
  port?: number;
}
export interface RunningDemoErp {
  /** e.g. "http://127.0.0.1:8787" (no trailing slash, no password). */
  url: string;
  erp: DemoErp;
  close(): Promise<void>;
}

const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json; charset=UTF-8' } });

export function startDemoErp(options: StartDemoErpOptions): Promise<RunningDemoErp> {
  const erp = createDemoErp(options);
  const current = () => ({ ...erp.settings, ...erp.options });
  const control = async (request: Request): Promise<Response> => {
    const { pathname } = new URL(request.url);
    if (pathname === '/__demo/settings') {
      if (request.method === 'GET') return json(current());
      if (request.method !== 'POST') return json({ error: 'method not allowed' }, 405);
      let body: { shape?: unknown; fail?: unknown; failRules?: unknown };
      try {
        body = (await request.json()) as typeof body;
      } catch {
        return json({ error: 'body must be JSON {shape?, fail?, failRules?}' }, 400);
      }
      if (body.shape !== undefined && !isShape(body.shape)) return json({ error: `unknown shape ${JSON.stringify(body.shape)}` }, 400);
      if (body.fail !== undefined && !isFailMode(body.fail)) return json({ error: `unknown fail mode ${JSON.stringify(body.fail)}` }, 400);
      if (body.failRules !== undefined) {
        if (!Array.isArray(body.failRules)) return json({ error: 'failRules must be an array' }, 400);
        for (const rule of body.failRules as unknown[]) {
          const problem = failRuleProblem(rule);
          if (problem) return json({ error: problem }, 400);
        }
      }
      if (body.shape !== undefined) erp.settings.shape = body.shape;
      if (body.fail !== undefined) erp.settings.fail = body.fail;
      if (body.failRules !== undefined) erp.settings.failRules = body.failRules as FailRule[];
      if (erp.settings.fail !== 'hang' && !erp.settings.failRules.some((r) => r.mode === 'hang')) erp.release();
      return json(current());
    }
    if (pathname === '/__demo/payment' && request.method === 'POST') {
      const b = (await request.json().catch(() => null)) as { accountId?: unknown; date?: unknown; amount?: unknown; currencyAmount?: unknown } | null;
      const ok =
        b &&
        typeof b.accountId === 'string' &&
        erp.dataset.accountById.has(b.accountId) &&
        typeof b.date === 'string' &&
        /^\d{4}-\d{2}-\d{2}$/.test(b.date) &&
        Number.isSafeInteger(b.amount) &&
        (b.amount as number) > 0 &&
        (b.currencyAmount === undefined || (Number.isSafeInteger(b.currencyAmount) && (b.currencyAmount as number) > 0));
      if (!ok) return json({ error: 'body must be {accountId (an account of the dataset), date YYYY-MM-DD, amount > 0 (kuruş), currencyAmount?}' }, 400);
      erp.addPayment({
        accountId: b.accountId as string,
        date: b.date as string,
        amount: b.amount as number,
        currencyAmount: b.currencyAmount as number | undefined,
      });
      return json({ ok: true }, 201);
    }
    if (pathname === '/__demo/requests') {
      if (request.method === 'DELETE') {
        erp.requests.length = 0;
        return new Response(null, { status: 204 });
      }
      return json(erp.requests);
    }
    return json({ error: 'not found' }, 404);
  };
  return new Promise((resolve, reject) => {
    const server = serve(
      {
        fetch: (request: Request, env: DemoConnection) => (new URL(request.url).pathname.startsWith('/__demo/') ? control(request) : erp.fetch(request, env)),
        port: options.port ?? 0,
        hostname: '127.0.0.1',
      },
      (info: AddressInfo) => {
        resolve({
          url: `http://127.0.0.1:${info.port}`,
          erp,
          close: () =>
            new Promise<void>((done) => {
              erp.release();
              (server as Server).closeAllConnections?.();
              server.close(() => done());
            }),
        });
      },
    ) as Server;
    server.once('error', reject);
  });
}
