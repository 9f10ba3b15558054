// @vitest shared-modules long
/**
 * server/config.ts (env files, validation, demo mode) and the gateway in front of the demo ERP,
 * both in-process (config.fetch = the demo ERP's fetch, as the front-end tests do) and as the
 * production server in DEMO=1 mode (embedded demo ERP on a loopback port, real forwarding path).
 */
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadEnv, resolveSettings } from '../../server/config';
import { createDemoErp, getDataset } from '../../server/demo-erp/index';
import { createGateway, fetchTransport } from '../../server/gateway/index';
import { startProdServer } from '../../server/prod';
import { DEFAULT_DATA_DIR, openDatabase } from '../../server/db/open';
import { pgliteTemplate } from '../harness/pglite-template';
import { API_PASSWORD, SESSION_SECRET, captureLogs, client, leaks } from './helpers';

const logs = captureLogs();
let dir = '';

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'cari-config-'));
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  logs.restore();
  expect(logs.lines.filter((l) => leaks(l))).toEqual([]);
});

describe('environment', () => {
  it("reads .env files (Node's parser): comments, export, quotes, inline comments, a BOM, CRLF", () => {
    writeFileSync(join(dir, '.env'), '\uFEFF# yorum\r\nexport A=1\nB = "iki # değil yorum"\nC=\'üç\'\nD=dört # yorum\nE=\n  F=x=y\nG="satır\\nsatır"\n');
    const env = loadEnv(dir, {});
    expect(env).toEqual({ A: '1', B: 'iki # değil yorum', C: 'üç', D: 'dört', E: '', F: 'x=y', G: 'satır\nsatır' });
  });

  it('process env wins over .env.local, which wins over .env', () => {
    writeFileSync(join(dir, '.env'), 'A=env\nB=env\nC=env\n');
    writeFileSync(join(dir, '.env.local'), 'B=local\nC=local\n');
    const env = loadEnv(dir, { C: 'process' });
    expect([env.A, env.B, env.C]).toEqual(['env', 'local', 'process']);
  });

  it('dev without ERP_BASE_URL is demo mode; prod needs DEMO=1', () => {
    expect(resolveSettings({}, 'dev', dir).demo).toBe(true);
    expect(resolveSettings({ DEMO: '1' }, 'prod', dir).demo).toBe(true);
    expect(() => resolveSettings({}, 'prod', dir)).toThrow(ConfigError);
    const dev = resolveSettings({ ERP_BASE_URL: 'https://erp.example.com.tr/', ERP_API_PASSWORD: API_PASSWORD }, 'dev', dir);
    expect(dev.demo).toBe(false);
    expect(dev.gateway.erpBaseUrl).toBe('https://erp.example.com.tr');
    // dev without SESSION_SECRET gets a random one of 43 characters (32 random bytes)
    expect(dev.gateway.sessionSecret).toHaveLength(43);
  });

  it('reads the numeric and boolean settings', () => {
    const s = resolveSettings(
      {
        ERP_BASE_URL: 'http://10.0.0.5:8080',
        ERP_API_PASSWORD: API_PASSWORD,
        SESSION_SECRET,
        ERP_SERVICE: 'muhasebe',
        ERP_TIMEOUT_MS: '5000',
        SESSION_IDLE_MINUTES: '15',
        SESSION_MAX_HOURS: '8',
        TRUST_PROXY: 'true',
        HOST: '127.0.0.1',
        PORT: '8080',
      },
      'prod',
      dir,
    );
    expect(s.gateway).toMatchObject({
      erpService: 'muhasebe',
      erpTimeoutMs: 5000,
      sessionIdleMs: 15 * 60_000,
      sessionMaxMs: 8 * 3_600_000,
      trustProxy: { kind: 'hops', hops: 1 },
      secureCookies: true,
    });
    expect([s.host, s.port]).toEqual(['127.0.0.1', 8080]);
    const defaults = resolveSettings({ ERP_BASE_URL: 'http://e', ERP_API_PASSWORD: 'p', SESSION_SECRET, SECURE_COOKIES: '0' }, 'prod', dir);
    expect([defaults.host, defaults.port, defaults.gateway.secureCookies, defaults.gateway.erpTimeoutMs]).toEqual(['0.0.0.0', 3000, false, 30_000]);
  });

  it('DEMO=1 npm start listens on loopback unless HOST is set (the login page shows the demo passwords) — issue 24 §6', () => {
    expect(resolveSettings({ DEMO: '1' }, 'prod', dir).host).toBe('127.0.0.1');
    const open = resolveSettings({ DEMO: '1', HOST: '0.0.0.0' }, 'prod', dir);
    expect(open.host).toBe('0.0.0.0');
    expect(open.notes.join(' ')).toContain('shows the demo passwords');
  });

  it('names every problem: bad numbers, bad URL, short secret, unreadable alias file', () => {
    let err: ConfigError | undefined;
    try {
      resolveSettings(
        { ERP_BASE_URL: 'ftp://x', ERP_API_PASSWORD: 'p', SESSION_SECRET: 'kısa', ERP_TIMEOUT_MS: 'abc', ERP_ALIASES_FILE: 'yok.json' },
        'prod',
        dir,
      );
    } catch (e) {
      err = e as ConfigError;
    }
    expect(err?.missing).toEqual([]);
    expect(err?.problems).toHaveLength(4);
    expect(err?.message).toMatch(/ERP_BASE_URL/);
    expect(err?.message).toMatch(/SESSION_SECRET must be at least 32/);
    expect(err?.message).toMatch(/ERP_TIMEOUT_MS/);
    expect(err?.message).toMatch(/ERP_ALIASES_FILE/);
    expect(err?.message).not.toContain('kısa');
  });

  it('ERP_ALIASES_FILE is loaded and served in /api/config', async () => {
    mkdirSync(join(dir, 'conf'), { recursive: true });
    writeFileSync(join(dir, 'conf', 'aliases.json'), JSON.stringify({ account: { name: ['unvan'] } }));
    const s = resolveSettings({ ERP_ALIASES_FILE: 'conf/aliases.json' }, 'dev', dir);
    expect(s.gateway.aliases).toEqual({ account: { name: ['unvan'] } });
  });
});

