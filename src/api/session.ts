/**
 * Our own session and configuration (docs/team-contracts.md): GET /api/config, GET/POST/DELETE /api/session.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { deleteJson, postJson, type RequestOptions } from './client';
import { getJsonOnce, signedInHint } from './erp-call';
import { holdReadsUntil } from './aliases-ready';
import { extendMovementClasses } from '../domain/ledger/movements';
import { UnauthenticatedError } from '../domain/errors';
import type { AppConfig, CompanyInfo, SessionUser } from '../domain/erp-types';

/** GET /api/config. Side effect: the operator's extra alias table is merged into the reader. */
export function fetchConfig(options?: RequestOptions): Promise<AppConfig> {
  const work = readConfig(options);
  holdReadsUntil(work);
  return work;
}

async function readConfig(options?: RequestOptions): Promise<AppConfig> {
  const config = await getJsonOnce<AppConfig>('config', options);
  // The reader is not part of the /login bundle: loaded here only when the operator set aliases.
  if (config?.aliases) (await import('../domain/reader')).extendAliases(config.aliases);
  // The same file's `movementType` section: the installation's İşlem Türü names per movement class.
  const movementTypes = (config?.aliases as Record<string, unknown> | undefined)?.movementType;
  if (movementTypes) extendMovementClasses(movementTypes);
  const letters = (config?.letters ?? {}) as Partial<AppConfig['letters']>;
  return {
    demo: config?.demo === true,
    company: readCompany(config?.company),
    letters: { ttk94Clause: letters.ttk94Clause !== false },
    ...(config?.demoUsers ? { demoUsers: config.demoUsers } : {}),
    ...(config?.aliases ? { aliases: config.aliases } : {}),
  };
}

/** The company block, every field a string ("" when missing or not a string). */
function readCompany(value: unknown): CompanyInfo {
  const c = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return { title: text(c.title), address: text(c.address), taxOffice: text(c.taxOffice), taxNo: text(c.taxNo) };
}

export const configQuery = queryOptions({
  queryKey: ['config'] as const,
  queryFn: ({ signal }) => fetchConfig({ signal }),
  staleTime: Infinity,
});

/**
 * GET /api/session → the signed-in user, or null when not signed in (401). Keeps the page-load
 * hint (erp-call.ts signedInHint) in step: the next page load sends its first ERP calls early
 * only when someone was signed in.
 */
export async function fetchSession(options?: RequestOptions): Promise<SessionUser | null> {
  let user: SessionUser | null;
  try {
    const body = await getJsonOnce<{ user: SessionUser | null }>('session', options);
    user = body?.user ?? null;
  } catch (error) {
    if (!(error instanceof UnauthenticatedError)) throw error;
    user = null;
  }
  signedInHint.write(user !== null);
  return user;
}

export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: ({ signal }) => fetchSession({ signal }),
});

/**
 * POST /api/session. Rejects with LoginFailedError (with the ERP's message when it gave one),
 * RateLimitedError (retryAfter), or another typed error.
 */
export async function login(credentials: { userName: string; password: string }): Promise<SessionUser> {
  const body = await postJson<{ user: SessionUser }>('session', credentials);
  signedInHint.write(true);
  return body.user;
}

/** DELETE /api/session. */
export async function logout(): Promise<void> {
  await deleteJson('session');
  signedInHint.write(false);
}

/** Our company's title for documents (prints, exports, PDFs); '' until /api/config is in or when unset. */
export function useCompanyTitle(): string {
  return useQuery(configQuery).data?.company.title ?? '';
}
