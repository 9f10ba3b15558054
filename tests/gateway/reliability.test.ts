// @vitest shared-modules waits
/**
 * Issue 24 (1, 2): shared answers that never hang, callers who leave free the ERP, a bound on one
 * session's ERP calls, and a caller that stops reading is cut off. Real HTTP on 127.0.0.1: a gateway,
 * a recording fake ERP, and raw node:http callers that read slowly, stop reading, or leave.
 */
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { API_PASSWORD, client, cookieOf, gatewayHarness, rawCall } from './helpers';

const KB = 1024;
const MB = 1024 * KB;
const h = gatewayHarness();
const { logs, loggedIn } = h;

const getCariLogs = () => logs.lines.filter((l) => l.includes('"op":"get_cari"')).map((l) => JSON.parse(l) as Record<string, unknown>);
const sleep = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

/** What the fake ERP saw of one request: when it ended from the gateway's side. */
interface ErpSide {
  res: ServerResponse;
  closed: boolean;
  written: number;
}

/**
 * A caller over node:http that can read at full speed, slowly (a slow link: a few KiB every 50 ms),
 * not at all, or leave; `done` resolves with what it got and whether the connection was cut.
 */
function caller(base: string, cookie: string, json: unknown) {
  let res: IncomingMessage | undefined;
  const chunks: Buffer[] = [];
  let received = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  let status = 0;
  const req = httpRequest(`${base}/api/erp/get_cari`, {
    method: 'POST',
    agent: false,
    headers: { 'x-app-request': '1', 'content-type': 'application/json', 'accept-encoding': 'identity', cookie },
  });
  const done = new Promise<{ status: number; body: Buffer; cut: boolean }>((ok) => {
    let settled = false;
    const finish = (cut: boolean) => {
      if (settled) return;
      settled = true;
      clearInterval(timer);
      ok({ status, body: Buffer.concat(chunks), cut });
    };
    req.on('response', (r) => {
      res = r;
      status = r.statusCode ?? 0;
      r.on('data', (c: Buffer) => {
        chunks.push(c);
        received += c.length;
      });
      r.on('end', () => finish(false));
      r.on('close', () => finish(!r.complete));
      r.on('error', () => finish(true));
    });
    req.on('error', () => finish(true));
  });
  req.end(JSON.stringify(json));
  return {
    done,
    received: () => received,
    /** Reads ~`bytesPerTick` every 50 ms. */
    slow(bytesPerTick = 16 * KB) {
      clearInterval(timer);
      res?.pause();
      timer = setInterval(() => {
        if (!res) return;
        for (let got = 0; got < bytesPerTick;) {
          const c = res.read() as Buffer | null;
          if (!c) break;
          chunks.push(c);
          received += c.length;
          got += c.length;
        }
      }, 50);
    },
    /** Stops reading for good (a frozen tab, a client that never reads). */
    stall() {
      clearInterval(timer);
      res?.pause();
    },
    leave() {
      clearInterval(timer);
      req.destroy();
    },
    responded: () => !!res,
  };
}

/** JSON-looking filler of `bytes` bytes (one array of strings). */
function filler(bytes: number): Buffer {
  const row = '"Iğdır Gıda & Tarım A.Ş. — 1.234,56 TL",';
  const body = Buffer.alloc(bytes, ' ');
  body.write('[');
  const rowBytes = Buffer.byteLength(row);
  for (let at = 1; at + rowBytes < bytes - 4; at += rowBytes) body.write(row, at);
  body.write('""]', bytes - 3);
  return body;
}

/** Each request the fake ERP gets, seen from its side (closed by the gateway? how much written?); `answer` writes to it. */
function recordErpSides(answer: (side: ErpSide) => void = () => undefined): ErpSide[] {
  const sides: ErpSide[] = [];
  h.erp.handler = (res) => {
    const side: ErpSide = { res, closed: false, written: 0 };
    sides.push(side);
    res.on('close', () => (side.closed = true));
    answer(side);
  };
  return sides;
}

