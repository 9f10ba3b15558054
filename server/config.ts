/**
 * Server configuration from the environment (+ .env and .env.local files, read here on the
 * server; process.env wins over .env.local, which wins over .env). Node only.
 *
 * Demo mode = dev without ERP_BASE_URL, or DEMO=1: the embedded demo ERP is started on a free
 * loopback port with a random API password (or DEMO_ERP_PASSWORD when set, so a test can check
 * that it never reaches the browser) and the gateway points at it, so the real forwarding path is
 * always used.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import type { GatewayConfig } from './gateway/index';
import { FileStore } from './gateway/state-file';
import { RedisStore } from './gateway/state-redis';
import { MemoryStore, type StateStore } from './gateway/state-store';
import { parseTrustProxy, TRUST_NONE, type TrustProxy } from './gateway/trust-proxy';
import { ERP_BODY_MODES } from './gateway/erp-body';
import { resolveAppSettings, type AppSettings } from './app/settings';
import { startApp, type ActingApp } from './app/index';
import { defaultDispatcher } from './gateway/upstream';
import { clientAddress } from './gateway/request-origin';
import type { Hono } from 'hono';
import { DEMO_COMPANY, DEMO_USERS, SHAPES, isShape, parseFailSpec, startDemoErp, type StartDemoErpOptions } from './demo-erp/index';

export type ServerMode = 'dev' | 'prod';
export type Env = Record<string, string | undefined>;

export class ConfigError extends Error {
  readonly missing: string[];
  readonly problems: string[];
  constructor(missing: string[], problems: string[]) {
    const parts: string[] = [];
    if (missing.length) parts.push(`missing required environment variables: ${missing.join(', ')}`);
    parts.push(...problems);
    super(`Configuration error: ${parts.join('; ')}`);
    this.name = 'ConfigError';
    this.missing = missing;
    this.problems = problems;
  }
}

/** process.env over .env.local over .env (files in `cwd`). */
export function loadEnv(cwd = process.cwd(), env: Env = process.env): Env {
  const merged: Env = {};
  for (const file of ['.env', '.env.local']) {
    const path = resolve(cwd, file);
    // Node's own .env parser (util.parseEnv: # comments, `export `, quotes, \n in double quotes); a BOM is dropped first.
    if (existsSync(path)) Object.assign(merged, parseEnv(readFileSync(path, 'utf8').replace(/^\uFEFF/, '')));
  }
  for (const [k, v] of Object.entries(env)) if (v !== undefined) merged[k] = v;
  return merged;
}

const truthy = (v: string | undefined): boolean => !!v && /^(1|true|yes|on)$/i.test(v.trim());
const falsy = (v: string | undefined): boolean => !!v && /^(0|false|no|off)$/i.test(v.trim());
const present = (v: string | undefined): v is string => v !== undefined && v.trim() !== '';

/** Options of the embedded demo ERP (DEMO_ERP_SHAPE, DEMO_ERP_FAIL, DEMO_ERP_SIZE, DEMO_ERP_TODAY, DEMO_ERP_MEMO). */
export type DemoErpSettings = Pick<StartDemoErpOptions, 'shape' | 'fail' | 'failRules' | 'size' | 'today' | 'memo'>;

export interface ServerSettings {
  mode: ServerMode;
  demo: boolean;
  host: string;
  port: number;
  /** Everything for createGateway except the ERP address/password when demo (filled in at start). */
  gateway: Omit<GatewayConfig, 'erpBaseUrl' | 'erpApiPassword' | 'trustProxy'> & { erpBaseUrl: string; erpApiPassword: string; trustProxy: TrustProxy };
  demoErp: DemoErpSettings;
  /** API password of the embedded demo ERP (DEMO_ERP_PASSWORD); undefined = a random one at start. */
  demoErpPassword?: string;
  /** DEMO_CLOCK_OFFSET_DAYS (demo mode only): the mutabakat/tahsilat clock this many days ahead. */
  demoClockOffsetDays?: number;
  /** Where login counters and revocations live: REDIS_URL, else STATE_FILE (when cookies outlive a restart), else memory. */
  store: StoreSettings;
  /** ALLOWED_HOSTS (production server): Host names answered; empty = any. */
  allowedHosts: string[];
  /** Notes for the start-up line (never containing a secret). */
  notes: string[];
  /** Mutabakat: database, mail, reply links (server/app/settings.ts). */
  mutabakat: AppSettings;
}

