/**
 * Typed errors of everything behind src/api. Each has a plain Turkish `userMessage` (via t());
 * `message` is for developers/logs and never holds the ERP's raw body or any secret.
 * Pure module: used by the browser and by the server (the reader throws these).
 */
import { t } from '../i18n/core';

/** Base class: every error src/api throws is one of these. */
export abstract class AppError extends Error {
  abstract get userMessage(): string;
}

/** Our gateway's error codes (docs/team-contracts.md). */
export type GatewayErrorCode =
  | 'unauthenticated'
  | 'login_failed'
  | 'forbidden'
  | 'bad_request'
  | 'not_found'
  | 'payload_too_large'
  | 'rate_limited'
  | 'upstream_http'
  | 'upstream_unreachable'
  | 'upstream_timeout'
  | 'upstream_too_large'
  | 'store_unavailable';

/**
 * A non-2xx HTTP answer. `status` is the ERP's own status when the gateway reported one
 * (upstream_http), else our server's status. `code` is the gateway error code, if any.
 */
export class ErpHttpError extends AppError {
  readonly status: number;
  readonly code?: string;
  readonly upstream: boolean;
  /** Why the ERP refused, when the gateway could tell from Workcube's answer (server/gateway/messages.ts). */
  readonly reason?: 'api_password' | 'unknown_service' | 'unknown_operation';
  constructor(status: number, options: { code?: string; upstream?: boolean; reason?: ErpHttpError['reason'] } = {}) {
    super(`HTTP ${status}${options.code ? ` (${options.code})` : ''}`);
    this.name = 'ErpHttpError';
    this.status = status;
    this.code = options.code;
    this.upstream = options.upstream ?? false;
    this.reason = options.reason;
  }
  get userMessage(): string {
    switch (this.code) {
      case 'forbidden':
        return t('common.error.forbidden');
      case 'bad_request':
        return t('common.error.badRequest');
      case 'not_found':
        return t('common.error.notFound');
      case 'payload_too_large':
        return t('common.error.payloadTooLarge');
      case 'store_unavailable':
        return t('common.error.storeUnavailable');
    }
    // Workcube's own refusals: each a configuration problem of its own.
    if (this.upstream && this.reason === 'unknown_service') return t('common.error.upstreamUnknownService');
    if (this.upstream && this.reason === 'unknown_operation') return t('common.error.upstreamUnknownOperation');
    // An upstream 401 is the ERP refusing the gateway's API password (a configuration problem).
    if (this.upstream && this.status === 401) return t('common.error.upstreamRejected');
    return this.upstream ? t('common.error.upstreamHttp', { status: this.status }) : t('common.error.http', { status: this.status });
  }
}

