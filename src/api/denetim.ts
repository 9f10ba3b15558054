/**
 * Denetçi modu (issue 47; docs/mutabakat-api.md "Denetçi modu"): the company's side (/api/denetim/*,
 * the staff session) and the auditor's (/api/denetci/*, the auditor's own cookie). One fetcher per call;
 * the server's Turkish messages are kept (MutabakatError, failureOf); the auditor without a session gets
 * AuditorSignedOut (the page sends them to the login).
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type SendInit } from './client';
import { failureOf } from './mutabakat';
import { UnauthenticatedError } from '../domain/errors';
import type { Money } from './mutabakat-types';

export type Side = 'B' | 'A';

export interface Engagement {
  id: string;
  firm: string;
  engagementNo: string;
  periodEnd: string;
  auditorEmail: string;
  auditorName: string;
  scope: { sides: Side[]; accountIds: string[] | null };
  validUntil: string;
  authorisedBy: string;
  authorisedAt: string;
  state: 'active' | 'expired' | 'revoked';
  releasedAt: string | null;
  revokedAt: string | null;
}

export interface EngagementListRow extends Engagement {
  auditorJoined: boolean;
  letters: Record<string, number>;
}

export interface CompanyLetter {
  accountId: string;
  accountName: string;
  state: string;
  sentAt: string | null;
  result?: { kind: 'agreed' | 'disagreed'; balances: Money[] | null; note: string } | null;
}

export interface NewEngagement {
  firm: string;
  engagementNo: string;
  periodEnd: string;
  auditorEmail: string;
  auditorName: string;
  validDays: number;
  sides: Side[];
  accountIds: string[] | null;
}

export interface Coverage {
  side: Side;
  currency: string;
  populationCount: number;
  populationSum: string;
  selectedCount: number;
  selectedSum: string;
  sumBasisPoints: number;
}

export interface Sample {
  method: Record<string, unknown>;
  coverage: Coverage[];
  at: string;
}

export interface Me {
  auditor: { email: string; name: string; recoveryCodesLeft: number };
  engagement: Engagement;
  company: string;
  sample: Sample | null;
  demoOutbox: boolean;
}

export interface Party {
  accountId: string;
  accountName: string;
  balances: { currency: string; balance: number }[];
  proposed: string;
  source: string;
  address: string | null;
  taxId: string;
  flags: string[];
  approvedBy: string | null;
  approvedAt: string | null;
  letterId: string | null;
}

export interface AuditEvent {
  type: string;
  at: string;
  detail: Record<string, unknown>;
}

export interface AuditorLetter {
  id: string;
  accountId: string;
  accountName: string;
  state: string;
  to: string[];
  sentAt: string | null;
  pdfSha256: string | null;
  ours: Money[];
  answer: {
    kind: 'agreed' | 'disagreed';
    balances: Money[];
    note: string;
    name: string;
    title: string;
    at: string;
    identity: { taxId?: string; codeSentTo?: string[]; codeVerifiedAt?: string } | null;
    ip: string | null;
    userAgent: string | null;
  } | null;
  difference: Money[] | null;
  opened: boolean;
  identityEvents: AuditEvent[];
  exceptions: { kind: string; text: string }[];
  work: (AuditEvent & { id: number; by: string | null })[];
  closed: { conclusion: string; at: string } | null;
}

export interface Alternative {
  until: string;
  results: {
    currency: string;
    side: 'debit' | 'credit';
    openAtPeriodEnd: number;
    settledAfter: number;
    basisPoints: number;
    incomplete: boolean;
    receipts: { date: string | null; documentNo: string | null; type: string | null; applied: number }[];
  }[];
}

export interface ChainVerdict {
  ok: boolean;
  events: number;
  text: string;
  brokenAt?: number;
}

export interface DemoMail {
  id: string;
  kind: string;
  accountId: string;
  to: string[];
  subject: string;
  text: string;
  link: string | null;
  state: string;
  createdAt: string;
}

async function call<T>(path: string, init: SendInit): Promise<T> {
  const client = apiClient();
  const res = await client.send(path, init);
  if (res.ok) return client.jsonOf<T>(res, init.signal);
  throw await failureOf(res, init.signal);
}
const get = <T>(path: string, signal?: AbortSignal) => call<T>(path, { method: 'get', signal });
const post = <T>(path: string, json: unknown = {}) => call<T>(path, { method: 'post', json });
const enc = encodeURIComponent;

// ---- the company's side ----
export const createEngagement = (input: NewEngagement) => post<{ engagement: Engagement; inviteUrl?: string }>('denetim/engagements', input);
export const revokeEngagement = (id: string) => post<{ engagement: Engagement }>(`denetim/engagements/${enc(id)}/revoke`);

// ---- the auditor's side ----
export const inviteInfo = (token: string) =>
  post<{ company: string; firm: string; engagementNo: string; periodEnd: string; email: string; name: string; validUntil: string }>('denetci/invite', {
    token,
  });
export const setInvitePassword = (token: string, password: string) =>
  post<{ secret: string; otpauthUrl: string }>('denetci/invite/password', { token, password });
export const confirmInvite = (token: string, code: string) => post<{ recoveryCodes: string[] }>('denetci/invite/confirm', { token, code });
export const auditorLogin = (body: { email: string; password: string; code?: string; recoveryCode?: string }) =>
  post<{ engagementId: string }>('denetci/login', body);
export const auditorLogout = () => post<{ ok: boolean }>('denetci/logout');
export const drawSample = (method: Record<string, unknown>) => post<{ selected: number; coverage: Coverage[] }>('denetci/sample', method);
export const approveParty = (accountId: string, body: { address?: string; taxId?: string }) =>
  post<{ party: Party }>(`denetci/parties/${enc(accountId)}/approve`, body);
export const sendLetters = (body: { deadline: string; reminderDays: number[]; form: 'positive' | 'negative' }) =>
  post<{ letters: number }>('denetci/send', body);
export const addNote = (letterId: string, note: string, documents: string[]) =>
  post<{ ok: boolean }>(`denetci/letters/${enc(letterId)}/notes`, { note, documents });
export const runAlternative = (letterId: string, until: string) => post<Alternative>(`denetci/letters/${enc(letterId)}/alternative`, { until });
export const closeException = (letterId: string, conclusion: string) => post<{ ok: boolean }>(`denetci/letters/${enc(letterId)}/close`, { conclusion });
export const releaseResults = () => post<{ released: boolean }>('denetci/release');
export const verifyChain = () => get<ChainVerdict>('denetci/evidence/verify');
export async function uploadAuditDocument(letterId: string, file: File): Promise<{ id: string; fileName: string }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return call(`denetci/letters/${enc(letterId)}/documents`, {
    method: 'post',
    body: bytes,
    headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': enc(file.name) },
  });
}

/** True when the error means the auditor has no (valid) session: the page goes to /denetim/giris. */
export const signedOut = (e: unknown) => e instanceof UnauthenticatedError;