export type StoreSettings = { kind: 'redis'; url: string } | { kind: 'file'; path: string } | { kind: 'memory' };

/**
 * REDIS_URL → Redis; else, when cookies outlive a restart (a fixed SESSION_SECRET) or STATE_FILE is
 * set → the file store; else memory (a random secret ends every session at restart anyway).
 * Problems go to `problems`; the URL (it may hold a password) is never part of one.
 */
export function resolveStore(env: Env, cwd: string, problems: string[]): StoreSettings {
  if (present(env.REDIS_URL)) {
    let ok = false;
    try {
      ok = ['redis:', 'rediss:'].includes(new URL(env.REDIS_URL.trim()).protocol);
    } catch {
      ok = false;
    }
    if (ok) return { kind: 'redis', url: env.REDIS_URL.trim() };
    problems.push('REDIS_URL must be a redis:// or rediss:// URL');
    return { kind: 'memory' };
  }
  if (present(env.SESSION_SECRET) || present(env.STATE_FILE)) {
    return { kind: 'file', path: resolve(cwd, present(env.STATE_FILE) ? env.STATE_FILE.trim() : DEFAULT_STATE_FILE) };
  }
  return { kind: 'memory' };
}

/** The default STATE_FILE, relative to the app's directory. */
export const DEFAULT_STATE_FILE = '.cari-state/revoked.jsonl';

/** The store the settings ask for (RedisStore connects in the background). Throws ConfigError when STATE_FILE cannot be used. */
export function createStore(store: StoreSettings, options: { log?: (line: string) => void; compact?: boolean } = {}): StateStore {
  if (store.kind === 'redis') return new RedisStore({ url: store.url, log: options.log });
  if (store.kind === 'file') {
    try {
      return new FileStore(store.path, { compact: options.compact });
    } catch {
      throw new ConfigError([], [`STATE_FILE (${store.path}) cannot be read or written; set STATE_FILE to a writable path, or REDIS_URL`]);
    }
  }
  return new MemoryStore();
}

const LOOPBACK_HOST = /^(127\.\d+\.\d+\.\d+|::1|\[::1\]|localhost)$/i;

/**
 * TRUST_PROXY as a hop count believes X-Forwarded-For from anyone who can reach the server. That is
 * only safe when the server listens on loopback (the proxy is on the same machine): otherwise a
 * client that reaches it directly forges a new address per try. Refuse to start instead of warning
 * (a warning in a log nobody reads leaves the limiter open; the fix is one line: list the proxy).
 */
export function assertProxyExposure(trust: TrustProxy | undefined, host: string): void {
  if (trust?.kind !== 'hops' || LOOPBACK_HOST.test(host.trim())) return;
  throw new ConfigError(
    [],
    [
      `TRUST_PROXY=${trust.hops} (a hop count) with HOST=${host} would believe X-Forwarded-For from any client that reaches this server directly; set TRUST_PROXY to the reverse proxy's address(es) or CIDR (e.g. TRUST_PROXY=10.0.0.5 or 172.16.0.0/12), or listen on loopback (HOST=127.0.0.1)`,
    ],
  );
}

