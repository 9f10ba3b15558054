/**
 * nodeFetch against a real HTTP server on 127.0.0.1 that drops a kept-alive connection when it is
 * reused — what an ERP does when its idle timeout and our next request cross (seen in CI as a 502
 * ECONNRESET after 5 s of quiet).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { nodeFetch } from './node-fetch';

let server: Server;
let url = '';
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
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/wex.cfm/x/get_cari`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = () => nodeFetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'firma_ismi=' });

describe('nodeFetch: a kept-alive connection the ERP has just closed', () => {
  it('is tried once more on a fresh connection: the caller gets the answer, not ECONNRESET', async () => {
    dropReused = true;
    expect(await (await post()).json()).toEqual({ ok: true, n: 1 });
    // The same (kept-alive) connection is reused and dropped by the server: answered on a new one.
    expect(await (await post()).json()).toEqual({ ok: true, n: 2 });
    expect(answers).toBe(2);
  });

  it('a connection that fails without having been reused is not retried (the ERP is really down)', async () => {
    const closed = createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    let requests = 0;
    closed.on('request', () => requests++);
    await expect(nodeFetch(`http://127.0.0.1:${port}/x`, { method: 'POST', body: 'a=1' })).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(requests).toBe(1);
    closed.closeAllConnections();
    await new Promise((resolve) => closed.close(resolve));
  });
});
