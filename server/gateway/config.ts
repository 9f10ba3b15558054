/** The gateway's settings (GatewayConfig), their defaults, and the per-request variables every step shares. */
import type { Context } from 'hono';
import type { ErpBodyMode } from './erp-body';
import type { LoginLimits } from './rate-limit';
import type { SessionCallLimits } from './session-calls';
import type { SessionUser } from './session';
import type { StateStore } from './state-store';
import type { TrustProxy } from './trust-proxy';
import type { ErpTransport } from './upstream';

export interface DemoUser {
  userName: string;
  password: string;
}

/** Our company, printed at the top of mutabakat letters (COMPANY_* settings), served in /api/config. */
export interface CompanyInfo {
  title: string;
  address: string;
  taxOffice: string;
  taxNo: string;
}

export interface GatewayConfig {
  erpBaseUrl: string;
  /** Server-side secret: added to every upstream URL, never shown to the browser or logged. */
  erpApiPassword: string;
  /** Path segment of the ERP service (default "mobiusmus"). */
  erpService?: string;
  /** How the parameters travel to the ERP (ERP_BODY): 'form' fields (default) or one 'json' object. */
  erpBody?: ErpBodyMode;
  /** Upstream time limit (default 30 000 ms) → 504 upstream_timeout. */
  erpTimeoutMs?: number;
  /** ≥ 32 characters; seals the session cookie. Changing it logs everyone out. */
  sessionSecret: string;
  /** Idle timeout (default 30 min). */
  sessionIdleMs?: number;
  /** Absolute session lifetime (default 10 h). */
  sessionMaxMs?: number;
  /** Served over HTTPS: cookie named "__Host-…" and marked Secure. */
  secureCookies?: boolean;
  /**
   * Whose X-Forwarded-For / -Host / -Proto to believe (trust-proxy.ts): the proxies' addresses and
   * CIDRs (a request from anyone else has them ignored), or a hop count (true = 1: every peer).
   */
  trustProxy?: boolean | number | readonly string[] | TrustProxy;
  /** Demo mode: the demo users are shown on the login page (GET /api/config). */
  demo?: null | { users: DemoUser[] };
  /** Our company for the mutabakat letters (COMPANY_TITLE, …), served in /api/config; "" = not set. */
  company?: CompanyInfo;
  /** The mutabakat letters' settings, served in /api/config: ttk94Clause (LETTER_TTK94_CLAUSE, default on). */
  letters?: { ttk94Clause: boolean };
  /** Extra alias table (ERP_ALIASES_FILE), served in /api/config. */
  aliases?: Record<string, unknown>;
  /** Özet's two answers read in threads of their own (overview-thread.ts; default on). The flow tests read them in-process. */
  overviewThread?: boolean;
  /**
   * Those threads started at a login (Özet is the page after it) rather than on the first figures:
   * a thread's start is ≈ 1 s of CPU. The servers (server/config.ts) turn it on; tests leave it off.
   */
  overviewThreadsAtLogin?: boolean;
  /** What the ERP requests go through (default: upstream.ts defaultDispatcher(), undici, kept-alive, one retry on a reset; tests: fetchTransport of the in-process demo ERP). */
  transport?: ErpTransport;
  /** Audit log sink, one JSON line per API call (default console.info). */
  log?: (line: string) => void;
  /** Login limits (rate-limit.ts: per user+address, per address, per user, growing delays). */
  loginLimit?: Partial<LoginLimits>;
  /** Login counters and revocations (state-store.ts). Default: a MemoryStore of this gateway's own. */
  store?: StateStore;
  /** Largest accepted request body (default 16 KiB) → 413. */
  maxBodyBytes?: number;
  /** Largest ERP answer passed on (ERP_MAX_ANSWER_MB, default 256 MiB); past it the answer is cut off. */
  maxAnswerBytes?: number;
  /** Compression levels of /api answers (default: compress.ts; bench/compress.ts compares others). */
  compression?: { brQuality?: number; gzipLevel?: number };
  /** ERP calls at once per session (6), per user (12), per process (240, plus 16 kept for logins), and how long more may wait (session-calls.ts; 5 s). */
  sessionCalls?: Partial<SessionCallLimits>;
  /** A caller that takes no byte of its waiting answer for this long is cut off (default 60 000 ms; audit-log.ts). */
  clientStallMs?: number;
  /** Clock (tests). */
  now?: () => number;
  /** Extra routes under /api mounted after the CSRF guard and before the 16 KiB body limit (mutabakat: server/mutabakat). */
  mutabakat?: { mount(app: import('hono').Hono<GatewayEnv>, cookies: MountCookies): void };
  /** Client address for the login limiter; default: X-Forwarded-For when trustProxy, else the socket. */
  clientAddress?: (c: Context) => string | undefined;
}

/** What mounted routes need of the session cookie (session-cookie.ts's require): the valid session, else a 401. */
export interface MountCookies {
  require(c: Ctx): Promise<{ sid: string; user: SessionUser }>;
  /** Cookies are Secure (SECURE_COOKIES): a mounted part's own cookie (the auditor's) follows it. */
  secure?: boolean;
}

export const SESSION_COOKIE = 'cari_session';
export const DEFAULTS = {
  erpService: 'mobiusmus',
  erpTimeoutMs: 30_000,
  sessionIdleMs: 30 * 60_000,
  sessionMaxMs: 10 * 3_600_000,
  maxBodyBytes: 16 * 1024,
  maxAnswerBytes: 256 * 1024 * 1024,
} as const;

/** What the audit log says about an answer's body (filled in while it streams). */
export interface AnswerMeter {
  /** Bytes of the answer before compression (counted by compress.ts when it compresses). */
  bytes: number;
  encoding?: string;
  /** Shared with identical calls in flight (one ERP request). */
  coalesced?: boolean;
}

/** Set while a request goes through: who (for the audit log), which operation, why it failed, the answer's meter. */
export type Vars = { user?: SessionUser; op: string; detail?: string; answer?: AnswerMeter };
export type GatewayEnv = { Variables: Vars };
export type Ctx = Context<GatewayEnv>;
