/**
 * Mutabakat test set-up: the in-process demo ERP behind the real gateway (fetchTransport), a signed-in
 * client, mutabakat on PGlite (one database per test file, handed on emptied to the worker's next file;
 * every table emptied between tests), the jobs worker driven by the test (drain), a clock the test moves.
 * The SMTP inbox is tests/harness/smtp-inbox.ts.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createGateway } from '../../server/gateway/index';
import { fetchTransport, type UpstreamOptions } from '../../server/gateway/upstream';
import { createDemoErp, DEMO_USERS, type DemoErp } from '../../server/demo-erp/index';
import { truncateAll } from '../../server/db/open';
import { giveBackDatabase, pgliteTemplate, takeDatabase } from '../harness/pglite-template';
import { startApp, type ActingApp, type StartAppOptions } from '../../server/app/index';
import type { AppSettings } from '../../server/app/settings';
import { smtpTransport, type MailTransport } from '../../server/mail/transport';
import { smtpInbox, type Inbox } from '../harness/smtp-inbox';

export const COMPANY = { title: 'Örnek Dağıtım A.Ş.', address: 'Atatürk Cad. 1\nÇankaya / Ankara', taxOffice: 'Çankaya', taxNo: '1234567890' };
export const SECRET = 'mutabakat-test-secret-0123456789-abcdefgh';

export interface Harness {
  erp: DemoErp;
  mut: ActingApp;
  clock: { now: Date };
  settings: AppSettings;
  /** The demo ERP as the server reads it (a test's own ErpSource can lean on it). */
  upstream: UpstreamOptions;
  /** A call as the signed-in browser (cookie + CSRF header). */
  api(path: string, init?: { method?: string; json?: unknown; body?: BodyInit; headers?: Record<string, string> }): Promise<Response>;
  /** A call to the public reply app (no cookie). */
  reply(path: string, init?: RequestInit): Promise<Response>;
  drain(): Promise<void>;
  reset(): Promise<void>;
  close(): Promise<void>;
}

/**
 * `onDisk`: the database in a folder (a restart reopens it); otherwise in memory — the same PGlite and
 * SQL, about half the CPU per query and per start (no file system calls per page).
 */