/** Validates the environment; throws ConfigError naming exactly what is missing or wrong. */
export function resolveSettings(env: Env, mode: ServerMode, cwd = process.cwd()): ServerSettings {
  const demo = truthy(env.DEMO) || (mode === 'dev' && !present(env.ERP_BASE_URL));
  const missing: string[] = [];
  const problems: string[] = [];
  const notes: string[] = [];

  if (!demo) {
    for (const name of ['ERP_BASE_URL', 'ERP_API_PASSWORD'] as const) if (!present(env[name])) missing.push(name);
    if (mode === 'prod' && !present(env.SESSION_SECRET)) missing.push('SESSION_SECRET');
  }
  let erpBaseUrl = '';
  if (!demo && present(env.ERP_BASE_URL)) {
    try {
      const u = new URL(env.ERP_BASE_URL.trim());
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      if (u.username || u.password || u.search) throw new Error('extra');
      erpBaseUrl = u.href.replace(/\/+$/, '');
    } catch {
      problems.push('ERP_BASE_URL must be an http(s) URL without credentials or query string');
    }
  }
  let sessionSecret = env.SESSION_SECRET ?? '';
  if (present(env.SESSION_SECRET) && sessionSecret.length < 32) problems.push('SESSION_SECRET must be at least 32 characters');
  if (!present(env.SESSION_SECRET)) {
    sessionSecret = randomBytes(32).toString('base64url');
    if (!demo && mode === 'dev') notes.push('SESSION_SECRET not set: using a random one (sessions end when the server restarts)');
  }

  const num = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (!present(raw)) return fallback;
    const n = Number(raw);
    if (!Number.isFinite(n) || n < min) {
      problems.push(`${name} must be a number ≥ ${min}`);
      return fallback;
    }
    return n;
  };
  const erpTimeoutMs = num('ERP_TIMEOUT_MS', 30_000, 1);
  const erpBodyRaw = present(env.ERP_BODY) ? env.ERP_BODY.trim().toLowerCase() : 'form';
  const erpBody = ERP_BODY_MODES.find((m) => m === erpBodyRaw);
  if (!erpBody) problems.push(`ERP_BODY must be one of: ${ERP_BODY_MODES.join(', ')}`);
  const maxAnswerBytes = Math.round(num('ERP_MAX_ANSWER_MB', 256, 0.001) * 1024 * 1024);
  const sessionIdleMs = num('SESSION_IDLE_MINUTES', 30, 1) * 60_000;
  const sessionMaxMs = num('SESSION_MAX_HOURS', 10, 0.1) * 3_600_000;
  const port = num('PORT', mode === 'prod' ? 3000 : 5173, 0);
  // Demo mode shows the demo users' passwords on the login page: loopback unless HOST says otherwise.
  const host = present(env.HOST) ? env.HOST.trim() : mode === 'prod' && !demo ? '0.0.0.0' : '127.0.0.1';
  if (demo && present(env.HOST) && !LOOPBACK_HOST.test(host)) {
    notes.push(`DEMO mode on HOST=${host}: the login page shows the demo passwords to everyone who can reach it`);
  }

  let aliases: Record<string, unknown> | undefined;
  if (present(env.ERP_ALIASES_FILE)) {
    const path = resolve(cwd, env.ERP_ALIASES_FILE);
    try {
      const parsed: unknown = JSON.parse(readFileSync(path, 'utf8'));
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
      aliases = parsed as Record<string, unknown>;
    } catch {
      problems.push(`ERP_ALIASES_FILE (${env.ERP_ALIASES_FILE}) could not be read as a JSON object`);
    }
  }

  // Our company for the mutabakat letters; in demo mode an example company fills what is not set.
  // A literal "\n" (e.g. from a container's environment) starts a new line of the address.
  const companyValue = (name: string, demoValue: string) => (present(env[name]) ? env[name].trim().replace(/\\n/g, '\n') : demo ? demoValue : '');
  const company = {
    title: companyValue('COMPANY_TITLE', DEMO_COMPANY.title),
    address: companyValue('COMPANY_ADDRESS', DEMO_COMPANY.address),
    taxOffice: companyValue('COMPANY_TAX_OFFICE', DEMO_COMPANY.taxOffice),
    taxNo: companyValue('COMPANY_TAX_NO', DEMO_COMPANY.taxNo),
  };
  // The letter's TTK md. 94 clause presumes a written cari hesap contract: an installation without one turns it off.
  const letters = { ttk94Clause: !falsy(env.LETTER_TTK94_CLAUSE) };
  if (!demo && !company.title) notes.push('COMPANY_TITLE not set: the mutabakat letter pages refuse to make letters until it is set');

  // Cookies are Secure (and named __Host-…) in production against a real ERP unless SECURE_COOKIES=0;
  // plain-HTTP setups (demo, dev) get ordinary cookies unless SECURE_COOKIES=1.
  const secureCookies = truthy(env.SECURE_COOKIES) || (mode === 'prod' && !demo && !falsy(env.SECURE_COOKIES));
  if (mode === 'prod' && !demo && secureCookies && !present(env.SECURE_COOKIES)) {
    notes.push('session cookie is Secure (serve over HTTPS, or set SECURE_COOKIES=0 for plain HTTP)');
  }

  let trustProxy: TrustProxy = TRUST_NONE;
  try {
    trustProxy = parseTrustProxy(env.TRUST_PROXY);
  } catch (error) {
    problems.push((error as Error).message);
  }

  const store = resolveStore(env, cwd, problems);
  notes.push(store.kind === 'redis' ? 'state: Redis' : store.kind === 'file' ? `state: ${store.path}` : 'state: memory');
  const allowedHosts = present(env.ALLOWED_HOSTS)
    ? env.ALLOWED_HOSTS.split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean)
    : [];

  const demoErp: DemoErpSettings = {};
  if (demo) {
    const { DEMO_ERP_SHAPE: shape, DEMO_ERP_FAIL: fail, DEMO_ERP_SIZE: size, DEMO_ERP_TODAY: today } = env;
    if (present(shape)) {
      if (isShape(shape)) demoErp.shape = shape;
      else problems.push(`DEMO_ERP_SHAPE must be one of: ${SHAPES.join(', ')}`);
    }
    if (present(fail)) {
      try {
        Object.assign(demoErp, parseFailSpec(fail));
      } catch (e) {
        problems.push(`DEMO_ERP_FAIL: ${(e as Error).message}`);
      }
    }
    if (present(size)) {
      if (size === 'normal' || size === 'large') demoErp.size = size;
      else problems.push('DEMO_ERP_SIZE must be normal or large');
    }
    if (present(today)) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(today)) demoErp.today = today;
      else problems.push('DEMO_ERP_TODAY must be YYYY-MM-DD');
    }
    if (present(env.DEMO_ERP_MEMO)) {
      if (truthy(env.DEMO_ERP_MEMO) || falsy(env.DEMO_ERP_MEMO)) demoErp.memo = truthy(env.DEMO_ERP_MEMO);
      else problems.push('DEMO_ERP_MEMO must be 1 or 0');
    }
  }
  // Demo only: the mutabakat/tahsilat clock runs this many days ahead (a promise's window closing, in the e2e).
  const clockOffset = demo && present(env.DEMO_CLOCK_OFFSET_DAYS) ? Number(env.DEMO_CLOCK_OFFSET_DAYS) : 0;
  if (!Number.isInteger(clockOffset) || Math.abs(clockOffset) > 3650) problems.push('DEMO_CLOCK_OFFSET_DAYS must be a whole number of days');

  const mutabakat = resolveAppSettings(env, { demo, cwd, host, port }, problems);

  if (missing.length || problems.length) throw new ConfigError(missing, problems);

  return {
    mode,
    demo,
    ...(demo && present(env.DEMO_ERP_PASSWORD) ? { demoErpPassword: env.DEMO_ERP_PASSWORD } : {}),
    ...(clockOffset ? { demoClockOffsetDays: clockOffset } : {}),
    host,
    port,
    store,
    allowedHosts,
    gateway: {
      erpBaseUrl,
      erpApiPassword: demo ? '' : (env.ERP_API_PASSWORD ?? ''),
      erpService: present(env.ERP_SERVICE) ? env.ERP_SERVICE.trim() : 'mobiusmus',
      erpTimeoutMs,
      erpBody: erpBody ?? 'form',
      maxAnswerBytes,
      sessionSecret,
      sessionIdleMs,
      sessionMaxMs,
      secureCookies,
      trustProxy,
      demo: null,
      aliases,
      overviewThreadsAtLogin: true,
      company,
      letters,
    },
    demoErp,
    notes,
    mutabakat,
  };
}

