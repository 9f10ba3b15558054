/** One POST to a gateway on loopback as the benches make it: raw bytes counted (never decompressed), the session cookie returned. */
import { request } from 'node:http';

export interface Posted {
  status: number;
  /** Bytes of the answer as sent on the wire. */
  bytes: number;
  /** "name=value" of the first Set-Cookie, if any. */
  cookie?: string;
}

export function gatewayPost(base: string, path: string, headers: Record<string, string>, body: string): Promise<Posted> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = request(
      { host: u.hostname, port: u.port, path, method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'x-app-request': '1', ...headers } },
      (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => (bytes += c.length));
        res.on('end', () => ok({ status: res.statusCode ?? 0, bytes, cookie: res.headers['set-cookie']?.[0]?.split(';')[0] }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