/** The ERP holds every get_cari until release(), then sends `body` in 64 KiB writes as fast as the socket takes them. */
function heldErp(body: Buffer) {
  let release!: () => void;
  const released = new Promise<void>((ok) => (release = ok));
  const sides = recordErpSides((side) => {
    const { res } = side;
    void released.then(() => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      const write = () => {
        while (side.written < body.length && !res.destroyed) {
          const chunk = body.subarray(side.written, side.written + 64 * KB);
          side.written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', write);
        }
        if (!res.destroyed) res.end();
      };
      write();
    });
  });
  return { release, sides };
}

describe('a shared answer keeps flowing for the callers who stay (finding 1)', () => {
  it('A reads slowly, B joins 0.2 s later; A closes the tab → B gets the whole answer at its own pace', async () => {
    const g = await loggedIn();
    const other = client(g.url);
    expect((await other.login()).status).toBe(200);
    const body = filler(30 * MB); // more than the loopback socket buffers hold, so A's slowness would show
    const { release, sides } = heldErp(body);
    const a = caller(g.url, cookieOf(g.jar), { firma_ismi: 'paylaşılan' });
    await vi.waitFor(() => expect(sides).toHaveLength(1));
    await sleep(200);
    const b = caller(g.url, cookieOf(other.jar), { firma_ismi: 'paylaşılan' });
    await sleep(200); // B has reached the gateway and joined A's request
    release();
    await vi.waitFor(() => expect(a.responded()).toBe(true));
    a.slow();
    await sleep(1000);
    a.leave();
    const got = await b.done;
    expect(got.status).toBe(200);
    expect(got.cut).toBe(false);
    expect(got.body.equals(body)).toBe(true);
    expect(sides).toHaveLength(1); // one ERP request for both
    await vi.waitFor(() => expect(getCariLogs()).toHaveLength(2));
    const lines = getCariLogs();
    expect(lines.filter((l) => l.status === 200 && !l.cut && !l.aborted)).toHaveLength(1);
    // A: left (499, aborted) — never cut because B was faster (issue 36: no more too_slow).
    const aLine = lines.find((l) => l.aborted === true || l.cut === true)!;
    expect(aLine).toMatchObject({ status: 499, aborted: true });
  }, 20_000);

  it('A stops reading altogether and never leaves → B still gets the whole answer; A is cut off, the ERP request ends', async () => {
    const g = await loggedIn({ clientStallMs: 1500 });
    const other = client(g.url);
    expect((await other.login()).status).toBe(200);
    const body = filler(40 * MB);
    const { release, sides } = heldErp(body);
    const a = caller(g.url, cookieOf(g.jar), { firma_ismi: 'donan' });
    await vi.waitFor(() => expect(sides).toHaveLength(1));
    const b = caller(g.url, cookieOf(other.jar), { firma_ismi: 'donan' });
    await sleep(300);
    release();
    await vi.waitFor(() => expect(a.responded()).toBe(true));
    a.stall();
    const started = performance.now();
    const got = await b.done;
    expect(got.status).toBe(200);
    expect(got.body.equals(body)).toBe(true);
    // B was not held until A's cut-off: the answer flowed at B's pace (well under the 1.5 s stall limit… and far under the ERP's 30 s).
    expect(performance.now() - started).toBeLessThan(10_000);
    // The ERP request has ended; A's connection is cut by the gateway for its own stall (no byte
    // taken for 1.5 s) — never because B was faster. A client that does not read does not notice until it reads again.
    await vi.waitFor(() => expect(sides[0]!.closed).toBe(true), { timeout: 5000 });
    await vi.waitFor(() => expect(getCariLogs()).toHaveLength(2), { timeout: 5000 });
    // In either order: A's stall cut may come before B's last byte on a loaded machine.
    const both = getCariLogs();
    const bLine = both.find((l) => l.coalesced === true);
    const aLine = both.find((l) => l !== bLine);
    expect(bLine).toMatchObject({ status: 200, bytes: body.length, coalesced: true });
    expect(aLine).toMatchObject({ status: 200, cut: true });
    expect(aLine!.error).toBe('client_stalled');
    a.leave();
    expect(a.received()).toBeLessThan(body.length);
  }, 20_000);
});

