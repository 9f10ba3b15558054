/**
 * Mutabakat (our own state on the server, docs/mutabakat-api.md): contacts and their import,
 * campaigns and their letters, row actions, the account's history, the outbox. One query factory
 * (`mutabakatQueries`) and one fetcher per call; the server's Turkish error messages are kept
 * (MutabakatError), a lost session is the app's UnauthenticatedError.
 */
import { queryOptions } from '@tanstack/react-query';
import { apiClient, type RequestOptions, type SendInit } from './client';
import { AppError, UnauthenticatedError } from '../domain/errors';
import { t } from '../i18n/core';
import type {
  BoardFilter,
  Campaign,
  Contact,
  ContactInput,
  HistoryLetter,
  LetterEvent,
  LetterRow,
  Mail,
  MailMode,
  MutabakatStatus,
  NewCampaign,
  RecordAnswerInput,
  Attachment,
  NewBabsCampaign,
} from './mutabakat-types';
import type { ImportResult, Problem } from '../contract/contacts-import';

/** A refusal of the mutabakat API: its own Turkish message, the fields it names, an import's rows. */
export class MutabakatError extends AppError {
  constructor(
    readonly status: number,
    readonly code: string,
    private readonly serverMessage: string,
    readonly problems: Problem[] = [],
    readonly preview?: ImportResult,
  ) {
    super(`HTTP ${status} (${code})`);
    this.name = 'MutabakatError';
  }
  /** The server's message, and each field it names (answer, resolve: "Yanıtı veren kişinin adı gerekli."). */
  get userMessage(): string {
    const base = this.serverMessage || t('common.error.http', { status: this.status });
    return this.problems.length ? `${base} ${this.problems.map((p) => p.message).join(' ')}` : base;
  }
}

/** A refused answer as its typed error: the server's own message and fields, a lost session, or the client's mapping. */
export async function failureOf(res: Response, signal?: AbortSignal): Promise<Error> {
  const text = await res.text().catch(() => '');
  let body: { error?: { code?: unknown; message?: unknown; problems?: unknown; preview?: unknown } } | undefined;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const err = body?.error;
  if (res.status === 401) return new UnauthenticatedError();
  if (!err || typeof err.message !== 'string') return apiClient().failure(new Response(text, { status: res.status, headers: res.headers }), signal);
  const problems = Array.isArray(err.problems) ? (err.problems as Problem[]).filter((p) => p && typeof p.message === 'string') : [];
  return new MutabakatError(res.status, typeof err.code === 'string' ? err.code : 'error', err.message, problems, err.preview as ImportResult | undefined);
}

async function request<T>(path: string, init: SendInit): Promise<T> {
  const client = apiClient();
  const res = await client.send(`mutabakat/${path}`, init);
  if (res.ok) return client.jsonOf<T>(res, init.signal);
  throw await failureOf(res, init.signal);
}

const get = <T>(path: string, options: RequestOptions = {}) => request<T>(path, { method: 'get', signal: options.signal });

/** The last answer of each versioned read (the board) and its ETag: a poll that finds nothing changed gets a 304 and keeps it. */
const versioned = new Map<string, { etag: string; data: unknown }>();
async function getVersioned<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const client = apiClient();
  const kept = versioned.get(path);
  const res = await client.send(`mutabakat/${path}`, { method: 'get', signal: options.signal, ...(kept ? { headers: { 'if-none-match': kept.etag } } : {}) });
  if (res.status === 304 && kept) return kept.data as T;
  if (!res.ok) throw await failureOf(res, options.signal);
  const data = await client.jsonOf<T>(res, options.signal);
  const etag = res.headers.get('etag');
  versioned.delete(path);
  if (etag) versioned.set(path, { etag, data });
  // A few boards at most: the oldest goes.
  if (versioned.size > 8) versioned.delete(versioned.keys().next().value!);
  return data;
}
const post = <T>(path: string, json?: unknown) => request<T>(path, { method: 'post', json: json ?? {} });

/** A file's bytes as they are (read first: any File-like body becomes plain bytes), named in `x-file-name` (URL-encoded: Turkish names survive the header). */
async function fileInit(file: File): Promise<SendInit> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return { method: 'post', body: bytes, headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': encodeURIComponent(file.name) } };
}

const enc = encodeURIComponent;

// ---- fetchers ----
export const fetchStatus = (o?: RequestOptions) => get<MutabakatStatus>('status', o);
export const fetchContact = (accountId: string, o?: RequestOptions) => get<Contact>(`contacts/${enc(accountId)}`, o);
export const saveContact = (accountId: string, input: ContactInput) => request<Contact>(`contacts/${enc(accountId)}`, { method: 'put', json: input });
export const importContacts = async (file: File, step: 'preview' | 'commit') => request<ImportResult>(`contacts/import?step=${step}`, await fileInit(file));
export const createCampaign = (input: NewCampaign | NewBabsCampaign) => post<{ campaign: Campaign }>('campaigns', input).then((r) => r.campaign);
export const campaignAction = (id: string, action: 'send' | 'cancel' | 'retry-prepare', body?: { note?: string }) =>
  post<{ campaign: Campaign }>(`campaigns/${enc(id)}/${action}`, body).then((r) => r.campaign);
