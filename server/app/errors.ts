/** Mutabakat errors: a code, an HTTP status and a Turkish message (docs/mutabakat-api.md). */
import type { Problem } from '../../src/contract/contacts-import';

export type MutCode =
  | 'unauthenticated'
  | 'bad_request'
  | 'not_found'
  | 'conflict'
  | 'import_rejected'
  | 'mail_not_configured'
  | 'payload_too_large'
  | 'db_unavailable'
  | 'disabled'
  | 'forbidden'
  | 'too_many';

const STATUS: Record<MutCode, number> = {
  unauthenticated: 401,
  bad_request: 400,
  not_found: 404,
  conflict: 409,
  import_rejected: 422,
  mail_not_configured: 409,
  payload_too_large: 413,
  db_unavailable: 503,
  disabled: 503,
  forbidden: 403,
  too_many: 429,
};

export const MUT_MESSAGES = {
  badRequest: 'Girilen bilgilerde hata var.',
  notFound: 'Aranan kayıt bulunamadı.',
  importRejected: 'Dosyada hatalı satırlar var; hiçbir kayıt alınmadı.',
  mailNotConfigured:
    "E-posta gönderilemiyor: sunucuda SMTP_URL ayarlanmamış. Mektuplar yazdırılabilir; e-posta için sistem yöneticinize SMTP_URL'yi ayarlatın.",
  tooLarge: 'Dosya çok büyük (en fazla {mb} MB).',
  dbUnavailable: 'Veritabanına şu anda ulaşılamıyor; işlem yapılmadı. Lütfen biraz sonra tekrar deneyin.',
  disabled: 'Mutabakat bu sunucuda kapalı (MUTABAKAT=0).',
  tahsilatDisabled: 'Tahsilat bu sunucuda kapalı (TAHSILAT=0).',
  answered: 'Bu mektup zaten yanıtlanmış; hatırlatma gönderilmez.',
  cancelled: 'Bu mektup iptal edilmiş.',
  cancelledNoAnswer: 'Bu mektup iptal edilmiş; yanıt kaydedilemez.',
  notSent: 'Bu mektup henüz gönderilmedi.',
  notReady: 'Bu mektup henüz hazırlanıyor.',
  prepareFailed: 'Bu mektup hazırlanamadı (ERP ekstreyi vermedi): önce panodaki “Hazırlanamayanları yeniden dene” ile yeniden hazırlayın.',
  noAddress: 'Bu hesabın mutabakat e-posta adresi yok; önce adres girin.',
  nothingToResolve: 'Çözülecek bir fark yok: mektup “mutabık değiliz” yanıtı almadı.',
} as const;

export type { Problem } from '../../src/contract/contacts-import';

export class MutError extends Error {
  readonly code: MutCode;
  readonly status: number;
  readonly problems?: Problem[];
  readonly extra?: Record<string, unknown>;
  constructor(code: MutCode, message: string, opts: { problems?: Problem[]; extra?: Record<string, unknown> } = {}) {
    super(message);
    this.name = 'MutError';
    this.code = code;
    this.status = STATUS[code];
    this.problems = opts.problems;
    this.extra = opts.extra;
  }
}

export const fill = (t: string, vars: Record<string, string | number>) => t.replace(/\{(\w+)\}/g, (m, k: string) => (k in vars ? String(vars[k]) : m));
export const badRequest = (problems: Problem[]) => new MutError('bad_request', MUT_MESSAGES.badRequest, { problems });
export const notFound = () => new MutError('not_found', MUT_MESSAGES.notFound);
export const conflict = (message: string) => new MutError('conflict', message);

/** Whether an error means the database cannot be reached (connection refused / lost, server shutting down). */
export function isDbDown(e: unknown): boolean {
  for (let x: unknown = e, i = 0; x && i < 5; i++) {
    const code = (x as { code?: unknown }).code;
    if (typeof code === 'string' && (/^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EHOSTUNREACH)$/.test(code) || /^(08|57P)/.test(code))) return true;
    const msg = (x as { message?: unknown }).message;
    if (typeof msg === 'string' && /Connection terminated|connection timeout|Client has encountered a connection error|PGlite is closed/i.test(msg))
      return true;
    x = (x as { cause?: unknown }).cause;
  }
  return false;
}
