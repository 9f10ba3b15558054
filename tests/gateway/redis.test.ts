// @vitest shared-modules
/**
 * Two gateway instances sharing SESSION_SECRET and one real Redis (REDIS_URL): sessions, logouts
 * and login limits hold across both; Redis down → logins and data requests refused with a plain
 * message (no stack, no connection string), /readyz says so; Redis back → everything works again.
 * Instance A is createGateway with a RedisStore; instance B is the production server started from
 * the environment (REDIS_URL), so the configuration path is tested too.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProdServer, type ProdServer } from '../../server/prod';
import { runSessionsCli } from '../../server/sessions-cli';
import { RedisStore } from '../../server/gateway/state-redis';
import { API_PASSWORD, SESSION_SECRET, USER, captureLogs, client, leaks, serveGateway, startFakeErp, type FakeErp, type Served } from './helpers';
import { startRedis, type TestRedis } from './redis-harness';

const logs = captureLogs();
let redis: TestRedis;
let erp: FakeErp;
let storeA: RedisStore;
let a: Served;
let b: ProdServer;
let dist = '';

const getUserCalls = () => erp.requests.filter((r) => r.path.endsWith('/get_user')).length;
/** Nothing secret in a text: neither the API password nor the Redis password or URL. */
const secretFree = (text: string) =>
  !leaks(text) && !text.includes(redis.password) && !text.includes(encodeURIComponent(redis.password)) && !text.includes(`:${redis.port}`);

async function waitFor(check: () => Promise<boolean>, ms = 8000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error('condition not met in time');
    await new Promise((ok) => setTimeout(ok, 50));
  }
}