export async function mutabakatHarness(
  extra: Partial<Omit<StartAppOptions, 'settings'>> & { settings?: Partial<AppSettings>; onDisk?: boolean } = {},
): Promise<Harness> {
  const { onDisk, ...options } = extra;
  const apiPassword = randomBytes(12).toString('hex');
  const erp = createDemoErp({ apiPassword, today: '2026-11-15' });
  const transport = fetchTransport((r) => erp.fetch(r));
  const upstream: UpstreamOptions = {
    erpBaseUrl: 'http://demo-erp.invalid',
    erpApiPassword: apiPassword,
    erpService: 'mobiusmus',
    erpTimeoutMs: 30_000,
    maxAnswerBytes: 256 << 20,
    transport,
  };
  const clock = { now: new Date('2026-11-16T09:00:00Z') };
  const dir = onDisk && !extra.settings?.databaseUrl ? mkdtempSync(join(tmpdir(), 'cari-mut-')) : '';
  const settings: AppSettings = {
    enabled: true,
    demo: true,
    dataDir: dir ? join(dir, 'data') : 'memory://',
    mailFrom: 'Örnek Dağıtım <mutabakat@ornek.example>',
    mailReplyTo: 'muhasebe@ornek.example',
    publicUrl: 'http://cari.test',
    publicUrlDefault: false,
    erpConcurrency: 6,
    ...extra.settings,
  };
  // In memory: an emptied database from the template (tests/harness/pglite-template.ts); a folder starts
  // from the template too; an existing one (a restart) is opened as it is.
  const database = dir || settings.databaseUrl || extra.settings?.dataDir ? undefined : await takeDatabase();
  const loadDataDir = database || settings.databaseUrl || extra.settings?.dataDir ? undefined : await pgliteTemplate();
  const mut = await startApp({
    database,
    loadDataDir,
    upstream,
    company: COMPANY,
    now: () => clock.now,
    runWorker: false,
    seedDemo: false,
    retryBaseMs: 1000,
    log: () => undefined,
    ...options,
    settings,
  } as StartAppOptions);
  const gateway = createGateway({
    erpBaseUrl: upstream.erpBaseUrl,
    erpApiPassword: apiPassword,
    sessionSecret: SECRET,
    transport,
    company: COMPANY,
    mutabakat: mut,
    log: () => undefined,
  });
  const user = DEMO_USERS[0]!;
  const login = await gateway.request('/api/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-app-request': '1' },
    body: JSON.stringify({ userName: user.userName, password: user.password }),
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
  const worker = await mut.worker();
  return {
    erp,
    mut,
    clock,
    settings,
    upstream,
    api: async (path, init = {}) =>
      gateway.request(path, {
        method: init.method ?? (init.json !== undefined || init.body !== undefined ? 'POST' : 'GET'),
        headers: { cookie, 'x-app-request': '1', ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers },
        body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      }),
    reply: (path, init) => Promise.resolve(mut.reply.request(path, init)),
    drain: () => worker.drain(),
    reset: async () => truncateAll((await mut.ctx()).d),
    close: async () => {
      await mut.close();
      if (database) await giveBackDatabase(database);
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Σ(borç − alacak) of the dataset's lines dated on or before `asOf` — worked from the dataset, not from the engine. */
export function datasetBalance(erp: DemoErp, id: string, asOf: string): number {
  const a = erp.dataset.accountById.get(id)!;
  return a.lines.filter((l) => l.date <= asOf).reduce((s, l) => s + l.debit - l.credit, 0);
}

// Test files written against this harness may take the one SMTP inbox from here too.
/**
 * An account's positions worked from the dataset's lines dated on or before `asOf`: Σ(borç − alacak) of the
 * TL-written lines, Σ of the USD lines' own amounts, and the ERP's TL figure (every line's TL amount).
 */
export function datasetPositions(erp: DemoErp, id: string, asOf: string): { tlOwn: number; usd: number; erpTl: number } {
  const lines = erp.dataset.accountById.get(id)!.lines.filter((l) => l.date <= asOf);
  return {
    tlOwn: lines.filter((l) => l.currency === 'TL').reduce((s, l) => s + l.debit - l.credit, 0),
    usd: lines.filter((l) => l.currency === 'USD').reduce((s, l) => s + (l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!), 0),
    erpTl: lines.reduce((s, l) => s + l.debit - l.credit, 0),
  };
}

export type BoardMoney = { currency: string; balance: number; side: string };
export type LetterBoard = {
  campaign: { differences: BoardMoney[] };
  letters: {
    id: string;
    accountId: string;
    state: string;
    ours: BoardMoney[];
    localBalance: number;
    theirs: BoardMoney[] | null;
    difference: BoardMoney[] | null;
    pdfUrl: string;
  }[];
};

/** A campaign of `ids` (each given an address) as of `asOf`, prepared and mailed: its board, each letter's reply path and row. */
export async function letterCampaign(h: Harness, ids: string[], asOf: string, options: Record<string, unknown> = {}) {
  for (const id of ids) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [], person: '' } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: ids, asOf, deadline: '2026-12-31', options } });
  expect(r.status).toBe(201);
  const id = ((await r.json()) as { campaign: { id: string } }).campaign.id;
  await h.drain();
  const board = async () => (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as LetterBoard;
  const mails = ((await (await h.api(`/api/mutabakat/outbox?campaignId=${id}`)).json()) as { mails: { accountId: string; replyUrl: string; kind: string }[] })
    .mails;
  const path = (acc: string) => new URL(mails.find((m) => m.accountId === acc && m.kind === 'letter')!.replyUrl).pathname;
  const letter = async (acc: string) => (await board()).letters.find((l) => l.accountId === acc)!;
  return { id, board, path, letter };
}

export { smtpInbox, type Inbox };

export interface MailHarness {
  h: Harness;
  /** The SMTP inbox the mails go to (absent with `inbox: false`); a test that restarts it puts the new one here. */
  inbox: Inbox;
}

/**
 * A test file's set-up, once: an SMTP inbox on 127.0.0.1 (unless `inbox: false`) the harness's mails go
 * to (`transport`, default plain SMTP), the harness signed in; both closed after the file. Before each
 * test the database is emptied, the inbox cleared and the clock set (`clock`, default 16.11.2026 12:00
 * Istanbul; null leaves it). `ready` hands them to the file's own variables.
 */
export function mailHarness(
  ready: (m: MailHarness) => void,
  o: { inbox?: boolean; transport?: (inbox: Inbox) => MailTransport; settings?: Partial<AppSettings>; clock?: string | null; timeoutMs?: number } = {},
): MailHarness {
  const m = {} as MailHarness;
  beforeAll(async () => {
    if (o.inbox !== false) m.inbox = await smtpInbox();
    m.h = await mutabakatHarness({
      ...(m.inbox ? { transport: o.transport?.(m.inbox) ?? smtpTransport(m.inbox.url) } : {}),
      ...(o.settings ? { settings: o.settings } : {}),
    });
    ready(m);
  }, o.timeoutMs ?? 60_000);
  afterAll(async () => {
    await m.h?.close();
    await m.inbox?.close();
  });
  beforeEach(async () => {
    await m.h.reset();
    m.inbox?.clear();
    if (o.clock !== null) m.h.clock.now = new Date(o.clock ?? '2026-11-16T09:00:00Z');
  });
  return m;
}
