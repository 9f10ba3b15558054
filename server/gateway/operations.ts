/**
 * The allowlist of ERP operations the browser may call through /api/erp/<operation>, with every
 * documented parameter (shared/seed/service-spec.md). The upstream URL is always built from an
 * entry here, never from the raw request path. get_user is reachable only through /api/session.
 */
export const ERP_OPERATIONS = {
  get_cari: ['firma_ismi'],
  get_cari_extre: ['cari_id'],
  get_yaslandirma: ['firma_ismi'],
  get_fatura: ['fatura_no', 'firma_ismi'],
  get_fatura_det: ['fatura_id'],
} as const satisfies Record<string, readonly string[]>;

export type ErpOperation = keyof typeof ERP_OPERATIONS;
export const LOGIN_OPERATION = 'get_user';
export const LOGIN_PARAMS = ['user_name', 'user_password'] as const;

const NAMES = Object.keys(ERP_OPERATIONS) as ErpOperation[];

/** The allowlisted operation equal to `name` (the constant string itself), or undefined. */
export function findOperation(name: string): ErpOperation | undefined {
  return NAMES.find((n) => n === name);
}

/** Longest accepted parameter value, in characters. */
export const MAX_PARAM_CHARS = 200;
