/**
 * prefetchCalls: a route loader starts each of its page's first calls as the query the page runs —
 * under the key the contract gives the call, so the page's useQuery finds it running, not a second
 * request.
 */
import { createQueryClient } from './query-client';
import { createApiClient, setApiClient } from './client';
import { prefetchCalls } from './first-queries';
import { accountListCall, agingListCall, invoiceDetailCall, invoiceSearchCall, statementCall, type ErpCall } from '../contract/erp';
import { accountQueries } from './accounts';
import { statementQueries } from './statement';

afterEach(() => {
  setApiClient();
  delete globalThis.__erpCalls;
});

/** A server that never answers (each request settles only when aborted); records the calls sent. */
function silentServer() {
  const sent: { url: string; body: string }[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    sent.push({ url: new URL(req.url).pathname, body: await req.clone().text() });
    return new Promise<Response>((_ok, fail) => req.signal.addEventListener('abort', () => fail(req.signal.reason)));
  }) as typeof fetch;
  setApiClient(createApiClient({ prefixUrl: 'http://127.0.0.1:5173/api', fetch: fetchFn, timeout: 60_000 }));
  return sent;
}

describe('prefetchCalls', () => {
  it('starts every operation as its query, under the call’s own key, one request each', async () => {
    const sent = silentServer();
    const client = createQueryClient();
    const calls: ErpCall[] = [
      accountListCall(''),
      statementCall('1000'),
      agingListCall('Yıldız'),
      invoiceSearchCall({ no: 'SF2025001595', firma: '' }),
      invoiceDetailCall('77'),
    ];
    prefetchCalls(client, calls);
    for (const call of calls) expect(client.getQueryState(call.queryKey)?.fetchStatus, call.operation).toBe('fetching');
    await vi.waitFor(() => expect(sent).toHaveLength(5));
    expect(sent.map((s) => s.url).sort()).toEqual([
      '/api/erp/get_cari',
      '/api/erp/get_cari_extre',
      '/api/erp/get_fatura',
      '/api/erp/get_fatura_det',
      '/api/erp/get_yaslandirma',
    ]);
    expect(JSON.parse(sent.find((s) => s.url === '/api/erp/get_cari_extre')!.body)).toEqual({ cari_id: '1000' });
    expect(JSON.parse(sent.find((s) => s.url === '/api/erp/get_yaslandirma')!.body)).toEqual({ firma_ismi: 'Yıldız' });
    // The pages' own options name the same entries (what useQuery on the page looks up).
    expect(client.getQueryState(accountQueries.list('').queryKey)?.fetchStatus).toBe('fetching');
    expect(client.getQueryState(statementQueries.detail('1000').queryKey)?.fetchStatus).toBe('fetching');
    await client.cancelQueries();
  });
});
