// The production server (`npm start`'s dist-server/prod.js) in demo mode (embedded demo ERP, in-app
// outbox) on its own port and data folder, for the journeys that restart it or need a database of their own.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Page } from '@playwright/test';
import { e2e } from './env';
import { expect, login } from './fixtures';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => resolve(typeof addr === 'object' && addr ? addr.port : 0));
    });
  });
}

/** The production server (`npm start`'s dist-server/prod.js) in demo mode on its own port and data folder. */
export class OwnServer {
  child?: ChildProcess;
  log = '';
  constructor(
    readonly port: number,
    readonly dataDir: string,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start() {
    if (!existsSync('dist-server/prod.js'))
      throw new Error('dist-server/prod.js is missing: `npm run build` first (the e2e runner builds it for the prod run)');
    this.child = spawn(process.execPath, ['dist-server/prod.js'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DEMO: '1',
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.url,
        SESSION_SECRET: 'e2e-mutabakat-session-secret-0123456789abcdef',
        SECURE_COOKIES: '0',
        DEMO_ERP_PASSWORD: e2e.apiPassword || `e2e-${randomBytes(6).toString('hex')}`,
        ERP_BASE_URL: '',
        ERP_API_PASSWORD: '',
        SMTP_URL: '',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const add = (b: Buffer) => (this.log = (this.log + b.toString('utf8')).slice(-20_000));
    this.child.stdout!.on('data', add);
    this.child.stderr!.on('data', add);
    const until = Date.now() + 60_000;
    while (Date.now() < until) {
      if (this.child.exitCode !== null) throw new Error(`server exited (${this.child.exitCode}):\n${this.log}`);
      const ok = await fetch(`${this.url}/api/config`, { headers: { 'x-app-request': '1' } })
        .then((r) => r.ok)
        .catch(() => false);
      if (ok) return;
      await new Promise((r) => setTimeout(r, 250));
    }
    throw new Error(`server not ready:\n${this.log}`);
  }
  async stop() {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 8000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

/** Signed in on `server`: through the form, unless the session cookie is still good (after a restart it is). */
export async function signIn(page: Page, server: OwnServer) {
  await page.goto(`${server.url}/login`);
  const form = page.getByLabel('Kullanıcı adı');
  await expect(form.or(page.getByRole('heading', { level: 1, name: 'Özet' }))).toBeVisible();
  if (await form.isVisible()) await login(page);
  await expect(page).toHaveURL(`${server.url}/`);
}
