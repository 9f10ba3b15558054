// @vitest shared-modules
/**
 * openErp over undici against a real HTTP server on 127.0.0.1 that drops a kept-alive connection when
 * it is reused — what an ERP does when its idle timeout and our next request cross (seen in CI as a
 * 502 ECONNRESET after 5 s of quiet).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GatewayError } from './messages';
import { erpDispatcher, openErp, type UpstreamOptions } from './upstream';

let server: Server;
let base = '';
const served = new Map<Socket, number>();
let dropReused = true;
let answers = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    const n = (served.get(req.socket) ?? 0) + 1;
    served.set(req.socket, n);
    // The connection was idle long enough for this server to close it: the request is lost.
    if (n > 1 && dropReused) {
      req.socket.destroy();
      return;
    }
    answers++;
    res.writeHead(200, { 'content-type': 'application/json', connection: 'keep-alive' });
    res.end(JSON.stringify({ ok: true, n: answers }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const options = (erpBaseUrl: string): UpstreamOptions => ({
  erpBaseUrl,
  erpApiPassword: 'p',
  erpService: 'x',
  erpTimeoutMs: 5000,
  maxAnswerBytes: 1024 * 1024,
  transport: erpDispatcher(),
});

async function text(o: UpstreamOptions): Promise<string> {
  const up = await openErp(o, 'get_cari', [['firma_ismi', '']]);
  const parts: Uint8Array[] = [];
  for (let c = await up.read(); c; c = await up.read()) parts.push(c);
  return Buffer.concat(parts).toString('utf8');
}

describe('openErp: a kept-alive connection the ERP has just closed', () => {
  it('is tried once more on a fresh connection: the caller gets the answer, not ECONNRESET', async () => {
    dropReused = true;
    const o = options(base);
    expect(JSON.parse(await text(o))).toEqual({ ok: true, n: 1 });
    // The same (kept-alive) connection is reused and dropped by the server: answered on a new one.
    expect(JSON.parse(await text(o))).toEqual({ ok: true, n: 2 });
    expect(answers).toBe(2);
  });

  it('an ERP that resets every connection: tried twice, then 502 upstream_unreachable (no loop, no URL in the error)', async () => {
    const closed = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    let requests = 0;
    closed.on('request', () => requests++);
    const error = await openErp(options(`http://127.0.0.1:${port}`), 'get_cari', []).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'upstream_unreachable', status: 502 });
    expect(JSON.stringify(error) + String((error as Error).message)).not.toContain(String(port));
    expect(requests).toBe(2);
    closed.closeAllConnections();
    await new Promise((resolve) => closed.close(resolve));
  });
});
