// @vitest shared-modules
/**
 * openErp over undici against a real HTTP server on 127.0.0.1 that drops a kept-alive connection when
 * it is reused — what an ERP does when its idle timeout and our next request cross (seen in CI as a
 * 502 ECONNRESET after 5 s of quiet).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GatewayError } from './messages';
import { callErp, erpDispatcher, fetchTransport, openErp, type UpstreamOptions } from './upstream';
import { createServer as createTcpServer } from 'node:net';

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

describe('callErp: the whole answer, as the ERP sent it', () => {
  // 3,000 accounts with Turkish letters and & % + " ' in their names: about 270 KB, so many chunks, and
  // multi-byte letters split between chunks.
  const rows = Array.from({ length: 3000 }, (_, i) => ({ CARI_ID: String(1000 + i), FIRMA: `Şİrket ${i} Çağ & %+ "Öz" 'Gıda' ığüş` }));
  const json = JSON.stringify(rows);
  const bytes = Buffer.from(json, 'utf8');
  let erp: Server;
  let url = '';
  beforeAll(async () => {
    erp = createServer((req, res) => {
      req.resume();
      const op = req.url!.split('?')[0]!.split('/').pop();
      // get_cari: announced length, sent in 4 KB pieces; get_cari_extre: no length (chunked).
      res.writeHead(
        200,
        op === 'get_cari' ? { 'content-type': 'application/json', 'content-length': bytes.byteLength } : { 'content-type': 'application/json' },
      );
      let at = 0;
      const next = () => {
        if (at >= bytes.byteLength) return void res.end();
        const piece = bytes.subarray(at, at + 4093);
        at += piece.byteLength;
        res.write(piece, next);
      };
      next();
    });
    await new Promise<void>((resolve) => erp.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(erp.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    erp.closeAllConnections();
    await new Promise((resolve) => erp.close(resolve));
  });

  it('with the length announced and without: every byte, the body exactly as long as the answer', async () => {
    for (const op of ['get_cari', 'get_cari_extre']) {
      const a = await callErp(options(url), op, [['firma_ismi', '']]);
      expect(a.status).toBe(200);
      expect(a.body.byteLength).toBe(bytes.byteLength);
      expect(JSON.parse(new TextDecoder().decode(a.body))).toEqual(rows);
    }
  });

  it('an answer past the size limit is upstream_too_large, with the length announced or not', async () => {
    for (const op of ['get_cari', 'get_cari_extre']) {
      const error = await callErp({ ...options(url), maxAnswerBytes: 100_000 }, op, []).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'upstream_too_large' });
    }
  });

  it('an ERP that sends more or fewer bytes than it announced: what arrived, the exact length', async () => {
    // A raw server: Node's HTTP server would not send past its own Content-Length.
    for (const announced of [5, 40]) {
      const body = '{"FIRMA":"Öz & Çağ"}'; // 22 bytes in UTF-8
      const raw = createTcpServer((socket) => {
        socket.once('data', () => {
          socket.end(`HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${announced}\r\nconnection: close\r\n\r\n${body}`);
        });
      });
      await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
      const a = await callErp(options(`http://127.0.0.1:${(raw.address() as AddressInfo).port}`), 'get_cari', []).catch((e: unknown) => e as Error);
      await new Promise((resolve) => raw.close(resolve));
      if (announced === 5) {
        // More than announced: the client reads the announced bytes only (HTTP/1.1 framing).
        expect(a).not.toBeInstanceOf(Error);
        expect(new TextDecoder().decode((a as { body: ArrayBuffer }).body)).toBe(body.slice(0, 5));
      } else {
        // Fewer than announced and the connection closed: a transport error, not a short answer taken as whole.
        expect(a).toBeInstanceOf(GatewayError);
      }
    }
    // A transport that does not hold the answer to its Content-Length (the in-process demo ERP's): whatever
    // arrived, at its own length — the announced size only sizes the buffer.
    for (const announced of [5, 4000]) {
      const body = '{"FIRMA":"Öz & Çağ %+ \'x\'"}';
      const transport = fetchTransport(
        async () => new Response(body, { headers: { 'content-type': 'application/json', 'content-length': String(announced) } }),
      );
      const a = await callErp({ ...options('http://erp.invalid'), transport }, 'get_cari', []);
      expect(a.body.byteLength).toBe(Buffer.byteLength(body));
      expect(JSON.parse(new TextDecoder().decode(a.body))).toEqual({ FIRMA: "Öz & Çağ %+ 'x'" });
    }
  });
});
