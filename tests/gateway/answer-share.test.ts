// @vitest shared-modules
/**
 * Compressed and shared ERP answers (issue 10): every /api answer compressed as the browser accepts
 * (br, else gzip, none when neither; tiny bodies as they are) with the same bytes after decoding, and
 * identical calls in flight answered by one ERP request. Real HTTP on 127.0.0.1, a recording fake ERP.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { bigAnswer, client, cookieOf, gatewayHarness, rawCall } from './helpers';

const h = gatewayHarness();
const { logs } = h;

async function loggedIn() {
  const g = await h.loggedIn();
  const post = (json: unknown, headers: Record<string, string> = {}, onData?: NonNullable<Parameters<typeof rawCall>[2]>['onData']) =>
    rawCall(g.url, '/api/erp/get_cari', { json, headers: { cookie: cookieOf(g.jar), ...headers }, onData });
  return { ...g, post };
}

const erpCalls = () => h.erp.requests.filter((r) => r.path.endsWith('/get_cari')).length;
const getCariLogs = () => logs.lines.filter((l) => l.includes('"op":"get_cari"')).map((l) => JSON.parse(l) as Record<string, unknown>);

describe('compressed answers', () => {
  it('br when offered, gzip when only gzip is, none otherwise — the same bytes after decoding', async () => {
    const g = await loggedIn();
    h.erp.answer = bigAnswer(3000); // ≈ 300 KB of account rows
    const raw = Buffer.from(h.erp.answer, 'utf8');
    const cases: Array<[string, string | undefined, (b: Buffer) => Buffer]> = [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
      ['br;q=0, gzip', 'gzip', gunzipSync],
      ['identity', undefined, (b) => b],
    ];
    for (const [accept, encoding, decode] of cases) {
      const res = await g.post({ firma_ismi: 'a' }, { 'accept-encoding': accept });
      expect({ accept, status: res.status, encoding: res.headers['content-encoding'] }).toEqual({ accept, status: 200, encoding });
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(res.body).equals(raw)).toBe(true);
      if (encoding) expect(res.body.length).toBeLessThan(raw.length / 4); // repetitive JSON compresses well over 4:1
    }
    const lines = getCariLogs();
    expect(lines[0]).toMatchObject({ bytes: raw.length, encoding: 'br', wireBytes: lines[0]!.wireBytes });
    expect(lines[0]!.wireBytes).toBeLessThan(raw.length / 4);
    expect(lines[3]).toMatchObject({ bytes: raw.length });
    expect(lines[3]).not.toHaveProperty('encoding');
  });

  it('tiny answers (under 1 KiB) go out as they are', async () => {
    const g = await loggedIn();
    const res = await g.post({ firma_ismi: 'a' }, { 'accept-encoding': 'gzip, br' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toBe(h.erp.answer);
  });
});

describe('identical calls in flight', () => {
  /** The ERP holds every get_cari until release(), then sends `body` in 16 KiB writes. */
  function heldErp(body: Buffer) {
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    h.erp.handler = (res: ServerResponse) => {
      void released.then(async () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        for (let i = 0; i < body.length; i += 16 * 1024) {
          if (res.destroyed) return;
          res.write(body.subarray(i, i + 16 * 1024));
          await new Promise((ok) => setImmediate(ok));
        }
        res.end();
      });
    };
    return release;
  }

  it('20 concurrent identical calls (4 sessions × 5) → 1 ERP request and 20 identical answers; a caller without a session is refused', async () => {
    const g = await loggedIn();
    const others = [client(g.url), client(g.url), client(g.url)];
    for (const o of others) expect((await o.login()).status).toBe(200);
    const sessions = [g.jar, ...others.map((o) => o.jar)];
    h.erp.requests.length = 0;
    const body = Buffer.from(bigAnswer(4000), 'utf8');
    const release = heldErp(body);
    const calls = Array.from({ length: 20 }, (_, i) => g.post({ firma_ismi: 'ığdır' }, { cookie: cookieOf(sessions[i % 4]!) }));
    const stranger = rawCall(g.url, '/api/erp/get_cari', { json: { firma_ismi: 'ığdır' } });
    await vi.waitFor(() => expect(erpCalls()).toBe(1));
    await new Promise((ok) => setTimeout(ok, 400)); // every call has reached the gateway by now
    release();
    const answers = await Promise.all(calls);
    expect(erpCalls()).toBe(1);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.equals(body)).toBe(true);
    }
    expect((await stranger).status).toBe(401);
    const lines = getCariLogs().filter((l) => l.status === 200);
    expect(lines).toHaveLength(20);
    expect(lines.filter((l) => l.coalesced === true)).toHaveLength(19);
  });

  it('different parameters → separate ERP requests; after an answer completes, the next call asks the ERP again', async () => {
    const g = await loggedIn();
    const release = heldErp(Buffer.from(bigAnswer(100)));
    const calls = ['a', 'b', 'c'].map((firma_ismi) => g.post({ firma_ismi }));
    await vi.waitFor(() => expect(erpCalls()).toBe(3));
    release();
    expect((await Promise.all(calls)).map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await g.post({ firma_ismi: 'a' })).status).toBe(200);
    expect(erpCalls()).toBe(4);
  });

  it('a failing ERP request fails every caller that shared it, and is not remembered', async () => {
    const g = await loggedIn();
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    h.erp.handler = (res) => void released.then(() => res.writeHead(500, { 'content-type': 'text/html' }).end('<html>Error</html>'));
    const calls = Array.from({ length: 5 }, () => g.post({ firma_ismi: 'z' }));
    await vi.waitFor(() => expect(erpCalls()).toBe(1));
    await new Promise((ok) => setTimeout(ok, 300));
    release();
    const answers = await Promise.all(calls);
    expect(answers.map((a) => a.status)).toEqual([502, 502, 502, 502, 502]);
    expect(answers.map((a) => (JSON.parse(a.body.toString()) as { error: { upstreamStatus: number } }).error.upstreamStatus)).toEqual([
      500, 500, 500, 500, 500,
    ]);
    expect(erpCalls()).toBe(1);
    h.erp.handler = undefined;
    expect((await g.post({ firma_ismi: 'z' })).status).toBe(200);
    expect(erpCalls()).toBe(2);
  });

  it('a caller that goes away mid-answer does not break the others', async () => {
    const g = await loggedIn();
    const body = Buffer.from(bigAnswer(20000), 'utf8'); // ≈ 2 MB
    const release = heldErp(body);
    const leaver = g.post({ firma_ismi: 'x' }, {}, (_c, received) => (received > 100_000 ? 'leave' : undefined));
    const stayers = Array.from({ length: 4 }, () => g.post({ firma_ismi: 'x' }));
    await vi.waitFor(() => expect(erpCalls()).toBe(1));
    await new Promise((ok) => setTimeout(ok, 300));
    release();
    expect((await leaver).cut).toBe(true);
    for (const a of await Promise.all(stayers)) {
      expect(a.cut).toBe(false);
      expect(a.body.equals(body)).toBe(true);
    }
    expect(erpCalls()).toBe(1);
  });
});