describe('callers who leave free the ERP (finding 2)', () => {
  it('the browser leaves before the ERP sent its headers → the ERP request is closed at once, logged once as aborted', async () => {
    const g = await loggedIn();
    const sides = recordErpSides(); // never answers
    const a = caller(g.url, cookieOf(g.jar), { firma_ismi: 'bekleyen' });
    await vi.waitFor(() => expect(sides).toHaveLength(1));
    await sleep(200);
    a.leave();
    // Without the tie to the browser the ERP request would live until the 30 s ERP time limit.
    await vi.waitFor(() => expect(sides[0]!.closed).toBe(true), { timeout: 2000 });
    await vi.waitFor(() => expect(getCariLogs()).toHaveLength(1));
    await sleep(200);
    expect(getCariLogs()).toEqual([expect.objectContaining({ status: 499, aborted: true })]);
  });

  it('the browser leaves after the first bytes but before 64 KiB (a 1 byte per 50 ms answer) → the ERP request is closed at once', async () => {
    const g = await loggedIn();
    const sides = recordErpSides((side) => {
      const { res } = side;
      res.writeHead(200, { 'content-type': 'text/plain' });
      const t = setInterval(() => {
        if (res.destroyed) return clearInterval(t);
        res.write('x');
        side.written++;
      }, 50);
    });
    const a = caller(g.url, cookieOf(g.jar), { firma_ismi: 'damla' });
    await vi.waitFor(() => expect(sides[0]?.written).toBeGreaterThan(4));
    a.leave();
    await vi.waitFor(() => expect(sides[0]!.closed).toBe(true), { timeout: 2000 });
    expect(sides[0]!.written).toBeLessThan(100);
  });

  it('one session has at most 6 ERP calls running; a 7th waits briefly, then gets 429 with a Turkish message and Retry-After; other sessions are not held', async () => {
    const g = await loggedIn({ sessionCalls: { waitMs: 600 } });
    const other = client(g.url);
    expect((await other.login()).status).toBe(200);
    h.erp.requests.length = 0;
    const open: ServerResponse[] = [];
    h.erp.handler = (res) => void open.push(res);
    const mine = Array.from({ length: 8 }, (_, i) => g.erp('get_cari', { firma_ismi: `ayrı-${i}` }));
    await vi.waitFor(() => expect(open).toHaveLength(6));
    const started = performance.now();
    // The 7th and 8th waited ~0.6 s for a free place, then were refused.
    const refused = await Promise.race([Promise.all([mine[6]!, mine[7]!]), sleep(3000).then(() => null)]);
    expect(refused).not.toBeNull();
    expect(performance.now() - started).toBeGreaterThan(400);
    for (const r of refused!) {
      expect(r.status).toBe(429);
      expect(r.headers.get('retry-after')).toBe('1');
      const { error } = (await r.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('rate_limited');
      expect(error.message).toContain('aynı anda çok fazla ERP isteği');
    }
    expect(open).toHaveLength(6); // the refused ones never reached the ERP
    // Another user's session is not held by this one.
    const theirs = other.erp('get_cari', { firma_ismi: 'başkası' });
    await vi.waitFor(() => expect(open).toHaveLength(7));
    for (const res of open) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    expect((await Promise.all(mine.slice(0, 6))).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await theirs).status).toBe(200);
  });

  it('a 7th call that finds a place within the wait is served', async () => {
    const g = await loggedIn({ sessionCalls: { waitMs: 3000 } });
    const open: ServerResponse[] = [];
    h.erp.handler = (res) => void open.push(res);
    const mine = Array.from({ length: 7 }, (_, i) => g.erp('get_cari', { firma_ismi: `sıra-${i}` }));
    await vi.waitFor(() => expect(open).toHaveLength(6));
    await sleep(200);
    expect(open).toHaveLength(6);
    open[0]!.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    await vi.waitFor(() => expect(open).toHaveLength(7));
    for (const res of open.slice(1)) res.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    expect((await Promise.all(mine)).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
  });

  it('a caller that stops reading is cut off after clientStallMs without progress; the ERP request ends with it', async () => {
    const g = await loggedIn({ clientStallMs: 1000 });
    const { release, sides } = heldErp(filler(40 * MB));
    release();
    const a = caller(g.url, cookieOf(g.jar), { firma_ismi: 'okumayan' });
    await vi.waitFor(() => expect(a.responded()).toBe(true));
    a.stall();
    const started = performance.now();
    await vi.waitFor(() => expect(sides[0]?.closed).toBe(true), { timeout: 6000 });
    expect(performance.now() - started).toBeGreaterThan(900);
    a.leave();
    expect(a.received()).toBeLessThan(40 * MB);
    expect(sides[0]!.written).toBeLessThan(40 * MB);
    await vi.waitFor(() => expect(getCariLogs()).toEqual([expect.objectContaining({ status: 200, cut: true, error: 'client_stalled' })]));
  }, 15_000);

  it('a slow ERP (silent for longer than clientStallMs while the caller waits) is not taken for a stalled caller', async () => {
    const g = await loggedIn({ clientStallMs: 300 });
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      setTimeout(() => res.end('1]'), 900);
    };
    const got = await rawCall(g.url, '/api/erp/get_cari', { json: {}, headers: { cookie: cookieOf(g.jar) } });
    expect(got.cut).toBe(false);
    expect(got.body.toString()).toBe('[1]');
  });
});

