// @vitest shared-modules
/**
 * Issue 36 (8, SIGTERM): stopping the production server lets answers in flight finish for a few
 * seconds, then cuts what is left — and every cut answer still gets its audit line, plus one line
 * saying how many were cut. `shutdown()` is what SIGTERM/SIGINT call (server/prod.ts). Real sockets.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProdServer } from '../../server/prod';
import { API_PASSWORD, SESSION_SECRET, captureLogs, client, cookieOf, rawCall, startFakeErp, type FakeErp } from './helpers';

const logs = captureLogs();
let dist = '';
let erp: FakeErp;

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'i36-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
});
beforeEach(async () => {
  erp = await startFakeErp();
  logs.lines.length = 0;
});
afterEach(async () => erp.close());
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  logs.restore();
});

async function start() {
  // The ERP answer's drain is under test: no mutabakat/tahsilat database (as in prod-server.test.ts).
  const env = { ERP_BASE_URL: erp.url, ERP_API_PASSWORD: API_PASSWORD, SESSION_SECRET, SECURE_COOKIES: '0', MUTABAKAT: '0', TAHSILAT: '0' };
  const server = await startProdServer({ distDir: dist, env, cwd: dist, host: '127.0.0.1', port: 0, gateway: { log: logs.sink }, print: logs.sink });
  const c = client(server.url);
  expect((await c.login()).status).toBe(200);
  return { server, cookie: cookieOf(c.jar) };
}

const cariLines = () => logs.lines.filter((l) => l.includes('"op":"get_cari"')).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('shutdown (SIGTERM)', () => {
  it('an answer still streaming when the stop comes is finished whole (within the drain time) and logged as a 200', async () => {
    const { server, cookie } = await start();
    // The first write is past the held-back head (64 KiB): the 200 and bytes are out before the stop.
    const parts = ['["' + 'a'.repeat(70 * 1024), 'b', 'c', 'd', 'e"]'];
    erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      parts.forEach((p, i) => setTimeout(() => (i === parts.length - 1 ? res.end(p) : res.write(p)), i * 250));
    };
    let stopping: Promise<void> | undefined;
    const answer = await rawCall(server.url, '/api/erp/get_cari', {
      headers: { cookie },
      json: { firma_ismi: '' },
      onData: () => {
        stopping ??= server.shutdown(3000);
      },
    });
    await stopping;
    expect(answer.cut).toBe(false);
    expect(answer.body.toString()).toBe('["' + 'a'.repeat(70 * 1024) + 'bcde"]');
    expect(cariLines()).toMatchObject([{ status: 200 }]);
  });

  it('an answer longer than the drain time is cut after it — and logged, with a line saying one answer was cut', async () => {
    const { server, cookie } = await start();
    erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('["' + 'x'.repeat(70 * 1024)); // past the held-back head: the 200 is out; then nothing more
    };
    let stopping: Promise<void> | undefined;
    const began = performance.now();
    const answer = await rawCall(server.url, '/api/erp/get_cari', {
      headers: { cookie },
      json: { firma_ismi: '' },
      onData: () => {
        stopping ??= server.shutdown(400);
      },
    });
    await stopping;
    expect(answer.cut).toBe(true);
    expect(performance.now() - began).toBeGreaterThanOrEqual(390);
    expect(cariLines()).toHaveLength(1);
    expect(
      logs.lines
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .find((l) => l.event === 'shutdown'),
    ).toEqual({
      event: 'shutdown',
      drainMs: 400,
      cut: 1,
    });
  });
});
