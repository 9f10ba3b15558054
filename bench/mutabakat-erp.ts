/**
 * The bench's ERP (bench/mutabakat.ts), in a process of its own as a real ERP would be: the demo ERP
 * (large dataset) over HTTP on 127.0.0.1, each answer after BENCH_ERP_LATENCY_MS. Its JSON is made
 * here, so that work does not sit on the measured process's event loop. Tells its parent
 * { port, ids, apiPassword } once listening.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createDemoErp } from '../server/demo-erp/index';

const LATENCY = Number(process.env.BENCH_ERP_LATENCY_MS ?? 40);
const N = Number(process.env.BENCH_MUT_N ?? 1000);
const apiPassword = `bench-${Date.now()}`;
const erp = createDemoErp({ apiPassword, size: 'large', today: '2026-11-15' });
const ids = erp.dataset.accounts
  .filter((a) => a.lines.length < 2000)
  .slice(0, N)
  .map((a) => a.id);
const http = createServer((req: IncomingMessage, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', async () => {
    const answer = await erp.fetch(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }),
    );
    const body = Buffer.from(await answer.arrayBuffer());
    setTimeout(() => {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(body);
    }, LATENCY);
  });
});
http.listen(0, '127.0.0.1', () => process.send!({ port: (http.address() as AddressInfo).port, ids, apiPassword }));
process.on('disconnect', () => process.exit(0));