export interface PreparedGateway {
  config: GatewayConfig;
  /** One line for the console: demo mode or the ERP base URL (never the password). */
  description: string;
  /** The public reply pages (/yanit/*); with MUTABAKAT=0 they answer a plain 503 page. */
  reply?: Hono;
  mutabakat?: ActingApp;
  close(): Promise<void>;
}

/**
 * Opens the state store, starts the embedded demo ERP when in demo mode, opens the mutabakat database
 * (server/mutabakat), and returns the gateway's final config. `store` overrides the settings' store (tests).
 */
export async function prepareGateway(settings: ServerSettings, store: StateStore = createStore(settings.store)): Promise<PreparedGateway> {
  const base = await prepareBase(settings, store);
  // Started also with MUTABAKAT=0: tahsilat keeps working on the database unless TAHSILAT=0; with both
  // off no database is opened and both sets of routes answer 503 saying which switch is off.
  const c = base.config;
  let mutabakat: ActingApp;
  try {
    mutabakat = await startApp({
      settings: settings.mutabakat,
      company: c.company ?? { title: '', address: '', taxOffice: '', taxNo: '' },
      ttk94Clause: c.letters?.ttk94Clause !== false,
      upstream: {
        erpBaseUrl: c.erpBaseUrl,
        erpApiPassword: c.erpApiPassword,
        erpService: c.erpService || 'mobiusmus',
        erpTimeoutMs: c.erpTimeoutMs ?? 30_000,
        erpBody: c.erpBody ?? 'form',
        maxAnswerBytes: c.maxAnswerBytes ?? 256 * 1024 * 1024,
        transport: c.transport ?? defaultDispatcher(),
      },
      addressOf: (ctx) => clientAddress(ctx as never, c),
      ...(settings.demoClockOffsetDays ? { now: () => new Date(Date.now() + settings.demoClockOffsetDays! * 86_400_000) } : {}),
    });
  } catch (e) {
    await base.close();
    throw e;
  }
  return {
    ...base,
    config: { ...c, mutabakat },
    reply: mutabakat.reply,
    mutabakat,
    close: async () => {
      await mutabakat.close().catch(() => undefined);
      await base.close();
    },
  };
}

async function prepareBase(settings: ServerSettings, store: StateStore): Promise<PreparedGateway> {
  if (!settings.demo) {
    const extra = settings.notes.length ? ` (${settings.notes.join('; ')})` : '';
    return {
      config: { ...settings.gateway, store },
      description: `ERP gateway → ${settings.gateway.erpBaseUrl}/wex.cfm/${settings.gateway.erpService}/…${extra}`,
      close: () => store.close(),
    };
  }
  const apiPassword = settings.demoErpPassword ?? randomBytes(24).toString('base64url');
  const service = settings.gateway.erpService ?? 'mobiusmus';
  const erp = await startDemoErp({ apiPassword, service, ...settings.demoErp });
  return {
    config: {
      ...settings.gateway,
      store,
      erpBaseUrl: erp.url,
      erpApiPassword: apiPassword,
      demo: { users: DEMO_USERS.map((u) => ({ userName: u.userName, password: u.password })) },
    },
    description: `ERP gateway: DEMO mode (embedded demo ERP at ${erp.url}; demo users: ${DEMO_USERS.map((u) => u.userName).join(', ')}; ${settings.notes.filter((n) => n.startsWith('state:')).join('')})`,
    close: async () => {
      await erp.close();
      await store.close();
    },
  };
}