describe('our company for the mutabakat letters (COMPANY_*)', () => {
  const REAL = { ERP_BASE_URL: 'https://erp.example.com.tr', ERP_API_PASSWORD: API_PASSWORD, SESSION_SECRET };

  it('is read from the environment, trimmed, Turkish letters and punctuation kept, and served in /api/config without a login', async () => {
    const env = {
      ...REAL,
      COMPANY_TITLE: '  Öz & Şen "Kardeşler" %100 A.Ş. ',
      COMPANY_ADDRESS: "İnönü Cad. 5+7 'B' Blok\n06420 Çankaya / Ankara",
      COMPANY_TAX_OFFICE: 'Çankaya',
      COMPANY_TAX_NO: '0123456789',
    };
    const s = resolveSettings(env, 'prod', dir);
    expect(s.gateway.company).toEqual({
      title: 'Öz & Şen "Kardeşler" %100 A.Ş.',
      address: "İnönü Cad. 5+7 'B' Blok\n06420 Çankaya / Ankara",
      taxOffice: 'Çankaya',
      taxNo: '0123456789',
    });
    const gateway = createGateway({ ...s.gateway, log: () => undefined });
    const res = await gateway.fetch(new Request('http://localhost/api/config'));
    expect(res.status).toBe(200);
    const body = (await res.json()) as { demo: boolean; company: unknown };
    expect(body.demo).toBe(false);
    expect(body.company).toEqual(s.gateway.company);
    expect(JSON.stringify(body)).not.toContain(API_PASSWORD);
  });

  it('a .env file with a quoted multi-line address works', () => {
    writeFileSync(join(dir, '.env'), 'COMPANY_TITLE="Anadolu Gıda A.Ş."\nCOMPANY_ADDRESS="Atatürk Bulvarı No: 1\\nKonak / İzmir"\n');
    const s = resolveSettings({ ...loadEnv(dir, {}), ...REAL }, 'prod', dir);
    expect(s.gateway.company?.title).toBe('Anadolu Gıda A.Ş.');
    expect(s.gateway.company?.address).toBe('Atatürk Bulvarı No: 1\nKonak / İzmir');
    rmSync(join(dir, '.env'));
  });

  it('against a real ERP, unset fields stay empty (no made-up company) and the start-up notes say so; demo mode fills them', () => {
    const s = resolveSettings(REAL, 'prod', dir);
    expect(s.gateway.company).toEqual({ title: '', address: '', taxOffice: '', taxNo: '' });
    expect(s.notes.join(' ')).toContain('COMPANY_TITLE not set');
    const demo = resolveSettings({ DEMO: '1', COMPANY_TITLE: 'Kendi Şirketim Ltd. Şti.' }, 'prod', dir);
    expect(demo.gateway.company?.title).toBe('Kendi Şirketim Ltd. Şti.');
    expect(demo.gateway.company?.taxOffice).toBe('Kozyatağı');
    // A literal backslash-n (a container's environment cannot hold a newline easily) starts a new line.
    expect(resolveSettings({ ...REAL, COMPANY_ADDRESS: 'Liman Cad. 5\\nKonak / İzmir' }, 'prod', dir).gateway.company?.address).toBe(
      'Liman Cad. 5\nKonak / İzmir',
    );
  });
});

