/**
 * Gateway error codes and their plain Turkish messages (server side; the browser shows its own
 * t() text per code and may fall back to these). Codes and statuses: docs/team-contracts.md.
 */
import type { GatewayErrorCode as BrowserGatewayErrorCode } from '../../src/domain/errors';
/** The codes the browser knows (one list, in src/domain/errors.ts), plus the gateway's own last resort. */
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
  badUserName: 'Kullanıcı adında görünmeyen ya da denetim karakteri olamaz.',
  methodNotAllowed: 'Bu adres yalnızca POST isteği kabul eder.',
  notFound: 'Böyle bir işlem yok.',
  payloadTooLarge: 'İstek gövdesi çok büyük.',
  rateLimited: 'Çok fazla başarısız giriş denemesi. Lütfen {seconds} saniye sonra tekrar deneyin.',
  upstreamHttp: 'ERP sunucusu bir hata döndürdü (HTTP {status}). Lütfen daha sonra tekrar deneyin.',
  upstreamApiPassword:
    'ERP sunucusu ağ geçidinin API şifresini kabul etmedi (HTTP 401). Bu bir yapılandırma sorunudur (ERP_API_PASSWORD); lütfen sistem yöneticisine bildirin.',
  upstreamUnknownService:
    'ERP sunucusu istenen servisi tanımıyor (HTTP 404, “Wex not found or not registered!”): ağ geçidinin servis adı yanlış. Bu bir yapılandırma sorunudur (ERP_SERVICE); lütfen sistem yöneticisine bildirin.',
  upstreamUnknownOperation:
    'Bu ERP kurulumunda “{operation}” işlemi yok (HTTP 404, “Wex method not found!”): işlem bu Workcube’a yüklenmemiş. Lütfen sistem yöneticisine bildirin.',
  upstreamUnreadable: 'ERP sunucusundan okunamayan bir yanıt geldi (HTTP {status}).',
  upstreamUnreachable: 'ERP sunucusuna ulaşılamadı. Lütfen daha sonra tekrar deneyin.',
  upstreamTimeout: 'ERP sunucusu zamanında yanıt vermedi. Lütfen daha sonra tekrar deneyin.',
  upstreamTooLarge: 'ERP’nin yanıtı ağ geçidinin sınırından ({mb} MB) büyük; yanıt kesildi. Lütfen aramayı daraltın ya da sistem yöneticinize bildirin.',
  internal: 'Ağ geçidinde beklenmeyen bir hata oluştu.',
  tooManyCalls: 'Bu oturumdan aynı anda çok fazla ERP isteği yapılıyor ({max} tanesi sürüyor). Lütfen {seconds} saniye sonra tekrar deneyin.',
  tooManyUserCalls:
    'Bu kullanıcının oturumlarından aynı anda çok fazla ERP isteği yapılıyor ({max} tanesi sürüyor). Lütfen {seconds} saniye sonra tekrar deneyin.',
  erpBusy: 'ERP bağlantıları şu anda dolu. Lütfen {seconds} saniye sonra tekrar deneyin.',
  loginBusy: 'Bu adresten aynı anda çok fazla giriş denemesi sürüyor. Lütfen {seconds} saniye sonra tekrar deneyin.',
  storeUnavailable: 'Oturum deposuna (Redis) şu anda ulaşılamıyor: giriş ve oturum denetimi yapılamıyor. Lütfen biraz sonra tekrar deneyin.',
} as const;

export function fill(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m));
}

/**
 * Why the ERP refused a call, when its answer says so (Workcube's wex.cfm): an empty 401 is a wrong
 * API password; a 404 "Wex not found or not registered!" an unknown service (ERP_SERVICE); a 404
 * "Wex method not found!" an operation this installation has not deployed.
 */
export type UpstreamReason = 'api_password' | 'unknown_service' | 'unknown_operation';

/**
 * The GatewayError for a non-2xx ERP answer. `bodyStart`: the first characters of its body (only
 * matched against WEX's fixed texts, never passed on).
 */
export function upstreamHttpError(status: number, bodyStart: string, operation: string): GatewayError {
  const extra = { upstreamStatus: status, detail: `http_${status}` };
  if (status === 401) return new GatewayError('upstream_http', MESSAGES.upstreamApiPassword, { ...extra, reason: 'api_password' });
  if (status === 404 && /wex method not found/i.test(bodyStart)) {
    return new GatewayError('upstream_http', fill(MESSAGES.upstreamUnknownOperation, { operation }), {
      ...extra,
      detail: 'http_404_method',
      reason: 'unknown_operation',
    });
  }
  if (status === 404 && /wex not found|not registered/i.test(bodyStart)) {
    return new GatewayError('upstream_http', MESSAGES.upstreamUnknownService, { ...extra, detail: 'http_404_service', reason: 'unknown_service' });
  }
  return new GatewayError('upstream_http', fill(MESSAGES.upstreamHttp, { status }), extra);
}

/** A failure the gateway answers with its JSON error shape. */
export class GatewayError extends Error {
  readonly code: GatewayErrorCode;
  readonly status: number;
  readonly upstreamStatus?: number;
  readonly headers?: Record<string, string>;
  /** Short machine detail for the audit log only (never a URL, never a secret). */
  readonly detail?: string;
  /** upstream_http: why the ERP refused, when its answer says so (shown by the browser). */
  readonly reason?: UpstreamReason;
  constructor(
    code: GatewayErrorCode,
    message: string,
    extra: { upstreamStatus?: number; headers?: Record<string, string>; detail?: string; status?: number; reason?: UpstreamReason } = {},
  ) {
    super(message);
    this.name = 'GatewayError';
    this.code = code;
    this.status = extra.status ?? ERROR_STATUS[code];
    this.upstreamStatus = extra.upstreamStatus;
    this.headers = extra.headers;
    this.detail = extra.detail;
    this.reason = extra.reason;
  }
}

export function errorBody(err: GatewayError): { error: { code: string; message: string; upstreamStatus?: number; reason?: UpstreamReason } } {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.upstreamStatus !== undefined ? { upstreamStatus: err.upstreamStatus } : {}),
      ...(err.reason !== undefined ? { reason: err.reason } : {}),
    },
  };
}

/**
 * The caller left (closed the tab, navigated) before or while the ERP answered: nothing more is sent;
 * the audit line says `"aborted": true` with status 499 (nginx's "client closed request").
 */
export function abortedError(): GatewayError {
  return new GatewayError('internal', MESSAGES.internal, { status: 499, detail: 'aborted' });
}
