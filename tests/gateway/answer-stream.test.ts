// @vitest shared-modules
/**
 * The ERP answer on its way to the browser (issues 14, 15): streamed (first bytes before the ERP has
 * finished), bounded by ERP_MAX_ANSWER_MB (the ERP connection is closed, the browser's read fails, the
 * gateway keeps serving), and never carrying the API password — also when the echo comes late in
 * the stream or is split across the ERP's writes. Real HTTP on 127.0.0.1, a recording fake ERP.
 */
import type { ServerResponse } from 'node:http';
import type { GatewayConfig } from '../../server/gateway/index';
import { createApiClient, setApiClient } from '../../src/api/client';
import { fetchErp } from '../../src/api/erp-call';
import { accountListCall } from '../../src/contract/erp';
import { AnswerCutError } from '../../src/domain/errors';
import { t } from '../../src/i18n';
import { API_PASSWORD, client, cookieOf, gatewayHarness, leaks, rawCall } from './helpers';

const KB = 1024;
const MB = 1024 * KB;
const h = gatewayHarness();
const { logs } = h;

afterEach(() => setApiClient());

async function loggedIn(overrides: Partial<GatewayConfig> = {}) {
  const g = await h.loggedIn(overrides);
  return {
    ...g,
    post: (options: Parameters<typeof rawCall>[2] = {}) =>
      rawCall(g.url, '/api/erp/get_cari', { json: { firma_ismi: 'a' }, ...options, headers: { cookie: cookieOf(g.jar), ...options.headers } }),
  };
}

/** Streams `total` bytes of filler in 64 KiB writes as fast as the socket takes them; records how far it got. */
function streamFiller(total: number, seen: { written: number; closedEarly: boolean }, headers: Record<string, string> = {}) {
  return (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'text/plain; charset=utf-8', ...headers });
    const chunk = Buffer.alloc(64 * KB, 'a');
    res.on('close', () => {
      seen.closedEarly = seen.written < total;
    });
    const write = () => {
      while (seen.written < total && !res.destroyed) {
        seen.written += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', write);
      }
      if (!res.destroyed) res.end();
    };
    write();
  };
}

const lastLog = () => JSON.parse(logs.lines.filter((l) => l.includes('"op":"get_cari"')).at(-1)!) as Record<string, unknown>;

