// @vitest shared-modules
/**
 * (a) Through the REAL Vite dev server (the project's vite.config.ts, port 0) in front of the
 * recording fake ERP: the erpGateway plugin answers /api/* and adds the password server-side.
 */
import { resolve } from 'node:path';
import { createServer, createLogger, type ViteDevServer } from 'vite';
import { API_PASSWORD, SESSION_SECRET, captureLogs, client, leaks, startFakeErp, type FakeErp } from './helpers';

const root = resolve(import.meta.dirname, '../..');
let erp: FakeErp;
let vite: ViteDevServer;
let base = '';
const logs = captureLogs();
const viteLines: string[] = [];
const saved: Record<string, string | undefined> = {};
const ENV = ['ERP_BASE_URL', 'ERP_API_PASSWORD', 'SESSION_SECRET', 'DEMO', 'ERP_SERVICE', 'MUTABAKAT', 'TAHSILAT'] as const;

beforeAll(async () => {
  erp = await startFakeErp();
  for (const k of ENV) saved[k] = process.env[k];
  process.env.ERP_BASE_URL = erp.url;
  process.env.ERP_API_PASSWORD = API_PASSWORD;
  process.env.SESSION_SECRET = SESSION_SECRET;
  delete process.env.DEMO;
  delete process.env.ERP_SERVICE;
  // Not the worktree's own .cari-data (a developer's dev server may hold it): mutabakat and tahsilat have their own tests.
  process.env.MUTABAKAT = '0';
  process.env.TAHSILAT = '0';
  const logger = createLogger('info');
  for (const m of ['info', 'warn', 'warnOnce', 'error'] as const) {
    logger[m] = (msg: string) => {
      viteLines.push(msg);
    };
  }
  vite = await startVite(logger);
  base = urlOf(vite);
}, 60_000);

function startVite(customLogger: ReturnType<typeof createLogger>) {
  return createServer({
    root,
    configFile: resolve(root, 'vite.config.ts'),
    customLogger,
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  }).then(async (server) => {
    await server.listen();
    return server;
  });
}

function urlOf(server: ViteDevServer): string {
  const address = server.httpServer?.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

afterAll(async () => {
  await vite?.close();
  await erp?.close();
  for (const k of ENV) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  logs.restore();
  const all = [...logs.lines, ...viteLines];
  // (d) nothing Vite or the gateway printed carries the API password
  expect(all.filter((l) => leaks(l))).toEqual([]);
});

beforeEach(() => {
  erp.requests.length = 0;
  erp.mode = 'ok';
});

describe('gateway inside the Vite dev server', () => {
  it('prints which ERP it uses, without the password', () => {
    const line = viteLines.find((l) => l.includes('ERP gateway'));
    expect(line).toContain(erp.url);
    expect(leaks(line ?? '')).toBe(false);
  });

  it('login, then get_cari: password added exactly once, client password dropped, body intact', async () => {
    const c = client(base);
    const login = await c.login();
    expect(login.status).toBe(200);
    erp.requests.length = 0;

    const value = 'Iğdır Şube ığüşöç &%+"\' = ?';
    const res = await c.call('/api/erp/get_cari?password=tarayici-sifresi', {
      method: 'POST',
      json: { firma_ismi: value, password: 'tarayici-govde' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(erp.answer);
    expect(erp.requests).toHaveLength(1);
    const r = erp.requests[0]!;
    expect(r.path).toBe('/wex.cfm/mobiusmus/get_cari');
    expect(r.passwords).toEqual([API_PASSWORD]);
    expect(r.url).not.toContain('tarayici');
    expect(r.body.toString('utf8')).not.toContain('tarayici');
    // hand-encoded: I=I ğ=%C4%9F d ı=%C4%B1 r, space=+, Ş=%C5%9E ...
    expect(r.body.toString('latin1')).toBe('firma_ismi=I%C4%9Fd%C4%B1r+%C5%9Eube+%C4%B1%C4%9F%C3%BC%C5%9F%C3%B6%C3%A7+%26%25%2B%22%27+%3D+%3F');
    expect(r.form.get('firma_ismi')).toBe(value);
    expect(r.headers.cookie).toBeUndefined();
  });

  it('upstream HTML 500 → JSON error with x-gateway-error', async () => {
    const c = client(base);
    expect((await c.login()).status).toBe(200);
    erp.mode = 'html500';
    const res = await c.erp('get_cari', { firma_ismi: 'a' });
    expect(res.status).toBe(502);
    expect(res.headers.get('x-gateway-error')).toBe('1');
    const text = await res.text();
    expect(text).not.toMatch(/<html/i);
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'upstream_http', upstreamStatus: 500 } });
  });

  it('no session → 401 and the ERP saw nothing; non-/api paths are left to Vite', async () => {
    const c = client(base);
    const res = await c.erp('get_cari', { firma_ismi: 'a' });
    expect(res.status).toBe(401);
    expect(erp.requests).toHaveLength(0);
    const page = await fetch(`${base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
  });
});

describe('demo mode in the Vite dev server (no ERP_BASE_URL)', () => {
  it('starts the embedded demo ERP, serves the demo users, and stops it when Vite closes', async () => {
    const lines: string[] = [];
    const logger = createLogger('info');
    for (const m of ['info', 'warn', 'warnOnce', 'error'] as const) {
      logger[m] = (msg: string) => {
        lines.push(msg);
        viteLines.push(msg);
      };
    }
    const keep = { url: process.env.ERP_BASE_URL, pw: process.env.ERP_API_PASSWORD };
    delete process.env.ERP_BASE_URL;
    delete process.env.ERP_API_PASSWORD;
    let demoVite: ViteDevServer | undefined;
    try {
      demoVite = await startVite(logger);
    } finally {
      process.env.ERP_BASE_URL = keep.url;
      process.env.ERP_API_PASSWORD = keep.pw;
    }
    const line = lines.find((l) => l.includes('DEMO mode')) ?? '';
    const demoErpUrl = /http:\/\/127\.0\.0\.1:\d+/.exec(line)?.[0];
    expect(demoErpUrl).toBeDefined();
    const c = client(urlOf(demoVite));
    expect(await (await c.call('/api/config')).json()).toMatchObject({
      demo: true,
      demoUsers: [
        { userName: 'demo', password: 'demo' },
        { userName: 'muhasebe', password: 'Mali2026!' },
      ],
    });
    expect((await c.login('demo', 'demo')).status).toBe(200);
    expect((await c.erp('get_cari', { firma_ismi: 'ığdır' })).status).toBe(200);
    // the fake ERP of the other suite saw none of this
    expect(erp.requests).toHaveLength(0);
    // the demo ERP answers (401 without its random password) until Vite closes
    expect((await fetch(`${demoErpUrl}/wex.cfm/mobiusmus/get_cari`, { method: 'POST' })).status).toBe(401);
    await demoVite.close();
    await expect(fetch(`${demoErpUrl}/wex.cfm/mobiusmus/get_cari`, { method: 'POST' })).rejects.toThrow();
  }, 60_000);
});