describe('gateway + demo ERP (in-process fetch, as in the front-end tests)', () => {
  it('logs in the demo user and forwards get_cari to the demo ERP', async () => {
    const demo = createDemoErp({ apiPassword: API_PASSWORD });
    const gateway = createGateway({
      erpBaseUrl: 'http://demo-erp.invalid',
      erpApiPassword: API_PASSWORD,
      sessionSecret: SESSION_SECRET,
      transport: fetchTransport((request) => demo.fetch(request)),
      log: logs.sink,
    });
    const headers = { 'x-app-request': '1', 'content-type': 'application/json' };
    const bad = await gateway.fetch(
      new Request('http://app.local/api/session', { method: 'POST', headers, body: JSON.stringify({ userName: 'demo', password: 'yanlış' }) }),
    );
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { code: 'login_failed', message: 'Kullanıcı adı veya şifre hatalı.' } });

    const login = await gateway.fetch(
      new Request('http://app.local/api/session', { method: 'POST', headers, body: JSON.stringify({ userName: 'muhasebe', password: 'Mali2026!' }) }),
    );
    expect(login.status).toBe(200);
    expect(await login.json()).toEqual({ user: { userName: 'muhasebe', name: 'Ayşe Yıldırım' } });
    const cookie = login.headers.getSetCookie()[0]!.split(';')[0]!;
    const res = await gateway.fetch(new Request('http://app.local/api/erp/get_cari', { method: 'POST', headers: { ...headers, cookie }, body: '{}' }));
    expect(res.status).toBe(200);
    const rows = JSON.parse(await res.text()) as unknown[];
    expect(rows).toHaveLength(getDataset().accounts.length);
    const last = demo.requests.at(-1)!;
    expect(last.operation).toBe('get_cari');
    expect(last.passwordOk).toBe(true);
    expect(last.queryKeys).toEqual([]);
    expect(last.params).toEqual({ firma_ismi: '' });
  });
});

describe('gateway + hanging in-process demo ERP', () => {
  it('an answer that only comes after the time limit is a 504 upstream_timeout', async () => {
    const demo = createDemoErp({ apiPassword: API_PASSWORD, fail: 'hang' });
    const gateway = createGateway({
      erpBaseUrl: 'http://demo-erp.invalid',
      erpApiPassword: API_PASSWORD,
      sessionSecret: SESSION_SECRET,
      erpTimeoutMs: 200,
      transport: fetchTransport((request) => demo.fetch(request)),
      log: logs.sink,
    });
    const res = await gateway.fetch(
      new Request('http://app.local/api/session', {
        method: 'POST',
        headers: { 'x-app-request': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ userName: 'demo', password: 'demo' }),
      }),
    );
    expect(res.status).toBe(504);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('upstream_timeout');
    demo.release();
  });
});