describe('streamed answers', () => {
  it('the browser gets the first bytes while the ERP is still sending the answer', async () => {
    const g = await loggedIn();
    let release!: () => void;
    const released = new Promise<void>((ok) => (release = ok));
    let erpFinished = false;
    const first = Buffer.alloc(200 * KB, 'x');
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(first);
      void released.then(() => {
        erpFinished = true;
        res.end('END');
      });
    };
    let finishedAtFirstByte: boolean | undefined;
    const answer = await g.post({
      onData: () => {
        if (finishedAtFirstByte === undefined) {
          finishedAtFirstByte = erpFinished;
          release();
        }
      },
    });
    expect(finishedAtFirstByte).toBe(false);
    expect(answer.status).toBe(200);
    expect(answer.cut).toBe(false);
    expect(answer.body.equals(Buffer.concat([first, Buffer.from('END')]))).toBe(true);
  });

  it('past ERP_MAX_ANSWER_MB the gateway stops reading, the browser read fails, the gateway keeps serving', async () => {
    const g = await loggedIn({ maxAnswerBytes: 1 * MB });
    const seen = { written: 0, closedEarly: false };
    h.erp.handler = streamFiller(40 * MB, seen);
    const answer = await g.post();
    expect(answer.status).toBe(200); // committed after the first 64 KiB were checked
    expect(answer.cut).toBe(true);
    expect(answer.body.length).toBeLessThanOrEqual(1 * MB);
    await vi.waitFor(() => expect(seen.closedEarly).toBe(true));
    expect(seen.written).toBeLessThan(40 * MB); // not read to the end: the ERP connection was closed
    expect(lastLog()).toMatchObject({ op: 'get_cari', status: 200, cut: true, error: 'answer_too_large' });
    h.erp.handler = undefined;
    const next = await g.erp('get_cari', { firma_ismi: 'a' });
    expect(next.status).toBe(200);
    expect(await next.text()).toBe(h.erp.answer);
  });

  it('over the limit within the first 64 KiB, or announced too large by Content-Length → 502 upstream_too_large', async () => {
    const g = await loggedIn({ maxAnswerBytes: 10 * KB });
    h.erp.answer = 'b'.repeat(30 * KB);
    const early = await g.erp('get_cari', { firma_ismi: 'a' });
    expect(early.status).toBe(502);
    expect(((await early.json()) as { error: { code: string } }).error.code).toBe('upstream_too_large');
    const seen = { written: 0, closedEarly: false };
    h.erp.handler = streamFiller(5 * MB, seen, { 'content-length': String(5 * MB) });
    const announced = await g.erp('get_cari', { firma_ismi: 'a' });
    expect(announced.status).toBe(502);
    expect(((await announced.json()) as { error: { code: string } }).error.code).toBe('upstream_too_large');
  });

  it('the password echoed after the first 64 KiB, split across two ERP writes: cut off, never delivered', async () => {
    const g = await loggedIn();
    const echo = Buffer.from(JSON.stringify({ url: `/wex.cfm/mobiusmus/get_cari?password=${API_PASSWORD}` }).replace(/\//g, '\\/'));
    const at = Math.floor(echo.length / 2);
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(Buffer.alloc(300 * KB, ' '));
      res.write(echo.subarray(0, at));
      setTimeout(() => res.end(Buffer.concat([echo.subarray(at), Buffer.alloc(100 * KB, ' ')])), 30);
    };
    const answer = await g.post();
    expect(answer.cut).toBe(true);
    expect(leaks(answer.body.toString('latin1'))).toBe(false);
    // Not even the first half: the bytes that could start a match are held back until the next write is checked.
    expect(answer.body.includes(Buffer.from(API_PASSWORD.slice(0, 4)))).toBe(false);
    expect(lastLog()).toMatchObject({ cut: true, error: 'password_echo' });
    expect(logs.lines.some((l) => leaks(l))).toBe(false);
  });
});

describe('the login call', () => {
  it('an ERP login answer echoing the password HTML-escaped (& → &amp;) → 502, the message never shown', async () => {
    const s = await h.gateway();
    const escaped = API_PASSWORD.replace(/&/g, '&amp;');
    expect(escaped).not.toBe(API_PASSWORD); // the test password holds an "&"
    h.erp.loginFail = JSON.stringify({ status: false, data: `Hatalı giriş. İstek: get_user?password=${escaped}` });
    const res = await client(s.url).login('ayse', 'yanlış');
    const text = await res.text();
    expect(res.status).toBe(502);
    expect(text).not.toContain(escaped);
    expect(leaks(text)).toBe(false);
  });
});

describe('the browser client', () => {
  async function browserClient(overrides: Partial<GatewayConfig>) {
    const g = await loggedIn(overrides);
    const withCookie: typeof fetch = (input, init) => {
      const req = new Request(input as RequestInfo, init);
      req.headers.set('cookie', cookieOf(g.jar));
      return fetch(req);
    };
    return createApiClient({ prefixUrl: `${g.url}/api`, fetch: withCookie, timeout: 20_000 });
  }

  it('an answer cut off mid-stream → a plain Turkish message, never a partial list or a parse error', async () => {
    const api = await browserClient({ maxAnswerBytes: 1 * MB });
    h.erp.handler = streamFiller(20 * MB, { written: 0, closedEarly: false });
    setApiClient(api);
    const error = await fetchErp(accountListCall('a')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnswerCutError);
    expect((error as AnswerCutError).userMessage).toBe(t('common.error.answerCut'));
    expect((error as AnswerCutError).userMessage).toMatch(/yarıda kesildi/);
  });

  it('an answer refused as too large before it started → the "too large, narrow the search" message', async () => {
    const api = await browserClient({ maxAnswerBytes: 10 * KB });
    h.erp.answer = 'c'.repeat(30 * KB);
    setApiClient(api);
    const error = await fetchErp(accountListCall('a')).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AnswerCutError);
    expect((error as AnswerCutError).userMessage).toMatch(/aramayı daraltıp/);
  });
});
