/** createGateway: the parts built from the config, the middleware, the routes in order, the error answers. */
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { auditLog } from './audit-log';
import { DEFAULTS, type Ctx, type GatewayConfig, type GatewayEnv } from './config';
import { csrfGuard } from './csrf';
import { Flights } from './coalesce';
import { compressAnswers } from './compress';
import { echoGuard } from './echo-guard';
import { addErpRoute } from './erp-route';
import { jsonError } from './error-response';
import { addOverviewRoute } from './overview-route';
import { OverviewGate } from './overview-gate';
import { warmOverviewThreads } from './overview-thread';
import { GatewayError, MESSAGES } from './messages';
import { LoginLimiter } from './rate-limit';
import { SessionCalls } from './session-calls';
import { sessionCookies } from './session-cookie';
import { addSessionRoutes } from './session-routes';
import { MemoryStore, StoreUnavailableError } from './state-store';
import { defaultDispatcher, type UpstreamOptions } from './upstream';

export function createGateway(config: GatewayConfig): Hono<GatewayEnv> {
  const now = config.now ?? Date.now;
  const maxBodyBytes = config.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const log = config.log ?? ((line: string) => console.info(line));
  const upstream: UpstreamOptions = {
    erpBaseUrl: config.erpBaseUrl,
    erpApiPassword: config.erpApiPassword,
    erpService: config.erpService || DEFAULTS.erpService,
    erpTimeoutMs: config.erpTimeoutMs ?? DEFAULTS.erpTimeoutMs,
    erpBody: config.erpBody ?? 'form',
    maxAnswerBytes: config.maxAnswerBytes ?? DEFAULTS.maxAnswerBytes,
    transport: config.transport ?? defaultDispatcher(),
  };
  const store = config.store ?? new MemoryStore();
  const cookies = sessionCookies(config, now, store);
  const limiter = new LoginLimiter(store, config.loginLimit);
  const echo = echoGuard(config.erpApiPassword);
  const refuseEcho = echo.refuse;
  const flights = new Flights();
  const calls = new SessionCalls(config.sessionCalls);

  const app = new Hono<GatewayEnv>();
  app.use('/api/*', auditLog(log, now, config.clientStallMs));
  app.use('/api/*', compressAnswers(config.compression));
  app.use('/api/*', csrfGuard(config));
  // Mutabakat routes set their own body limits (imports, documents); mounted before the gateway's.
  config.mutabakat?.mount(app, cookies);
  // Request bodies: at most maxBodyBytes (Content-Length, or counted while read) → 413.
  app.use(
    '/api/*',
    bodyLimit({
      maxSize: maxBodyBytes,
      onError: () => {
        throw new GatewayError('payload_too_large', MESSAGES.payloadTooLarge);
      },
    }),
  );

  app.get('/api/config', (c) => {
    c.set('op', 'config');
    return c.json({
      demo: !!config.demo,
      ...(config.demo ? { demoUsers: config.demo.users.map((u) => ({ userName: u.userName, password: u.password })) } : {}),
      ...(config.aliases ? { aliases: config.aliases } : {}),
      company: { title: '', address: '', taxOffice: '', taxNo: '', ...config.company },
      letters: { ttk94Clause: config.letters?.ttk94Clause !== false },
    });
  });

  const signedIn = config.overviewThread !== false && config.overviewThreadsAtLogin ? warmOverviewThreads : undefined;
  addSessionRoutes(app, { config, cookies, limiter, upstream, refuseEcho, now, calls, signedIn });
  const gate = new OverviewGate();
  addErpRoute(app, { cookies, upstream, echo, flights, calls, gate });
  addOverviewRoute(app, { cookies, upstream, echo, flights, calls, gate }, config.aliases, config.overviewThread ?? true);

  app.all('/api/*', () => {
    throw new GatewayError('not_found', MESSAGES.notFound, { detail: 'no_route' });
  });

  app.notFound((c) => jsonError(c as Ctx, new GatewayError('not_found', MESSAGES.notFound, { detail: 'no_route' })));

  app.onError((err, c) => {
    if (err instanceof GatewayError) return jsonError(c as Ctx, err);
    // Redis unreachable (or the state file not writable): refuse plainly; the cookie is left alone.
    if (err instanceof StoreUnavailableError) return jsonError(c as Ctx, new GatewayError('store_unavailable', MESSAGES.storeUnavailable));
    // Never echo the error: it may carry an upstream URL. Name only, for the log.
    const ge = new GatewayError('internal', MESSAGES.internal, { detail: `internal_${err.name}`.slice(0, 60) });
    return jsonError(c as Ctx, ge);
  });

  return app;
}

export type Gateway = ReturnType<typeof createGateway>;
