/**
 * Gateway error codes and their plain Turkish messages (server side; the browser shows its own
 * t() text per code and may fall back to these). Codes and statuses: docs/team-contracts.md.
 */
import type { GatewayErrorCode as BrowserGatewayErrorCode } from '../../src/api/errors';
/** The codes the browser knows (one list, in src/api/errors.ts), plus the gateway's own last resort. */
export type GatewayErrorCode = BrowserGatewayErrorCode | 'internal';

export const ERROR_STATUS: Record<GatewayErrorCode, number> = {
  unauthenticated: 401,
  login_failed: 401,
  forbidden: 403,
  bad_request: 400,
  not_found: 404,
  payload_too_large: 413,
  rate_limited: 429,
  upstream_http: 502,
  upstream_unreachable: 502,
  upstream_timeout: 504,
  upstream_too_large: 502,
  store_unavailable: 503,
  internal: 500,
};

export const MESSAGES = {
  unauthenticated: 'Oturum açılmamış ya da oturumun süresi dolmuş. Lütfen giriş yapın.',
  loginFailed: 'Kullanıcı adı veya şifre hatalı.',
  forbidden: 'Bu istek reddedildi (güvenlik denetimi).',
  badRequest: 'İstek geçersiz.',
  badJson: 'İstek gövdesi geçerli bir JSON nesnesi değil.',
  badParam: 'Bilinmeyen parametre: {name}.',
  badValue: 'Parametre metin olmalı ve en fazla {max} karakter olabilir: {name}.',
  badLogin: 'Kullanıcı adı ve şifre gerekli.',
  methodNotAllowed: 'Bu adres yalnızca POST isteği kabul eder.',
  notFound: 'Böyle bir işlem yok.',
  payloadTooLarge: 'İstek gövdesi çok büyük.',
  rateLimited: 'Çok fazla başarısız giriş denemesi. Lütfen {seconds} saniye sonra tekrar deneyin.',
  upstreamHttp: 'ERP sunucusu bir hata döndürdü (HTTP {status}). Lütfen daha sonra tekrar deneyin.',
  upstreamApiPassword:
    'ERP sunucusu ağ geçidinin API şifresini kabul etmedi (HTTP 401). Bu bir yapılandırma sorunudur; lütfen sistem yöneticisine bildirin.',
  upstreamUnreadable: 'ERP sunucusundan okunamayan bir yanıt geldi (HTTP {status}).',
  upstreamUnreachable: 'ERP sunucusuna ulaşılamadı. Lütfen daha sonra tekrar deneyin.',
  upstreamTimeout: 'ERP sunucusu zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.',
  upstreamTooLarge:
    'ERP’nin yanıtı ağ geçidinin sınırından ({mb} MB) büyük; yanıt kesildi. Lütfen aramayı daraltın ya da sistem yöneticinize bildirin.',
  internal: 'Ağ geçidinde beklenmeyen bir hata oluştu.',
  storeUnavailable: 'Oturum deposuna (Redis) şu anda ulaşılamıyor: giriş ve oturum denetimi yapılamıyor. Lütfen biraz sonra tekrar deneyin.',
} as const;

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/** A failure the gateway answers with its JSON error shape. */
export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  readonly status: number;
  readonly upstreamStatus?: number;
  readonly headers?: Record<string, string>;
  /** Short machine detail for the audit log only (never a URL, never a secret). */
  readonly detail?: string;
  constructor(
    code: GatewayErrorCode,
    message: string,
    extra: { upstreamStatus?: number; headers?: Record<string, string>; detail?: string; status?: number } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.code = code;
    this.status = extra.status ?? ERROR_STATUS[code];
    this.upstreamStatus = extra.upstreamStatus;
    this.headers = extra.headers;
    this.detail = extra.detail;
  }
}

export function errorBody(err: GatewayError): { error: { code: string; message: string; upstreamStatus?: number } } {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.upstreamStatus !== undefined ? { upstreamStatus: err.upstreamStatus } : {}),
    },
  };
}