describe('production server in DEMO=1 mode', () => {
  it("without HOST it listens on 127.0.0.1 only (not on this machine's other addresses)", async () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    const server = await startProdServer({
      distDir: dist,
      env: { DEMO: '1', MUTABAKAT: '0', TAHSILAT: '0' },
      cwd: dir,
      port: 0,
      gateway: { log: logs.sink },
      print: logs.sink,
    });
    try {
      expect(logs.lines.some((l) => l.includes('listening on 127.0.0.1:'))).toBe(true);
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      // Another local address of this machine (127.0.0.2 is loopback too, but not the one bound): refused.
      await expect(fetch(`http://127.0.0.2:${server.port}/healthz`)).rejects.toThrow();
    } finally {
      await server.close();
    }
  });

  // With mutabakat on: the embedded database in the app's folder (DATA_DIR's default, .cari-data), opened at the start.
  // The folder starts from the tests' migrated template: creating it at a first start runs initdb and every migration
  // (3–5 s of CPU), which the e2e servers do on their own empty DATA_DIR (tests/e2e/own-server.ts).
  it('starts the embedded demo ERP, shows the demo users and works through the gate', { timeout: 90_000 }, async () => {
    const dist = join(dir, 'dist');
    mkdirSync(dist, { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    await (await openDatabase({ dataDir: join(dir, DEFAULT_DATA_DIR), loadDataDir: await pgliteTemplate(), log: () => undefined })).close();
    const server = await startProdServer({
      distDir: dist,
      env: { DEMO: '1' },
      cwd: dir,
      host: '127.0.0.1',
      port: 0,
      gateway: { log: logs.sink },
      print: logs.sink,
    });
    try {
      expect(logs.lines.some((l) => l.includes('DEMO mode'))).toBe(true);
      // The counterpart's reply page is served by the production server with its own strict policy.
      const reply = await fetch(`${server.url}/yanit/${'x'.repeat(43)}`);
      expect(reply.status).toBe(404);
      expect(await reply.text()).toContain('Bu bağlantı kullanılamıyor');
      expect(reply.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
      const config = await (await fetch(`${server.url}/api/config`)).json();
      expect(config).toEqual({
        demo: true,
        demoUsers: [
          { userName: 'demo', password: 'demo' },
          { userName: 'muhasebe', password: 'Mali2026!' },
        ],
        // Demo mode without COMPANY_*: the example company heads the mutabakat letters.
        company: {
          title: 'Örnek Ticaret ve Sanayi A.Ş.',
          address: 'Atatürk Cad. No: 12/3 Kozyatağı\n34742 Kadıköy / İstanbul',
          taxOffice: 'Kozyatağı',
          taxNo: '6470012345',
        },
        // LETTER_TTK94_CLAUSE not set: the letters carry the TTK md. 94 note.
        letters: { ttk94Clause: true },
      });
      const c = client(server.url);
      const login = await c.login('demo', 'demo');
      expect(await login.json()).toEqual({ user: { userName: 'demo', name: 'Demo Kullanıcı' } });
      const res = await c.erp('get_cari', { firma_ismi: '' });
      expect(res.status).toBe(200);
      expect(JSON.parse(await res.text())).toHaveLength(getDataset().accounts.length);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it(
    'MUTABAKAT=0 turns off mutabakat only: tahsilat works on the embedded database; with TAHSILAT=0 too none is opened and both say why',
    { timeout: 90_000 },
    async () => {
      const mutOff = 'Mutabakat bu sunucuda kapalı (MUTABAKAT=0).';
      const start = async (cwd: string, env: Record<string, string>) => {
        mkdirSync(join(cwd, 'dist'), { recursive: true });
        writeFileSync(join(cwd, 'dist', 'index.html'), '<!doctype html><title>x</title>');
        const server = await startProdServer({
          distDir: join(cwd, 'dist'),
          env: { DEMO: '1', ...env },
          cwd,
          host: '127.0.0.1',
          port: 0,
          gateway: { log: logs.sink },
          print: logs.sink,
        });
        const c = client(server.url);
        expect((await c.login('demo', 'demo')).status).toBe(200);
        return {
          server,
          c,
          error: async (path: string) => {
            const r = await c.call(path);
            return [r.status, ((await r.json()) as { error: unknown }).error];
          },
        };
      };
      const one = await start(dir, { MUTABAKAT: '0' });
      try {
        expect(logs.lines).toContain(`mutabakat off (MUTABAKAT=0); tahsilat: database PGlite in ${join(dir, '.cari-data')}; mail: demo outbox (no SMTP_URL)`);
        expect(await one.error('/api/mutabakat/campaigns')).toEqual([503, { code: 'disabled', message: mutOff }]);
        const noted = await one.c.call('/api/tahsilat/accounts/1006/activities', { method: 'POST', json: { kind: 'note', note: 'Cuma arayacak.' } });
        expect(noted.status).toBe(201);
        expect(((await noted.json()) as { activities: { note: string }[] }).activities.map((a) => a.note)).toEqual(['Cuma arayacak.']);
      } finally {
        await one.server.close();
      }
      const bare = mkdtempSync(join(tmpdir(), 'cari-config-off-'));
      const both = await start(bare, { MUTABAKAT: '0', TAHSILAT: '0' });
      try {
        expect(logs.lines).toContain('mutabakat and tahsilat: off (MUTABAKAT=0, TAHSILAT=0); no database opened');
        expect(existsSync(join(bare, '.cari-data'))).toBe(false);
        expect(await both.error('/api/mutabakat/campaigns')).toEqual([503, { code: 'disabled', message: mutOff }]);
        expect(await both.error('/api/tahsilat/worklist')).toEqual([503, { code: 'disabled', message: 'Tahsilat bu sunucuda kapalı (TAHSILAT=0).' }]);
      } finally {
        await both.server.close();
        rmSync(bare, { recursive: true, force: true });
      }
    },
  );
});
