// @vitest shared-modules
/**
 * The production server's state and access rules without Redis (the embedded default):
 * logout survives a restart (STATE_FILE), "log out everywhere" from the sessions CLI reaches a
 * running server, ALLOWED_HOSTS, and TRUST_PROXY (hop count refused on a public address, a list
 * believed only from the listed proxies).
 */
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request as httpRequest } from 'node:http';
import { ConfigError } from '../../server/config';
import { startProdServer, type ProdServer } from '../../server/prod';
import { runSessionsCli } from '../../server/sessions-cli';
import { API_PASSWORD, SESSION_SECRET, USER, captureLogs, client, leaks, startFakeErp, type FakeErp } from './helpers';

const logs = captureLogs();
let erp: FakeErp;
let dir = '';
const open: ProdServer[] = [];

function env(extra: Record<string, string> = {}) {
  // The mutabakat/tahsilat database is not what these tests are about (tests/gateway/mutabakat-*.test.ts): both off.
  return { ERP_BASE_URL: erp.url, ERP_API_PASSWORD: API_PASSWORD, SESSION_SECRET, SECURE_COOKIES: '0', MUTABAKAT: '0', TAHSILAT: '0', ...extra };
}
async function start(extra: Record<string, string> = {}, host = '127.0.0.1') {
  const s = await startProdServer({ distDir: join(dir, 'dist'), env: env(extra), cwd: dir, host, port: 0, gateway: { log: logs.sink }, print: logs.sink });
  open.push(s);
  return s;
}
async function stop(s: ProdServer) {
  open.splice(open.indexOf(s), 1);
  await s.close();
}
/** GET with an arbitrary Host header (fetch does not allow setting it). */
function getWithHost(url: string, path: string, host: string): Promise<number> {
  const u = new URL(url);
  return new Promise((ok, fail) => {
    httpRequest({ host: u.hostname, port: u.port, path, headers: { host } }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode ?? 0));
    })
      .on('error', fail)
      .end();
  });
}

beforeAll(async () => {
  erp = await startFakeErp();
  dir = mkdtempSync(join(tmpdir(), 'cari-access-'));
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>Cari</title>');
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.close()));
});
afterAll(async () => {
  await erp.close();
  rmSync(dir, { recursive: true, force: true });
  logs.restore();
  expect(logs.lines.filter((l) => leaks(l))).toEqual([]);
});

describe('logout is final (embedded default, no Redis)', () => {
  it('log in, log out, restart: the old cookie is still refused; a session that did not log out survives the restart', async () => {
    let server = await start();
    const leaving = client(server.url);
    const staying = client(server.url);
    expect((await leaving.login()).status).toBe(200);
    expect((await staying.login()).status).toBe(200);
    const old = leaving.jar.get('cari_session')!;
    expect((await leaving.call('/api/session', { method: 'DELETE' })).status).toBe(204);
    const replay = () => client(server.url).call('/api/erp/get_cari', { method: 'POST', json: {}, headers: { cookie: `cari_session=${old}` } });
    expect((await replay()).status).toBe(401);

    await stop(server);
    server = await start();
    expect((await replay()).status).toBe(401);
    const moved = client(server.url);
    for (const [k, v] of staying.jar) moved.jar.set(k, v);
    expect((await moved.erp('get_cari', {})).status).toBe(200);
    // the file holds ids, hashes and expiry times only
    const file = readFileSync(join(dir, '.cari-state', 'revoked.jsonl'), 'utf8');
    // (the logout's session id, and the "known" mark of the login: a hash of user + address)
    expect(file).toMatch(/^(\{"mark":"[\w-]{43}","until":\d+\}\n)?\{"sid":"[\w-]+","until":\d+\}\n$/);
  });

  it('"log out everywhere" from the sessions CLI reaches a running server within a second or two', async () => {
    const server = await start({ STATE_FILE: 'state/cli.jsonl' });
    const one = client(server.url);
    const two = client(server.url);
    expect((await one.login()).status).toBe(200);
    expect((await two.login()).status).toBe(200);
    const out: string[] = [];
    const code = await runSessionsCli(
      ['logout-all', USER.userName],
      env({ STATE_FILE: 'state/cli.jsonl' }),
      dir,
      (l) => out.push(l),
      (l) => out.push(l),
    );
    expect(code).toBe(0);
    expect(out[0]).toContain(`${USER.userName}: every session started before`);
    const started = Date.now();
    while ((await one.erp('get_cari', {})).status === 200) {
      expect(Date.now() - started).toBeLessThan(3000);
      await new Promise((ok) => setTimeout(ok, 100));
    }
    expect((await two.erp('get_cari', {})).status).toBe(401);
    await new Promise((ok) => setTimeout(ok, 5));
    const fresh = client(server.url);
    expect((await fresh.login()).status).toBe(200);
    expect((await fresh.erp('get_cari', {})).status).toBe(200);
  });

  it('the sessions CLI explains its usage and refuses without a shared state', async () => {
    const out: string[] = [];
    expect(
      await runSessionsCli(
        [],
        {},
        dir,
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(2);
    expect(out.pop()).toMatch(/usage: npm run sessions -- logout-all <user name>/);
    expect(
      await runSessionsCli(
        ['logout-all', 'ayse'],
        {},
        dir,
        (l) => out.push(l),
        (l) => out.push(l),
      ),
    ).toBe(1);
    expect(out.pop()).toMatch(/set REDIS_URL, or SESSION_SECRET \/ STATE_FILE/);
    expect(existsSync(join(dir, 'nothing'))).toBe(false);
  });
});

describe('ALLOWED_HOSTS', () => {
  it('unset: any Host is answered (as before)', async () => {
    const server = await start();
    expect(await getWithHost(server.url, '/', 'rebound.attacker.example')).toBe(200);
  });

  it('set: another Host gets 421 (DNS rebinding), the listed names are answered, health checks pass', async () => {
    const server = await start({ ALLOWED_HOSTS: 'cari.example.com.tr, localhost' });
    expect(await getWithHost(server.url, '/', 'rebound.attacker.example')).toBe(421);
    expect(await getWithHost(server.url, '/api/config', 'rebound.attacker.example:3000')).toBe(421);
    expect(await getWithHost(server.url, '/', 'CARI.example.com.tr')).toBe(200);
    expect(await getWithHost(server.url, '/', 'localhost:3000')).toBe(200);
    expect(await getWithHost(server.url, '/healthz', '10.1.2.3:3000')).toBe(200);
  });
});

describe('TRUST_PROXY', () => {
  it('a hop count on a public listen address is refused, naming the fix; on loopback it starts', async () => {
    const err = await start({ TRUST_PROXY: '1' }, '0.0.0.0').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/TRUST_PROXY=1 .*HOST=0\.0\.0\.0.*set TRUST_PROXY to the reverse proxy's address/);
    expect((await start({ TRUST_PROXY: '1' }, '127.0.0.1')).url).toMatch(/^http:/);
  });

  it('an unreadable entry is a configuration error', async () => {
    const err = await start({ TRUST_PROXY: '10.0.0.1, proxy.example' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toMatch(/TRUST_PROXY: "proxy.example" is not an IP address or CIDR/);
  });

  it('X-Forwarded-Proto counts only from a listed proxy (HSTS)', async () => {
    const listed = await start({ TRUST_PROXY: '127.0.0.1' }, '0.0.0.0');
    const viaProxy = await fetch(`${listed.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    const other = await start({ TRUST_PROXY: '10.0.0.0/8' }, '0.0.0.0');
    const direct = await fetch(`${other.url}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(direct.headers.get('strict-transport-security')).toBeNull();
  });
});