export const denetimQueries = {
  engagements: () =>
    queryOptions({
      queryKey: ['denetim', 'engagements'] as const,
      queryFn: ({ signal }) => get<{ engagements: EngagementListRow[] }>('denetim/engagements', signal).then((r) => r.engagements),
      staleTime: 0,
    }),
  engagement: (id: string) =>
    queryOptions({
      queryKey: ['denetim', 'engagement', id] as const,
      queryFn: ({ signal }) => get<{ engagement: Engagement; letters: CompanyLetter[] }>(`denetim/engagements/${enc(id)}`, signal),
      staleTime: 0,
    }),
  me: () => queryOptions({ queryKey: ['denetci', 'me'] as const, queryFn: ({ signal }) => get<Me>('denetci/me', signal), staleTime: 0, retry: false }),
  population: () =>
    queryOptions({
      queryKey: ['denetci', 'population'] as const,
      queryFn: ({ signal }) => get<{ accounts: number; groups: { side: Side; currency: string; count: number; sum: string }[] }>('denetci/population', signal),
      staleTime: 60_000,
      retry: false,
    }),
  parties: () =>
    queryOptions({
      queryKey: ['denetci', 'parties'] as const,
      queryFn: ({ signal }) => get<{ parties: Party[] }>('denetci/parties', signal).then((r) => r.parties),
      staleTime: 0,
      retry: false,
    }),
  letters: () =>
    queryOptions({
      queryKey: ['denetci', 'letters'] as const,
      queryFn: ({ signal }) => get<{ deadline: string | null; letters: AuditorLetter[] }>('denetci/letters', signal),
      staleTime: 0,
      retry: false,
      refetchInterval: (q) => (q.state.data?.letters.some((l) => l.state === 'preparing' || l.state === 'queued') ? 1500 : 5000),
    }),
  outbox: () =>
    queryOptions({
      queryKey: ['denetci', 'outbox'] as const,
      queryFn: ({ signal }) => get<{ mails: DemoMail[] }>('denetci/outbox', signal).then((r) => r.mails),
      staleTime: 0,
      refetchInterval: 3000,
      retry: false,
    }),
};
