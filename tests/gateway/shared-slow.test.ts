/**
 * Issue 36 (2): a fast reader never cuts a slow reader's shared answer. Two users asking for the same
 * big answer share one ERP request; when the faster one ran more than 16 MiB ahead the slower one was
 * cut (`too_slow`) — the large demo's get_cari (17.3 MB) is already above that. Now the part the slow
 * caller still needs is kept (in memory up to a bound, then spooled to a temporary file) and it gets
 * the whole answer at its own pace. Real sockets: a gateway, a fake ERP sending 24 MB as fast as the
 * gateway reads, a fast caller and a caller reading at most 256 KiB every 50 ms (under 1 MB/s in practice).
 */
import { request as httpRequest } from 'node:http';
import { client, cookieOf, gatewayHarness } from './helpers';

const MB = 1024 * 1024;
const h = gatewayHarness();

/** JSON-looking filler of `bytes` bytes. */
function filler(bytes: number): Buffer {
  const row = '"Iğdır Gıda & Tarım A.Ş. — 1.234,56 TL",';
  const body = Buffer.alloc(bytes, ' ');
  body.write('[');
  const rowBytes = Buffer.byteLength(row);
  for (let at = 1; at + rowBytes < bytes - 4; at += rowBytes) body.write(row, at);
  body.write('""]', bytes - 3);
  return body;
}

/** A caller reading `perTick` bytes every 50 ms (Infinity: as fast as it can). */
function reader(base: string, cookie: string, perTick: number) {
  return new Promise<{ status: number; body: Buffer; cut: boolean; ms: number }>((ok) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    const req = httpRequest(`${base}/api/erp/get_cari`, {
      method: 'POST',
      agent: false,
      headers: { 'x-app-request': '1', 'content-type': 'application/json', 'accept-encoding': 'identity', cookie },
    });
    let settled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    req.on('response', (res) => {
      const finish = (cut: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), cut, ms: performance.now() - started });
      };
      res.on('end', () => finish(false));
      res.on('close', () => finish(!res.complete));
      res.on('error', () => finish(true));
      if (perTick === Infinity) {
        res.on('data', (c: Buffer) => chunks.push(c));
        return;
      }
      res.pause();
      timer = setInterval(() => {
        for (let got = 0; got < perTick; ) {
          const c = res.read() as Buffer | null;
          if (!c) break;
          chunks.push(c);
          got += c.length;
        }
        // 'end' fires only once the stream is read past its last byte.
        if (res.readableEnded === false && res.complete && res.readableLength === 0) res.read();
      }, 50);
    });
    req.on('error', () => ok({ status: 0, body: Buffer.concat(chunks), cut: true, ms: performance.now() - started }));
    req.end(JSON.stringify({ firma_ismi: 'paylaşılan' }));
  });
}

/** The fake ERP holds the answer until release(), then sends it as fast as the gateway reads. */
function heldAnswer(body: Buffer) {
  let requests = 0;
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  h.erp.users = { mehmet: 'Mehmet 2026!' };
  h.erp.handler = (res) => {
    requests++;
    void released.then(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      let at = 0;
      const write = () => {
        while (at < body.length && !res.destroyed) {
          const chunk = body.subarray(at, at + 64 * 1024);
          at += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        if (!res.destroyed) res.end();
      };
      write();
    });
  };
  return { release, requests: () => requests };
}

/** A slow caller (≈ 5 MB/s) and, once it is waiting, a fast one for the same answer, from two users. */
async function slowAndFast(body: Buffer) {
  const erp = heldAnswer(body);
  const g = await h.loggedIn();
  const other = client(g.url);
  expect((await other.login('mehmet', 'Mehmet 2026!')).status).toBe(200);
  const slow = reader(g.url, cookieOf(g.jar), 256 * 1024);
  await vi.waitFor(() => expect(erp.requests()).toBe(1));
  const fast = reader(g.url, cookieOf(other.jar), Infinity);
  await new Promise((ok) => setTimeout(ok, 300)); // the fast caller has joined the request
  erp.release();
  const [f, s] = await Promise.all([fast, slow]);
  expect(erp.requests()).toBe(1);
  return { f, s };
}

describe('two users share one big answer at very different speeds', () => {
  it('the slow one gets the whole 24 MB answer (not cut when the fast one is 16 MiB ahead); one ERP request', async () => {
    const body = filler(24 * MB);
    const { f, s } = await slowAndFast(body);
    expect(f.status).toBe(200);
    expect(f.cut).toBe(false);
    expect(f.body.equals(body)).toBe(true);
    expect(s.status).toBe(200);
    expect(s.cut).toBe(false);
    expect(s.body.length).toBe(body.length);
    expect(s.body.equals(body)).toBe(true);
    // The fast one was not held to the slow one's pace: done well before it.
    expect(f.ms).toBeLessThan(s.ms / 2);
    await vi.waitFor(() => expect(h.logs.lines.filter((l) => l.includes('"op":"get_cari"'))).toHaveLength(2));
    expect(h.logs.lines.filter((l) => l.includes('too_slow'))).toEqual([]);
  }, 90_000); // the slow reader takes ≈ 25 s on a loaded 2-core machine (what it can take per 50 ms tick)

  it('when the spool cannot be written (no temporary directory), only the slow one is cut — plainly — and the fast one is whole', async () => {
    const body = filler(12 * MB);
    const tmp = process.env.TMPDIR;
    process.env.TMPDIR = '/nonexistent/cari-spool-test';
    try {
      const { f, s } = await slowAndFast(body);
      expect(f.cut).toBe(false);
      expect(f.body.equals(body)).toBe(true);
      expect(s.cut).toBe(true);
      expect(s.body.length).toBeLessThan(body.length);
    } finally {
      if (tmp === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = tmp;
    }
    await vi.waitFor(() => expect(h.logs.lines.filter((l) => l.includes('"op":"get_cari"'))).toHaveLength(2));
    expect(h.logs.lines.filter((l) => l.includes('"op":"get_cari"')).some((l) => l.includes('"cut"'))).toBe(true);
  }, 40_000);
});
