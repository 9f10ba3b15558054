/**
 * Mutabakat flow tests' direct line to the server (the same gateway the page uses, through the
 * harness's cookie jar): to read what a page saved and to set up state a test is not about.
 */
import { resolve } from 'node:path';
import { createRequire, syncBuiltinESMExports } from 'node:module';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createDemoErp, type DemoErp } from '../../server/demo-erp';
import { fetchTransport } from '../../server/gateway/upstream';
import type { ActingApp } from '../../server/app/index';
import type { Database } from '../../server/db/open';
import { APP_ORIGIN, gatewayFetch } from '../harness';

export async function mutApi<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  const res = await gatewayFetch(
    new Request(`${APP_ORIGIN}/api/mutabakat/${path}`, {
      method,
      headers: { 'x-app-request': '1', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    }),
  );
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** "1.234,56" for kuruş, worked here (not the app's formatter). */
export const tl = (minor: number) => {
  const abs = Math.abs(minor);
  return `${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};

/**
 * Mutabakat on PGlite for one test file (in memory, from the migrated template; the worker's previous file's,
 * emptied, when there is one), its jobs worker running in the
 * background like the server's, every table emptied after each test. Pass `gateway()` to renderApp:
 * the harness's gateway then mounts the real /api/mutabakat routes over this database.
 */
export function withMutabakatServer(): { gateway: () => { mutabakat: ActingApp }; erp: () => DemoErp } {
  let mut: ActingApp | undefined;
  let demoErp: DemoErp | undefined;
  let truncate: (m: ActingApp) => Promise<void> = async () => undefined;
  let realFileURLToPath: ((u: string | URL) => string) | undefined;
  // The file's database: an emptied one the worker's previous file gave back, else a new one (tests/harness/pglite-template.ts).
  let database: Database | undefined;
  let giveBack: ((d: Database) => Promise<void>) | undefined;
  beforeAll(async () => {
    // In the DOM projects Vite rewrites `new URL('./migrations', import.meta.url)` (server/db/open.ts)
    // into an http://localhost:3000/… address, which Node's fileURLToPath refuses: that address is
    // read back as the checkout's path while this file runs (Node's own live-binding update).
    const url = createRequire(import.meta.url)('node:url') as { fileURLToPath: (u: string | URL) => string; URL: typeof URL };
    realFileURLToPath = url.fileURLToPath;
    const real = realFileURLToPath;
    const root = resolve(import.meta.dirname, '../..');
    url.fileURLToPath = (u) => {
      const href = typeof u === 'string' ? u : u.href;
      return href.startsWith('http://localhost:3000/') ? resolve(root, `.${decodeURIComponent(new url.URL(href).pathname)}`) : real(u);
    };
    syncBuiltinESMExports();
    const { startApp } = await import('../../server/app/index');
    const { outboxTransport } = await import('../../server/mail/transport');
    const { truncateAll } = await import('../../server/db/open');
    truncate = async (m) => truncateAll((await m.ctx()).d);
    const apiPassword = 'flow-mutabakat';
    const erp = createDemoErp({ apiPassword });
    demoErp = erp;
    const { takeDatabase, giveBackDatabase } = await import('../harness/pglite-template');
    database = await takeDatabase();
    giveBack = giveBackDatabase;
    mut = await startApp({
      database,
      settings: {
        enabled: true,
        demo: false,
        dataDir: 'memory://',
        mailFrom: 'Örnek <mutabakat@ornek.example>',
        publicUrl: 'http://cari.test',
        publicUrlDefault: false,
        erpConcurrency: 4,
      },
      upstream: {
        erpBaseUrl: 'http://demo-erp.test',
        erpApiPassword: apiPassword,
        erpService: 'mobiusmus',
        erpTimeoutMs: 30_000,
        maxAnswerBytes: 256 << 20,
        transport: fetchTransport((r) => erp.fetch(r)),
      },
      company: { title: 'Örnek Ticaret ve Sanayi A.Ş.', address: 'Ankara', taxOffice: 'Çankaya', taxNo: '1234567890' },
      // The demo outbox without demo mode's seeded contacts: each test sets the contacts it is about.
      transport: outboxTransport(),
      log: () => undefined,
      // A round every 0.2 s: each round claims in PGlite; polled every 0.05 s a file spent 0.3–0.7 s more CPU.
      workerIntervalMs: 200,
      // A job that failed (a letter the ERP did not give) tries again 0.2 s, then 0.4 s later, not 4 and 8 s.
      jobRetryBaseMs: 100,
    });
  }, 60_000);
  afterEach(async () => {
    if (demoErp) demoErp.settings.failRules = [];
    if (mut) await truncate(mut);
  });
  afterAll(async () => {
    await mut?.close();
    if (database) await giveBack?.(database);
    if (realFileURLToPath) {
      (createRequire(import.meta.url)('node:url') as { fileURLToPath: typeof realFileURLToPath }).fileURLToPath = realFileURLToPath;
      syncBuiltinESMExports();
    }
  });
  return { gateway: () => ({ mutabakat: mut! }), erp: () => demoErp! };
}