/** Strips anything that looks like a password parameter out of text kept for logs. */
export function redactSecrets(text: string): string {
  return text.replace(/(password|user_password|pwd)(\s*[=:]\s*|%3D)[^&\s"'<>]*/gi, '$1$2***');
}

/**
 * The ERP answered something that is not readable JSON (HTML error page, login page, empty body)
 * — also with HTTP 200. `bodyStart` (first ~200 characters, secrets redacted) is for logs only.
 */
export class ErpFormatError extends AppError {
  readonly status: number;
  readonly bodyStart: string;
  constructor(status: number, body: string, reason = 'not JSON') {
    super(`ERP answer is unreadable (${reason}, HTTP ${status})`);
    this.name = 'ErpFormatError';
    this.status = status;
    this.bodyStart = redactSecrets(body.slice(0, 200));
  }
  get userMessage(): string {
    return t('common.error.format');
  }
}

/** The ERP reported a failure itself (envelope status is a failure value). */
export class ErpError extends AppError {
  /** The ERP's own message, when it gave one as a string. */
  readonly erpMessage?: string;
  constructor(erpMessage?: string) {
    super(erpMessage ? `ERP reported a failure: ${erpMessage}` : 'ERP reported a failure');
    this.name = 'ErpError';
    this.erpMessage = erpMessage;
  }
  get userMessage(): string {
    return this.erpMessage ? t('common.error.erp', { message: this.erpMessage }) : t('common.error.erpGeneric');
  }
}

/** Our request or the gateway's request to the ERP took too long. */
export class ErpTimeoutError extends AppError {
  constructor() {
    super('ERP request timed out');
    this.name = 'ErpTimeoutError';
  }
  get userMessage(): string {
    return t('common.error.timeout');
  }
}

/** No answer: the browser could not reach our server (`where: 'client'`) or the gateway could not reach the ERP (`'upstream'`). */
export class NetworkError extends AppError {
  readonly where: 'client' | 'upstream';
  constructor(where: 'client' | 'upstream' = 'client', cause?: unknown) {
    super(where === 'client' ? 'Network request failed' : 'ERP unreachable', cause === undefined ? undefined : { cause });
    this.name = 'NetworkError';
    this.where = where;
  }
  get userMessage(): string {
    return this.where === 'client' ? t('common.error.network') : t('common.error.upstreamUnreachable');
  }
}

/**
 * An answer that started and then stopped: the gateway cut it off (larger than ERP_MAX_ANSWER_MB, or
 * unsafe to pass on) or the connection dropped mid-way. Nothing of it is shown — never a partial list.
 * Not retried automatically (a too-large answer would be downloaded again to the same end).
 */
export class AnswerCutError extends AppError {
  readonly reason: 'too_large' | 'cut';
  constructor(reason: 'too_large' | 'cut' = 'cut', cause?: unknown) {
    super(reason === 'too_large' ? 'ERP answer larger than the gateway allows' : 'ERP answer cut off', cause === undefined ? undefined : { cause });
    this.name = 'AnswerCutError';
    this.reason = reason;
  }
  get userMessage(): string {
    return this.reason === 'too_large' ? t('common.error.answerTooLarge') : t('common.error.answerCut');
  }
}

/** 401 from our gateway: no or expired session → the app goes to /login?next=…. */
export class UnauthenticatedError extends AppError {
  constructor() {
    super('Not signed in');
    this.name = 'UnauthenticatedError';
  }
  get userMessage(): string {
    return t('common.error.unauthenticated');
  }
}

/** POST /api/session refused the user name/password. `erpMessage` is the gateway's (ERP's) plain message, if any. */
export class LoginFailedError extends AppError {
  readonly erpMessage?: string;
  constructor(erpMessage?: string) {
    super('Login failed');
    this.name = 'LoginFailedError';
    this.erpMessage = erpMessage || undefined;
  }
  get userMessage(): string {
    return this.erpMessage ?? t('common.error.loginFailed');
  }
}

/** 429: too many attempts. `retryAfter` in seconds when the server said. */
export class RateLimitedError extends AppError {
  readonly retryAfter?: number;
  constructor(retryAfter?: number) {
    super(`Rate limited${retryAfter ? ` (retry after ${retryAfter}s)` : ''}`);
    this.name = 'RateLimitedError';
    this.retryAfter = retryAfter;
  }
  get userMessage(): string {
    return this.retryAfter ? t('common.error.rateLimited', { seconds: this.retryAfter }) : t('common.error.rateLimitedNoWait');
  }
}

/** Retry only what may succeed a moment later: network errors, timeouts, 5xx. Never 4xx, format or ERP-reported failures. */
export function isRetryable(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof ErpTimeoutError) return true;
  if (error instanceof ErpHttpError) return error.status >= 500 && error.status <= 599;
  return false;
}

/** The user-facing text of any error (unknown errors get a generic message, never a raw one). */
export function userMessageOf(error: unknown): string {
  return error instanceof AppError ? error.userMessage : t('common.error.generic');
}

const REASONS = ['api_password', 'unknown_service', 'unknown_operation'] as const;

interface GatewayErrorBody {
  error?: { code?: unknown; message?: unknown; upstreamStatus?: unknown; reason?: unknown };
}

/** Parses Retry-After (seconds or HTTP date) into whole seconds, or undefined. */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const v = value.trim();
  if (/^\d+$/.test(v)) return Number(v) > 0 ? Number(v) : undefined;
  const at = Date.parse(v); // HTTP-date header, not a business date
  if (Number.isNaN(at)) return undefined;
  const s = Math.ceil((at - now) / 1000);
  return s > 0 ? s : undefined;
}

/**
 * Maps a non-2xx answer of our server onto a typed error. `body` is the parsed JSON (or undefined),
 * `isGatewayError` whether the response carried `x-gateway-error: 1`.
 */
export function errorFromResponse(status: number, body: unknown, isGatewayError: boolean, retryAfterHeader?: string | null): AppError {
  const err = isGatewayError && body && typeof body === 'object' ? (body as GatewayErrorBody).error : undefined;
  const code = typeof err?.code === 'string' ? err.code : undefined;
  const message = typeof err?.message === 'string' ? err.message : undefined;
  const upstreamStatus = typeof err?.upstreamStatus === 'number' ? err.upstreamStatus : undefined;
  switch (code) {
    case 'unauthenticated':
      return new UnauthenticatedError();
    case 'login_failed':
      return new LoginFailedError(message);
    case 'rate_limited':
      return new RateLimitedError(parseRetryAfter(retryAfterHeader));
    case 'upstream_timeout':
      return new ErpTimeoutError();
    case 'upstream_unreachable':
      return new NetworkError('upstream');
    case 'upstream_too_large':
      return new AnswerCutError('too_large');
    case 'upstream_http':
      // A 2xx upstream status here means the ERP's answer was unreadable (e.g. an HTML page with 200).
      if (upstreamStatus !== undefined && upstreamStatus >= 200 && upstreamStatus <= 299) return new ErpFormatError(upstreamStatus, '');
      return new ErpHttpError(upstreamStatus ?? status, { code, upstream: true, reason: REASONS.find((r) => r === err?.reason) });
    case 'forbidden':
    case 'bad_request':
    case 'not_found':
    case 'payload_too_large':
    case 'store_unavailable':
      return new ErpHttpError(status, { code });
  }
  if (status === 401) return new UnauthenticatedError();
  if (status === 429) return new RateLimitedError(parseRetryAfter(retryAfterHeader));
  if (status === 504) return new ErpTimeoutError();
  return new ErpHttpError(status);
}