beforeAll(async () => {
  redis = await startRedis();
  erp = await startFakeErp();
  dist = mkdtempSync(join(tmpdir(), 'cari-redis-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Cari</title>');
  storeA = new RedisStore({ url: redis.url, log: logs.sink });
  await storeA.ready();
  a = await serveGateway({ erpBaseUrl: erp.url, erpApiPassword: API_PASSWORD, sessionSecret: SESSION_SECRET, log: logs.sink, store: storeA });
  b = await startProdServer({
    distDir: dist,
    cwd: dist,
    env: { ERP_BASE_URL: erp.url, ERP_API_PASSWORD: API_PASSWORD, SESSION_SECRET, SECURE_COOKIES: '0', REDIS_URL: redis.url, MUTABAKAT: '0', TAHSILAT: '0' },
    host: '127.0.0.1',
    port: 0,
    gateway: { log: logs.sink },
    print: logs.sink,
  });
  await waitFor(async () => (await fetch(`${b.url}/readyz`)).status === 200);
});

afterAll(async () => {
  await a?.close();
  await b?.close();
  await storeA?.close();
  await erp?.close();
  await redis?.kill();
  rmSync(dist, { recursive: true, force: true });
  logs.restore();
  expect(logs.lines.filter((l) => !secretFree(l))).toEqual([]);
});

beforeEach(() => {
  erp.requests.length = 0;
  erp.loginDelayMs = 0;
});

/** A client logged in on A whose cookie jar is then used against B. */
async function loggedInOnA(userName = USER.userName, password = USER.password) {
  const onA = client(a.url);
  expect((await onA.login(userName, password)).status).toBe(200);
  const onB = client(b.url);
  for (const [k, v] of onA.jar) onB.jar.set(k, v);
  return { onA, onB };
}

describe('two instances, one Redis', () => {
  it('a session made on A works on B; a logout on A is refused on B at once', async () => {
    const { onA, onB } = await loggedInOnA();
    const cookie = onA.jar.get('cari_session')!;
    expect((await onB.erp('get_cari', { firma_ismi: 'ığdır' })).status).toBe(200);
    expect((await onA.call('/api/session', { method: 'DELETE' })).status).toBe(204);
    const res = await onB.call('/api/erp/get_cari', { method: 'POST', json: {}, headers: { cookie: `cari_session=${cookie}` } });
    expect(res.status).toBe(401);
    expect(erp.requests.filter((r) => r.path.endsWith('/get_cari'))).toHaveLength(1);
  });

  it('3 wrong passwords on A and 3 on B for the same user: the 6th is refused (429) on both, the ERP saw 5', async () => {
    const onA = client(a.url);
    const onB = client(b.url);
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await onA.login('mehmet', `yanlis-a${i}`)).status);
    for (let i = 0; i < 3; i++) statuses.push((await onB.login('mehmet', `yanlis-b${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const onA2 = await onA.login('mehmet', 'yanlis-a3');
    expect(onA2.status).toBe(429);
    expect(Number(onA2.headers.get('retry-after'))).toBeGreaterThan(20);
    expect(getUserCalls()).toBe(5);
  });

  it('parallel guesses split across A and B: exactly 5 reach the ERP', async () => {
    erp.loginDelayMs = 150;
    const onA = client(a.url);
    const onB = client(b.url);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? onA : onB).login('zeynep', `paralel${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(getUserCalls()).toBe(5);
  });

  it('"log out everywhere" (npm run sessions -- logout-all) ends the user\'s sessions on both instances; a new login works', async () => {
    const first = await loggedInOnA();
    const second = await loggedInOnA();
    const out: string[] = [];
    const code = await runSessionsCli(
      ['logout-all', 'AYSE'],
      { REDIS_URL: redis.url, SESSION_SECRET },
      dist,
      (l) => out.push(l),
      (l) => out.push(l),
    );
    expect(code).toBe(0);
    expect(out.join('\n')).toMatch(/AYSE: every session started before .* is logged out \(Redis\)/);
    expect(out.every(secretFree)).toBe(true);
    expect((await first.onA.erp('get_cari', {})).status).toBe(401);
    expect((await second.onB.erp('get_cari', {})).status).toBe(401);
    await new Promise((ok) => setTimeout(ok, 5)); // a new session is created after the cut-off
    const again = await loggedInOnA();
    expect((await again.onB.erp('get_cari', {})).status).toBe(200);
  });
});

describe('Redis down, and back', () => {
  it('logins and data requests are refused with a plain message (no stack, no connection string); /readyz says redis: unreachable; all works again when Redis is back', async () => {
    const { onA, onB } = await loggedInOnA();
    await redis.kill();
    await waitFor(async () => (await fetch(`${b.url}/readyz`)).status === 503);
    const ready = await fetch(`${b.url}/readyz`);
    const readyText = await ready.text();
    expect(JSON.parse(readyText)).toEqual({ ok: false, erp: 'ok', redis: 'unreachable' });

    const asked = getUserCalls();
    for (const g of [client(a.url), client(b.url)]) {
      const res = await g.login();
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text).error).toEqual({
        code: 'store_unavailable',
        message: 'Oturum deposuna (Redis) şu anda ulaşılamıyor: giriş ve oturum denetimi yapılamıyor. Lütfen biraz sonra tekrar deneyin.',
      });
      expect(secretFree(text + readyText)).toBe(true);
      expect(text).not.toMatch(/at .*\.ts|Error:/);
    }
    expect(getUserCalls()).toBe(asked); // the ERP is not asked while the limit cannot be counted
    // a valid session is not served while its logout cannot be checked — and not thrown away either
    for (const g of [onA, onB]) {
      const res = await g.erp('get_cari', {});
      expect(res.status).toBe(503);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    expect(erp.requests.filter((r) => r.path.endsWith('/get_cari'))).toHaveLength(0);

    await redis.start();
    await waitFor(async () => (await fetch(`${b.url}/readyz`)).status === 200);
    await waitFor(async () => (await onA.erp('get_cari', {})).status === 200);
    expect((await onB.erp('get_cari', {})).status).toBe(200);
    expect((await client(b.url).login()).status).toBe(200);
    // one line when Redis went away, one when it came back — each naming the event, not the URL
    expect(logs.lines.some((l) => l.includes('"event":"redis_unreachable"'))).toBe(true);
    expect(logs.lines.some((l) => l.includes('"event":"redis_ready"'))).toBe(true);
  });
});
