// @vitest shared-modules waits
/**
 * Issue 36 (2): a fast reader never cuts a slow reader's shared answer. Two users asking for the same
 * big answer share one ERP request; when the faster one ran more than 16 MiB ahead the slower one was
 * cut (`too_slow`) — the large demo's get_cari (17.3 MB) is already above that. Now the part the slow
 * caller still needs is kept (in memory up to a bound, then spooled to a temporary file) and it gets
 * the whole answer at its own pace. Real sockets: a gateway, a fake ERP sending 24 MB as fast as the
 * gateway reads, a fast caller and a slow one that takes one chunk every 50 ms (a few hundred KB/s)
 * until the fast one has its whole answer — the fast one is then more than 16 MiB ahead, which is
 * checked — and the rest as fast as it can (waiting out 24 MB at the slow pace took half a minute).
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

/**
 * A caller: `slowUntil` unset, as fast as it can; set, one chunk every 50 ms until that promise settles
 * (or 20 s have passed), then as fast as it can; the answer bytes it had taken
 * at that moment (`takenAtSwitch`).
 */
function reader(base: string, cookie: string, slowUntil?: Promise<unknown>) {
  return new Promise<{ status: number; body: Buffer; cut: boolean; ms: number; takenAtSwitch: number }>((ok) => {
    const started = performance.now();
    const chunks: Buffer[] = [];
    let taken = 0;
    let takenAtSwitch = -1;
    const req = httpRequest(`${base}/api/erp/get_cari`, {
      method: 'POST',
      agent: false,
      headers: { 'x-app-request': '1', 'content-type': 'application/json', 'accept-encoding': 'identity', cookie },
    });
    let settled = false;
    let timer: ReturnType<typeof setInterval> | undefined;
    req.on('response', (res) => {
      const take = (c: Buffer) => {
        chunks.push(c);
        taken += c.length;
      };
      const finish = (cut: boolean) => {
        if (settled) return;
        settled = true;
        clearInterval(timer);
        ok({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), cut, ms: performance.now() - started, takenAtSwitch });
      };
      res.on('end', () => finish(false));
      res.on('close', () => finish(!res.complete));
      res.on('error', () => finish(true));
      const fast = () => {
        if (settled || takenAtSwitch >= 0) return;
        takenAtSwitch = taken;
        clearInterval(timer);
        res.on('data', take);
        res.resume();
      };
      if (!slowUntil) return fast();
      res.pause();
      timer = setInterval(() => {
        const c = res.read() as Buffer | null;
        if (c) take(c);
        // 'end' fires only once the stream is read past its last byte.
        if (res.readableEnded === false && res.complete && res.readableLength === 0) res.read();
      }, 50);
      void Promise.race([slowUntil.catch(() => undefined), new Promise((later) => setTimeout(later, 20_000))]).then(fast);
    });
    req.on('error', () => ok({ status: 0, body: Buffer.concat(chunks), cut: true, ms: performance.now() - started, takenAtSwitch }));
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

/** A slow caller and, once it is waiting, a fast one for the same answer, from two users. */
async function slowAndFast(body: Buffer) {
  const erp = heldAnswer(body);
  const g = await h.loggedIn();
  const other = client(g.url);
  expect((await other.login('mehmet', 'Mehmet 2026!')).status).toBe(200);
  let fastDone!: (v: unknown) => void;
  const slow = reader(g.url, cookieOf(g.jar), new Promise((done) => (fastDone = done)));
  await vi.waitFor(() => expect(erp.requests()).toBe(1));
  const fast = reader(g.url, cookieOf(other.jar));
  void fast.then(fastDone);
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
    // The fast one was not held to the slow one's pace: when it had the whole answer, the slow one had
    // taken less than 24 MB − 16 MiB (past the old cut, and past the 4 MiB kept in memory: spooled).
    expect(s.takenAtSwitch).toBeGreaterThanOrEqual(0);
    expect(s.takenAtSwitch).toBeLessThan(body.length - 16 * MB);
    await vi.waitFor(() => expect(h.logs.lines.filter((l) => l.includes('"op":"get_cari"'))).toHaveLength(2));
    expect(h.logs.lines.filter((l) => l.includes('too_slow'))).toEqual([]);
  }, 60_000);

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