export type LetterAction = 'resend' | 'remind' | 'answer' | 'resolve' | 'cancel';
export const letterAction = (letterId: string, action: LetterAction, body?: RecordAnswerInput | { note?: string }) =>
  post<{ letter: LetterRow }>(`letters/${enc(letterId)}/${action}`, body).then((r) => r.letter);
export const uploadDocument = async (letterId: string, file: File) => request<Attachment>(`letters/${enc(letterId)}/documents`, await fileInit(file));

/** The file name a Content-Disposition names (RFC 6266: filename* in UTF-8 first), or null. */
export function dispositionName(header: string | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      /* a broken encoding: the plain name below */
    }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? null;
}

/** A file the server serves only to a signed-in browser (the CSRF header is needed on a GET too), with the name the server gives it. */
export async function fetchFile(url: string): Promise<{ blob: Blob; fileName: string | null }> {
  const path = url.replace(/^\/?api\//, '');
  const res = await apiClient().send(path, { method: 'get' });
  // The mutabakat routes' own refusals (e.g. "not ready yet") keep their Turkish message.
  if (!res.ok) throw await failureOf(res);
  return { blob: await res.blob(), fileName: dispositionName(res.headers.get('content-disposition')) };
}

export const POLL_MS = 1500;
export const OUTBOX_POLL_MS = 5000;
export const LETTER_POLL_MS = 3000;

// ---- queries (keys from generic to specific) ----
export const mutabakatQueries = {
  all: ['mutabakat'] as const,
  status: () => queryOptions({ queryKey: ['mutabakat', 'status'] as const, queryFn: ({ signal }) => fetchStatus({ signal }), staleTime: 60_000 }),
  contacts: () =>
    queryOptions({
      queryKey: ['mutabakat', 'contacts'] as const,
      queryFn: ({ signal }) => get<{ contacts: Contact[] }>('contacts', { signal }).then((r) => r.contacts),
      staleTime: 0,
    }),
  contact: (accountId: string) =>
    queryOptions({ queryKey: ['mutabakat', 'contact', accountId] as const, queryFn: ({ signal }) => fetchContact(accountId, { signal }), staleTime: 0 }),
  campaigns: () =>
    queryOptions({
      queryKey: ['mutabakat', 'campaigns'] as const,
      queryFn: ({ signal }) => get<{ campaigns: Campaign[] }>('campaigns', { signal }).then((r) => r.campaigns),
      staleTime: 0,
    }),
  /** The board: the campaign and its letters (all, or one count's). Polled while it is being prepared or sent. */
  board: (id: string, filter: BoardFilter | null) =>
    queryOptions({
      queryKey: ['mutabakat', 'campaign', id, filter ?? 'all'] as const,
      queryFn: ({ signal }) =>
        getVersioned<{ campaign: Campaign; letters: LetterRow[] }>(`campaigns/${enc(id)}${filter ? `?state=${enc(filter)}` : ''}`, { signal }),
      staleTime: 0,
      refetchInterval: (query) => {
        const c = query.state.data?.campaign;
        return c && (c.state === 'preparing' || c.state === 'sending' || c.counts.queued > 0) ? POLL_MS : false;
      },
    }),
  letter: (letterId: string) =>
    queryOptions({
      queryKey: ['mutabakat', 'letter', letterId] as const,
      queryFn: ({ signal }) => get<{ letter: LetterRow; events: LetterEvent[] }>(`letters/${enc(letterId)}`, { signal }),
      staleTime: 0,
      // Its events come from the server's jobs (sent, reminded, answered on the web) while the panel is open.
      refetchInterval: LETTER_POLL_MS,
    }),
  history: (accountId: string) =>
    queryOptions({
      queryKey: ['mutabakat', 'history', accountId] as const,
      queryFn: ({ signal }) => get<{ letters: HistoryLetter[] }>(`accounts/${enc(accountId)}/history`, { signal }).then((r) => r.letters),
      staleTime: 0,
    }),
  outbox: (campaignId: string | null) =>
    queryOptions({
      queryKey: ['mutabakat', 'outbox', campaignId ?? 'all'] as const,
      queryFn: ({ signal }) =>
        get<{ mode: MailMode; mails: Mail[]; preparing?: boolean }>(`outbox?limit=100${campaignId ? `&campaignId=${enc(campaignId)}` : ''}`, { signal }),
      staleTime: 0,
      // New mails come while a campaign is prepared (no one reloads an outbox): asked again now and then, quickly while
      // one waits to go or the campaign's letters are still being made (its mails are on their way).
      refetchInterval: (query) => (query.state.data?.preparing || query.state.data?.mails.some((m) => m.state === 'queued') ? POLL_MS : OUTBOX_POLL_MS),
    }),
  mail: (mailId: string) =>
    queryOptions({
      queryKey: ['mutabakat', 'mail', mailId] as const,
      queryFn: ({ signal }) => get<{ mail: Mail; html: string; text: string }>(`outbox/${enc(mailId)}`, { signal }),
    }),
};
