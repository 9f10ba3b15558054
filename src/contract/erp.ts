/**
 * What the browser and the gateway must agree on about the ERP, in one place (architecture.md,
 * convention 9): the operations the browser may call and their parameters, the limit on a
 * parameter's length, the login operation's parameter names, and — per resource — the ERP call
 * that loads it together with its React Query key.
 *
 * Pure: no Node, DOM or library imports. Imported by src/api (the queries, the load path and the
 * early-call script the build inlines into index.html) and by server/gateway (the allowlist).
 *
 * Adding a parameter to an operation: add its name to ERP_OPERATIONS and give it a value in the
 * resource's call below; the gateway forwards it, the early-call script and the query send it.
 */

/**
 * The ERP operations the browser may call through POST /api/erp/<operation>, each with every
 * documented parameter (the gateway sends all of them, "" for one the browser left out).
 * get_user (the login) is not here: it is reachable only through /api/session.
 */
export const ERP_OPERATIONS = {
  get_cari: ['firma_ismi'],
  get_cari_extre: ['cari_id'],
  get_yaslandirma: ['firma_ismi'],
  get_fatura: ['fatura_no', 'firma_ismi'],
  get_fatura_det: ['fatura_id'],
} as const satisfies Record<string, readonly string[]>;

export type ErpOperation = keyof typeof ERP_OPERATIONS;
export type ErpParamName<Op extends ErpOperation> = (typeof ERP_OPERATIONS)[Op][number];
/** The parameters of one call: every documented one, as text. */
export type ErpParams<Op extends ErpOperation> = { readonly [K in ErpParamName<Op>]: string };

/**
 * The readable cookie that says "this browser was signed in a moment ago" (src/api/erp-call.ts
 * signedInHint; it unlocks nothing). Here because the build reads it too: index.html's inline
 * scripts go by it (server/early-call-inline.ts).
 */
export const SIGNED_IN_COOKIE = 'cari_signed_in';

/** Longest accepted parameter value, in characters (the gateway refuses longer; forms say so first). */
export const MAX_PARAM_CHARS = 200;

/** Whether a value is short enough to send (trimmed, as it is sent): the one check of MAX_PARAM_CHARS. */
export const fitsParam = (value: string): boolean => value.trim().length <= MAX_PARAM_CHARS;

/** The login: an ERP operation the gateway calls itself (POST /api/session), with these parameters. */
export const LOGIN_OPERATION = 'get_user';
export const LOGIN_PARAMS = { userName: 'user_name', password: 'user_password' } as const;

/** The allowlisted operation equal to `name` (the constant string itself), or undefined. */
export function findOperation(name: string): ErpOperation | undefined {
  return (Object.keys(ERP_OPERATIONS) as ErpOperation[]).find((n) => n === name);
}

/** One ERP call and the React Query cache entry its answer fills (ErpCall alone: a call of any operation). */
export type ErpCall<Op extends ErpOperation = ErpOperation> = Op extends ErpOperation
  ? { readonly operation: Op; readonly params: ErpParams<Op>; readonly queryKey: readonly unknown[] }
  : never;

/** A call's identity: operation + parameters sorted by name (the same call started early is taken over by it). */
export function callKey(call: { readonly operation: ErpOperation; readonly params: object }): string {
  const params = call.params as Record<string, string>;
  return JSON.stringify([
    call.operation,
    Object.keys(params)
      .sort()
      .map((k) => [k, params[k]]),
  ]);
}

// ── Resources: query keys (generic → specific) and the call that loads each ──────────────────

/** get_cari: the account list, filtered by company name (firma_ismi = the trimmed query, "" = all). */
export const accountKeys = {
  all: ['accounts'] as const,
  lists: () => [...accountKeys.all, 'list'] as const,
  list: (q: string) => [...accountKeys.lists(), { q: q.trim() }] as const,
};
export const accountListCall = (q: string): ErpCall<'get_cari'> => ({
  operation: 'get_cari',
  params: { firma_ismi: q.trim() },
  queryKey: accountKeys.list(q),
});

/** get_cari_extre: the statement of one account (cari_id = the account's Firma ID, trimmed). */
export const statementKeys = {
  all: ['statement'] as const,
  // Trimmed like the call's parameter: /accounts/1000%20 is the same call, so the same cache entry.
  detail: (cariId: string) => [...statementKeys.all, cariId.trim()] as const,
};
export const statementCall = (cariId: string): ErpCall<'get_cari_extre'> => ({
  operation: 'get_cari_extre',
  params: { cari_id: cariId.trim() },
  queryKey: statementKeys.detail(cariId),
});

/** get_yaslandirma: the aging report, by company name (firma_ismi = trimmed, "" = all). */
export const agingKeys = {
  all: ['aging'] as const,
  list: (firma: string) => [...agingKeys.all, 'list', { firma: firma.trim() }] as const,
};
export const agingListCall = (firma: string): ErpCall<'get_yaslandirma'> => ({
  operation: 'get_yaslandirma',
  params: { firma_ismi: firma.trim() },
  queryKey: agingKeys.list(firma),
});

/** get_fatura (search by invoice number and company name) and get_fatura_det (one invoice by id). */
export interface InvoiceSearchCriteria {
  no: string;
  firma: string;
}
export const invoiceKeys = {
  all: ['invoices'] as const,
  list: (search: InvoiceSearchCriteria) => [...invoiceKeys.all, 'list', { no: search.no.trim(), firma: search.firma.trim() }] as const,
  detail: (id: string) => [...invoiceKeys.all, 'detail', id] as const,
};
export const invoiceSearchCall = (search: InvoiceSearchCriteria): ErpCall<'get_fatura'> => ({
  operation: 'get_fatura',
  params: { fatura_no: search.no.trim(), firma_ismi: search.firma.trim() },
  queryKey: invoiceKeys.list(search),
});
export const invoiceDetailCall = (id: string): ErpCall<'get_fatura_det'> => ({
  operation: 'get_fatura_det',
  params: { fatura_id: id.trim() },
  queryKey: invoiceKeys.detail(id),
});

// ── Answers the gateway works out itself from ERP calls ──────────────────────────────────────

/**
 * Özet's figures (GET /api/overview, server/gateway/overview-route.ts), worked out from
 * accountListCall('') and agingListCall('') on the server: a few KB instead of both answers.
 */
export const OVERVIEW_PATH = 'overview';
export const overviewKeys = { all: ['overview'] as const };

/** A GET of one of our own answers, sent early like an ERP call (the page table's firstCalls). */
export interface ViewCall {
  /** The path below /api/ (OVERVIEW_PATH; a tahsilat worklist view's first rows: src/contract/tahsilat.ts). */
  readonly view: string;
  readonly queryKey: readonly unknown[];
}
export const overviewCall = (): ViewCall => ({ view: OVERVIEW_PATH, queryKey: overviewKeys.all });

/** What a page may ask for first: an ERP call or one of our own answers. */
export type PageCall = ErpCall | ViewCall;

/** A page call's identity in the early-call registry (src/api/erp-call.ts). */
export const pageCallKey = (call: PageCall): string => ('view' in call ? `GET /api/${call.view}` : callKey(call));