describe('the echo guard over real sockets (finding 5)', () => {
  /** Debug pages that print the request in forms the old guard let through (each built here by hand). */
  const pages: Array<[string, (url: string) => string]> = [
    ['double percent-encoded (%2540)', (url) => encodeURIComponent(url)],
    ['the password upper-cased', (url) => decodeURIComponent(url).toUpperCase()],
    ['the password lower-cased', (url) => decodeURIComponent(url).toLowerCase()],
    ['base64 of the query string', (url) => Buffer.from(url.slice(url.indexOf('?') + 1)).toString('base64')],
    ['base64url of password=<it>', () => Buffer.from(`password=${API_PASSWORD}`).toString('base64url')],
    ['hex of the password', () => Buffer.from(API_PASSWORD).toString('hex')],
    ['percent signs as &#37;', (url) => url.replace(/%/g, '&#37;')],
  ];

  it.each(pages)('a debug page with the request URL %s → 502 password_echo, the password nowhere in the answer', async (_name, write) => {
    const g = await loggedIn();
    h.erp.handler = (res, req) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body><pre>${write(req.url)}</pre></body></html>`);
    const res = await g.erp('get_cari', { firma_ismi: 'a' });
    const text = await res.text();
    expect(res.status).toBe(502);
    expect((JSON.parse(text) as { error: { code: string } }).error.code).toBe('upstream_http');
    expect(text.toLowerCase()).not.toContain(API_PASSWORD.toLowerCase());
    expect(getCariLogs().at(-1)).toMatchObject({ status: 502, error: 'password_echo' });
  });

  it('the same after the first 64 KiB (already streaming) → the answer is cut off before the echo', async () => {
    const g = await loggedIn();
    h.erp.handler = (res, req) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(Buffer.alloc(200 * KB, 'a'));
      res.end(encodeURIComponent(req.url));
    };
    const got = await rawCall(g.url, '/api/erp/get_cari', { json: {}, headers: { cookie: cookieOf(g.jar) } });
    expect(got.cut).toBe(true);
    expect(got.body.toString('latin1')).not.toContain('%25');
    await vi.waitFor(() => expect(getCariLogs().at(-1)).toMatchObject({ cut: true, error: 'password_echo' }));
  });
});

describe('the audit log when the caller leaves (finding 6)', () => {
  it('a caller that leaves mid-answer: exactly one line, "status": 499 and "aborted": true — not a 200, not two lines', async () => {
    const g = await loggedIn();
    const { release, sides } = heldErp(filler(8 * MB));
    release();
    const got = await rawCall(g.url, '/api/erp/get_cari', {
      json: { firma_ismi: 'yarım' },
      headers: { cookie: cookieOf(g.jar) },
      onData: (_c, received) => (received > 256 * KB ? 'leave' : undefined),
    });
    expect(got.cut).toBe(true);
    await vi.waitFor(() => expect(sides[0]?.closed).toBe(true));
    await sleep(300); // a second line would have been written by now
    const lines = getCariLogs();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: 499, aborted: true });
    expect(lines[0]).not.toHaveProperty('cut');
  });
});
