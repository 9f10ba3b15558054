// @vitest shared-modules waits
/**
 * A campaign's account list from an ERP over the network: a letter thread asks get_cari itself
 * (server/mutabakat/pdf-worker.ts), so the list's bytes (17 MB at 100,000 accounts) never cross the thread
 * that answers the people using the app. Here the demo ERP is served on 127.0.0.1 and the server's own
 * dispatcher records what the main thread asks: get_cari_extre for each letter, never get_cari.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { upstreamSource, type ErpSource } from '../../server/app/erp';
import { mutabakatHarness, type Harness } from './mutabakat-harness';

const ASOF = '2026-06-30';
const IDS = ['1006', '1047', '1058'];

/** Operations the main thread sent through its dispatcher (the letter thread has one of its own). */
const mainAsked: string[] = [];
class RecordingAgent extends Agent {
  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    mainAsked.push(operation(String(options.path)));
    return super.dispatch(options, handler);
  }
}
const operation = (path: string) => new URL(path, 'http://x.invalid').pathname.split('/').pop() ?? '';

/** Operations the ERP on 127.0.0.1 was asked for, from any thread; get_cari answers an HTML error page while `listFails`. */
const erpAsked: string[] = [];
let listFails = false;
let server: Server;
let h: Harness;
let real: ErpSource;
const agent = new RecordingAgent();

// The server's ERP source, made once the harness's demo ERP is served over HTTP (its password is the harness's).
const erp: ErpSource = {
  get accountsFrom() {
    return real.accountsFrom;
  },
  accounts: () => real.accounts(),
  accountsRaw: () => real.accountsRaw!(),
  statement: (id) => real.statement(id),
  statementRaw: (id) => real.statementRaw!(id),
  invoices: () => real.invoices(),
  aging: () => real.aging!(),
};

beforeAll(async () => {
  h = await mutabakatHarness({ erp });
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const op = operation(req.url ?? '');
      erpAsked.push(op);
      if (op === 'get_cari' && listFails) {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<html><body><h1>500</h1><p>ColdFusion: bir hata oluştu</p></body></html>');
        return;
      }
      const answer = await h.erp.fetch(
        new Request(`http://erp.test${req.url}`, { method: 'POST', headers: req.headers as Record<string, string>, body: Buffer.concat(chunks) }),
      );
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  real = upstreamSource({ ...h.upstream, erpBaseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, transport: agent });
}, 60_000);
afterAll(async () => {
  await h?.close();
  await agent.close();
  await new Promise((ok) => server?.close(ok));
});
beforeEach(async () => {
  await h.reset();
  mainAsked.length = 0;
  erpAsked.length = 0;
  listFails = false;
});

async function campaign(): Promise<string> {
  for (const id of IDS) await h.api(`/api/mutabakat/contacts/${id}`, { method: 'PUT', json: { to: [`m.${id}@firma.example`], cc: [] } });
  const r = await h.api('/api/mutabakat/campaigns', { json: { accountIds: IDS, asOf: ASOF, deadline: '2026-12-31' } });
  expect(r.status).toBe(201);
  return ((await r.json()) as { campaign: { id: string } }).campaign.id;
}

type Board = { letters: { accountId: string; accountName: string | null; state: string; lastError: string | null }[] };
const board = async (id: string) => (await (await h.api(`/api/mutabakat/campaigns/${id}`)).json()) as Board;

describe('a campaign’s account list, from an ERP over the network', () => {
  it('is asked by the letter thread: the server’s own thread asks only the statements, and each letter has its account’s name', async () => {
    const id = await campaign();
    await h.drain();
    const b = await board(id);
    // Names from the dataset itself, not from the server's answer.
    const names = Object.fromEntries(IDS.map((a) => [a, h.erp.dataset.accountById.get(a)!.name]));
    expect(Object.values(names).every((n) => n.length > 3)).toBe(true);
    expect(b.letters.map((l) => [l.accountId, l.accountName, l.state]).sort()).toEqual(IDS.map((a) => [a, names[a], 'sent']));
    // The ERP was asked for the list once, and this thread asked for the statements only: the letter thread asked for it.
    expect(erpAsked.filter((o) => o === 'get_cari')).toHaveLength(1);
    expect(mainAsked.sort()).toEqual(['get_cari_extre', 'get_cari_extre', 'get_cari_extre']);
  });

  it('an HTML error page for the list: every letter waits with the reason in Turkish (no password), and the next try prepares and sends them', async () => {
    listFails = true;
    const id = await campaign();
    await h.drain();
    let b = await board(id);
    expect(b.letters).toHaveLength(3);
    for (const l of b.letters) {
      expect(l.state).toBe('preparing');
      expect(l.lastError).toBe('ERP sunucusu bir hata döndürdü (HTTP 500). Lütfen daha sonra tekrar deneyin.');
      expect(l.lastError).not.toContain(h.upstream.erpApiPassword);
    }
    expect(mainAsked).not.toContain('get_cari');
    // The job comes back after 4 s (its first retry): the ERP answers again.
    listFails = false;
    h.clock.now = new Date(h.clock.now.getTime() + 4_500);
    await h.drain();
    b = await board(id);
    expect(b.letters.map((l) => l.state)).toEqual(['sent', 'sent', 'sent']);
    expect(b.letters.every((l) => l.lastError === null || l.lastError === '')).toBe(true);
    expect(mainAsked).not.toContain('get_cari');
  });
});
