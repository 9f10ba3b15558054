/**
 * The browser client against our gateway's contract (docs/team-contracts.md), with a fake fetch:
 * every answer below is written by hand the way the gateway sends it.
 */
import { createQueryClient } from './query-client';
import { createApiClient, setApiClient, type ApiClient } from './client';
import {
  AnswerCutError,
  ErpError,
  ErpFormatError,
  ErpHttpError,
  ErpTimeoutError,
  LoginFailedError,
  NetworkError,
  RateLimitedError,
  UnauthenticatedError,
  isRetryable,
  userMessageOf,
} from '../domain/errors';
import { accountQueries } from './accounts';
import { callRegistry, fetchErp, startCalls, type FetchOptions } from './erp-call';
import { statementQueries } from './statement';
import { KEEP_MS } from './kept-call';
import { agingQueries } from './aging';
import { invoiceQueries } from './invoices';
import { configQuery, fetchConfig, fetchSession, login, logout, sessionQuery } from './session';
import { readAccounts, resetAliases } from '../domain/reader';
import { accountListCall, callKey, statementCall, type ErpOperation } from '../contract/erp';

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string;
}

/** A fake fetch answering every call with `answer(request)`; records what was sent. */
function fakeServer(answer: (req: Request) => Response | Promise<Response>) {
  const seen: Seen[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    seen.push({ method: req.method, url: req.url, headers: req.headers, body: await req.clone().text() });
    return answer(req);
  }) as typeof fetch;
  const client = createApiClient({ prefixUrl: 'http://127.0.0.1:5173/api', fetch: fetchFn, timeout: 200 });
  return { client, seen };
}

const gatewayError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ error: { code, message, ...extra } }), {
    status,
    headers: { 'content-type': 'application/json', 'x-gateway-error': '1', ...headers },
  });

/** Like a server that never answers: settles only when the request is aborted. */
const hangUntilAborted = (req: Request) =>
  new Promise<Response>((_resolve, reject) => {
    if (req.signal.aborted) reject(req.signal.reason);
    req.signal.addEventListener('abort', () => reject(req.signal.reason));
  });

async function errorOf(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

afterEach(() => {
  setApiClient();
  resetAliases();
  delete globalThis.__erpCalls;
});

/** One ERP call through the load path (erp-call.ts fetchErp) with `client` as the app's client. */
function postErpVia(client: ApiClient, operation: ErpOperation, params: Record<string, string>, options?: FetchOptions): Promise<unknown> {
  setApiClient(client);
  return fetchErp({ operation, params, queryKey: ['probe'] } as never, options);
}

/** A query's data through a fresh QueryClient (no retry), as a page would get it. */
const dataOf = <T>(options: { queryKey: readonly unknown[]; queryFn?: unknown }) =>
  createQueryClient().fetchQuery({ ...(options as object), retry: false } as never) as Promise<T>;
const fetchAccounts = (q: string) => dataOf<{ accounts: unknown[] }>(accountQueries.list(q));

describe('an ERP call (erp-call.ts fetchErp): the request', () => {
  it('POSTs the params as JSON to /api/erp/<operation> with x-app-request: 1 and no password', async () => {
    const { client, seen } = fakeServer(() => new Response('[]', { status: 200 }));
    await postErpVia(client, 'get_cari', { firma_ismi: 'ığdır & "ortak" %20+' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.url).toBe('http://127.0.0.1:5173/api/erp/get_cari');
    expect(seen[0]!.headers.get('x-app-request')).toBe('1');
    expect(JSON.parse(seen[0]!.body)).toEqual({ firma_ismi: 'ığdır & "ortak" %20+' });
    expect(seen[0]!.url + seen[0]!.body).not.toMatch(/password/i);
  });

  it('fetchers send the documented parameter names, trimmed, empty optional ones as ""', async () => {
    const { client, seen } = fakeServer(() => new Response('[]', { status: 200 }));
    setApiClient(client);
    await fetchAccounts('  ığdır  ');
    await fetchAccounts('');
    await dataOf(statementQueries.detail('00123'));
    await dataOf(agingQueries.list(' ada '));
    await dataOf(invoiceQueries.list({ no: ' FT1 ' }));
    await dataOf(invoiceQueries.detail('77'));
    expect(seen.map((s) => [s.url.replace('http://127.0.0.1:5173/api/', ''), JSON.parse(s.body)])).toEqual([
      ['erp/get_cari', { firma_ismi: 'ığdır' }],
      ['erp/get_cari', { firma_ismi: '' }],
      ['erp/get_cari_extre', { cari_id: '00123' }],
      ['erp/get_yaslandirma', { firma_ismi: 'ada' }],
      ['erp/get_fatura', { fatura_no: 'FT1', firma_ismi: '' }],
      ['erp/get_fatura_det', { fatura_id: '77' }],
    ]);
  });
});

describe('an ERP call: answers', () => {
  it('a 200 ERP body (with BOM and // prefix) is parsed and read into accounts', async () => {
    const body = '\uFEFF\n//{"COLUMNS":["COMPANY_ID","FULLNAME","BAKIYE"],"DATA":[[7,"ADA A.Ş.","1.500,75"]]}';
    const { client } = fakeServer(() => new Response(body, { status: 200 }));
    setApiClient(client);
    expect((await fetchAccounts('ada')).accounts).toEqual([
      { id: '7', category: '', name: 'ADA A.Ş.', province: '', district: '', balance: 150075, extras: {} },
    ]);
  });

  it.each([
    ['an HTML page with status 200', '<html><body>Error Occurred While Processing Request</body></html>'],
    ['an empty body with status 200', ''],
    ['a login page', '<!DOCTYPE html><title>Workcube Giriş</title>'],
  ])('%s → ErpFormatError (not retried)', async (_name, body) => {
    const { client } = fakeServer(() => new Response(body, { status: 200, headers: { 'content-type': 'text/html' } }));
    const error = await errorOf(postErpVia(client, 'get_cari', { firma_ismi: '' }));
    expect(error).toBeInstanceOf(ErpFormatError);
    expect((error as ErpFormatError).status).toBe(200);
    expect(isRetryable(error)).toBe(false);
  });

  it('a failure envelope → ErpError with the ERP message (not retried)', async () => {
    const { client } = fakeServer(() => new Response('{"status":false,"message":"Cari bulunamadı"}', { status: 200 }));
    setApiClient(client);
    const error = await errorOf(fetchAccounts('x'));
    expect(error).toBeInstanceOf(ErpError);
    expect(userMessageOf(error)).toContain('Cari bulunamadı');
    expect(isRetryable(error)).toBe(false);
  });
});

describe('gateway error JSON → typed errors', () => {
  it.each([
    ['unauthenticated', 401, UnauthenticatedError, false],
    ['forbidden', 403, ErpHttpError, false],
    ['bad_request', 400, ErpHttpError, false],
    ['not_found', 404, ErpHttpError, false],
    ['payload_too_large', 413, ErpHttpError, false],
    ['rate_limited', 429, RateLimitedError, false],
    ['upstream_unreachable', 502, NetworkError, true],
    ['upstream_timeout', 504, ErpTimeoutError, true],
  ] as const)('%s (%d)', async (code, status, type, retryable) => {
    const { client } = fakeServer(() => gatewayError(status, code, 'Türkçe mesaj'));
    const error = await errorOf(postErpVia(client, 'get_cari', {}));
    expect(error).toBeInstanceOf(type);
    expect(isRetryable(error)).toBe(retryable);
    expect(userMessageOf(error)).not.toMatch(/undefined|NaN|\[object/);
  });

  it.each([
    [500, true], // the ERP's exception page
    [503, true],
    [401, false], // wrong API password: retrying cannot help
    [404, false], // unknown service
  ])('upstream_http with upstreamStatus %d → ErpHttpError with that status, retryable: %s', async (upstreamStatus, retryable) => {
    const { client } = fakeServer(() => gatewayError(502, 'upstream_http', 'ERP hata verdi', { upstreamStatus }));
    const error = (await errorOf(postErpVia(client, 'get_cari', {}))) as ErpHttpError;
    expect(error).toBeInstanceOf(ErpHttpError);
    expect(error.status).toBe(upstreamStatus);
    expect(isRetryable(error)).toBe(retryable);
    expect(error.userMessage).toContain(String(upstreamStatus));
  });

  it('store_unavailable (503, Redis down) says plainly that login and session checks cannot be done now', async () => {
    const { client } = fakeServer(() => gatewayError(503, 'store_unavailable', 'Oturum deposuna ulaşılamıyor'));
    const error = (await errorOf(client.postJson('session', { userName: 'a', password: 'b' }))) as ErpHttpError;
    expect(error).toBeInstanceOf(ErpHttpError);
    expect(error.status).toBe(503);
    expect(isRetryable(error)).toBe(true);
    expect(error.userMessage).toBe(
      'Oturum sunucusuna şu anda ulaşılamıyor: giriş ve oturum denetimi yapılamıyor. Lütfen biraz sonra tekrar deneyin; sorun sürerse sistem yöneticinize bildirin.',
    );
  });

  it('rate_limited carries Retry-After seconds into the message', async () => {
    const { client } = fakeServer(() => gatewayError(429, 'rate_limited', 'Çok fazla deneme', {}, { 'retry-after': '30' }));
    const error = (await errorOf(client.postJson('session', { userName: 'a', password: 'b' }))) as RateLimitedError;
    expect(error).toBeInstanceOf(RateLimitedError);
    expect(error.retryAfter).toBe(30);
    expect(error.userMessage).toContain('30 saniye');
  });

  it('a non-gateway 500 (HTML from a proxy) → ErpHttpError 500, retryable', async () => {
    const { client } = fakeServer(() => new Response('<h1>Internal Server Error</h1>', { status: 500 }));
    const error = (await errorOf(postErpVia(client, 'get_cari', {}))) as ErpHttpError;
    expect(error).toBeInstanceOf(ErpHttpError);
    expect(error.status).toBe(500);
    expect(isRetryable(error)).toBe(true);
  });
});

describe('transport failures', () => {
  it('fetch failing → NetworkError (retryable)', async () => {
    const { client } = fakeServer(() => Promise.reject(new TypeError('fetch failed')));
    const error = await errorOf(postErpVia(client, 'get_cari', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(isRetryable(error)).toBe(true);
  });

  it('no answer within the time limit → ErpTimeoutError (retryable)', async () => {
    const { client } = fakeServer(hangUntilAborted);
    const error = await errorOf(postErpVia(client, 'get_cari', {}));
    expect(error).toBeInstanceOf(ErpTimeoutError);
    expect(isRetryable(error)).toBe(true);
  });

  it('our own cancellation is passed through, not turned into an error for the user', async () => {
    const { client } = fakeServer(hangUntilAborted);
    const controller = new AbortController();
    const p = postErpVia(client, 'get_cari', {}, { signal: controller.signal });
    controller.abort();
    const error = await errorOf(p);
    expect(error).not.toBeInstanceOf(NetworkError);
    expect((error as Error).name).toBe('AbortError');
  });
});

describe('session and config', () => {
  it('GET /api/session: 200 → the user; 401 → null (not signed in)', async () => {
    let signedIn = true;
    const { client } = fakeServer(() =>
      signedIn ? Response.json({ user: { userName: 'demo', name: 'Demo Kullanıcı' } }) : gatewayError(401, 'unauthenticated', 'Oturum yok'),
    );
    setApiClient(client);
    expect(await fetchSession()).toEqual({ userName: 'demo', name: 'Demo Kullanıcı' });
    signedIn = false;
    expect(await fetchSession()).toBeNull();
  });

  it('POST /api/session: login_failed shows the ERP message, else a plain generic one', async () => {
    let message = 'Kullanıcı kilitli';
    const { client, seen } = fakeServer(() => gatewayError(401, 'login_failed', message));
    setApiClient(client);
    const e1 = await errorOf(login({ userName: 'ali', password: 'x' }));
    expect(e1).toBeInstanceOf(LoginFailedError);
    expect(userMessageOf(e1)).toBe('Kullanıcı kilitli');
    message = '';
    expect(userMessageOf(await errorOf(login({ userName: 'ali', password: 'x' })))).toBe('Kullanıcı adı veya şifre hatalı.');
    expect(JSON.parse(seen[0]!.body)).toEqual({ userName: 'ali', password: 'x' });
  });

  it('login returns the user; logout sends DELETE and accepts 204', async () => {
    const { client, seen } = fakeServer((req) =>
      req.method === 'DELETE' ? new Response(null, { status: 204 }) : Response.json({ user: { userName: 'muhasebe', name: 'Muhasebe' } }),
    );
    setApiClient(client);
    expect(await login({ userName: 'muhasebe', password: 'Mali2026!' })).toEqual({ userName: 'muhasebe', name: 'Muhasebe' });
    await expect(logout()).resolves.toBeUndefined();
    expect(seen.map((s) => s.method)).toEqual(['POST', 'DELETE']);
  });

  it('GET /api/config merges the operator alias table into the reader', async () => {
    const { client } = fakeServer(() => Response.json({ demo: false, aliases: { account: { name: ['MUSTERI_UNVANI'] } } }));
    setApiClient(client);
    const rows = [{ MUSTERI_UNVANI: 'KAYA İNŞAAT' }];
    expect(readAccounts(rows).accounts[0]!.name).toBe('');
    // An older gateway without the company and letters blocks: empty fields, never undefined; the TTK md. 94 note on.
    expect(await fetchConfig()).toEqual({
      demo: false,
      company: { title: '', address: '', taxOffice: '', taxNo: '' },
      letters: { ttk94Clause: true },
      aliases: { account: { name: ['MUSTERI_UNVANI'] } },
    });
    expect(readAccounts(rows).accounts[0]!.name).toBe('KAYA İNŞAAT');
  });
});

describe('query options and the retry rule (one layer: React Query)', () => {
  it('keys go from generic to specific', () => {
    expect(accountQueries.list(' ada ').queryKey).toEqual(['accounts', 'list', { q: 'ada' }]);
    expect(statementQueries.detail('101').queryKey).toEqual(['statement', '101']);
    expect(agingQueries.list('ada').queryKey).toEqual(['aging', 'list', { firma: 'ada' }]);
    expect(invoiceQueries.list({ no: 'FT1', firma: '' }).queryKey).toEqual(['invoices', 'list', { no: 'FT1', firma: '' }]);
    expect(invoiceQueries.detail('5').queryKey).toEqual(['invoices', 'detail', '5']);
    expect(sessionQuery.queryKey).toEqual(['session']);
    expect(configQuery.queryKey).toEqual(['config']);
    expect(configQuery.staleTime).toBe(Infinity);
  });

  it('defaults: 5 min stale, 30 min gc, no refetch on focus', () => {
    const q = createQueryClient().getDefaultOptions().queries!;
    expect(q.staleTime).toBe(300_000);
    expect(q.gcTime).toBe(1_800_000);
    expect(q.refetchOnWindowFocus).toBe(false);
  });

  async function callsUntilSettled(client: ApiClient, queryClient = createQueryClient()) {
    setApiClient(client);
    const options = accountQueries.list('ada');
    return queryClient.fetchQuery({ ...options, retryDelay: 0 });
  }

  it.each([
    ['a network error', () => Promise.reject(new TypeError('fetch failed')), 2],
    ['a 5xx', () => gatewayError(502, 'upstream_http', 'x', { upstreamStatus: 500 }), 2],
    ['an upstream timeout', () => gatewayError(504, 'upstream_timeout', 'x'), 2],
    ['a format error', () => new Response('<html>', { status: 200 }), 1],
    ['an ERP-reported failure', () => new Response('{"status":"hata","message":"x"}', { status: 200 }), 1],
    ['a 4xx', () => gatewayError(400, 'bad_request', 'x'), 1],
    ['a 401', () => gatewayError(401, 'unauthenticated', 'x'), 1],
  ])('%s is tried %d time(s) in all', async (_name, answer, calls) => {
    const { client, seen } = fakeServer(answer as () => Response);
    await expect(callsUntilSettled(client)).rejects.toBeInstanceOf(Error);
    expect(seen).toHaveLength(calls);
  });

  it('a retried network error that then succeeds gives the data', async () => {
    let n = 0;
    const { client, seen } = fakeServer(() => (n++ === 0 ? Promise.reject(new TypeError('fetch failed')) : new Response('[{"COMPANY_ID":1,"FULLNAME":"A"}]')));
    const list = await callsUntilSettled(client);
    expect(list.accounts.map((a) => a.name)).toEqual(['A']);
    expect(seen).toHaveLength(2);
  });
});

describe('a call started before anyone asks for it (erp-call.ts: startCalls / the page-load script), taken over by its query', () => {
  const body = '[{"COMPANY_ID":"7","FULLNAME":"Öz-Çağ \\"Yıldız\\" & Ortak %100"}]';
  const answer = () => new Response(body, { headers: { 'content-type': 'application/json' } });
  const statementOf7 = statementCall('7');

  it('is taken over once by the query with the same operation and parameters: one request, its answer', async () => {
    const { client, seen } = fakeServer(answer);
    setApiClient(client);
    startCalls([statementOf7]);
    startCalls([statementOf7]); // already on its way: not sent twice
    await vi.waitFor(() => expect(seen).toHaveLength(1)); // on its way before any query asked
    const queryClient = createQueryClient();
    const statement = await queryClient.fetchQuery(statementQueries.detail('7'));
    expect(statement.lines).toHaveLength(1);
    expect(statement.complete).toBe(true);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ cari_id: '7' });
    // Taken once: the next load is a request of its own.
    await fetchErp(statementOf7);
    expect(seen).toHaveLength(2);
  });

  it('a call with other parameters or another operation never takes it over', async () => {
    const { client, seen } = fakeServer(answer);
    setApiClient(client);
    startCalls([statementOf7]);
    await fetchErp(statementCall('8'));
    await fetchErp(accountListCall(''));
    await fetchErp(statementCall(' 7 ')); // the same call: trimmed like the page does
    expect(seen.map((s) => [s.url.replace(/.*\/api\//, ''), s.body])).toEqual([
      ['erp/get_cari_extre', '{"cari_id":"7"}'],
      ['erp/get_cari_extre', '{"cari_id":"8"}'],
      ['erp/get_cari', '{"firma_ismi":""}'],
    ]);
  });

  it('a failed early call is dropped: a 401 before the login is no answer after it', async () => {
    let loggedIn = false;
    const { client, seen } = fakeServer(() => (loggedIn ? answer() : gatewayError(401, 'unauthenticated', 'Oturum yok')));
    setApiClient(client);
    startCalls([statementOf7]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10)); // its 401 has come back; nobody took it
    loggedIn = true;
    expect(await fetchErp(statementOf7)).toEqual([{ COMPANY_ID: '7', FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %100' }]);
    expect(seen).toHaveLength(2);
  });

  it('one that fails while taken reaches the taker as the same typed error', async () => {
    const { client } = fakeServer(() => gatewayError(401, 'unauthenticated', 'Oturum yok'));
    setApiClient(client);
    startCalls([statementOf7]);
    expect(await errorOf(fetchErp(statementOf7))).toBeInstanceOf(UnauthenticatedError);
  });

  it('leaving the page aborts the call its query took over (once no page came back for it: kept-call.ts)', async () => {
    let aborted = false;
    const { client, seen } = fakeServer((req) => {
      req.signal.addEventListener('abort', () => (aborted = true));
      return hangUntilAborted(req);
    });
    setApiClient(client);
    startCalls([statementOf7]);
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    const queryClient = createQueryClient();
    const loading = queryClient.fetchQuery(statementQueries.detail('7')).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 10));
    await queryClient.cancelQueries({ queryKey: statementQueries.all }); // what unmounting the page does
    await loading;
    expect(aborted).toBe(false);
    await vi.waitFor(() => expect(aborted).toBe(true), { timeout: KEEP_MS * 4 });
    expect(seen).toHaveLength(1);
  });

  it("the page load's call (the inline script's registry) is the one the app takes over", async () => {
    const { client, seen } = fakeServer(answer);
    setApiClient(client);
    // What the inline script leaves behind: the one registry, created before the app's code ran.
    callRegistry().start(callKey(accountListCall('')), () => Promise.resolve(answer()));
    startCalls([accountListCall('')]); // the route, a moment later: not sent again
    const list = await createQueryClient().fetchQuery(accountQueries.list(''));
    expect(list.accounts.map((a) => a.name)).toEqual(['Öz-Çağ "Yıldız" & Ortak %100']);
    expect(seen).toHaveLength(0);
  });

  it('its body is left to the taker (nothing read before it is taken over), and an answer that breaks off still fails for the taker', async () => {
    let pulled = 0;
    const { client } = fakeServer(() => {
      const chunks = ['[{"COMPANY_ID":"1",', '"FULLNAME":"A"},', '{"COMPANY_ID":"2"'];
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (pulled < chunks.length) controller.enqueue(new TextEncoder().encode(chunks[pulled++]!));
            else controller.error(new TypeError('network error'));
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    setApiClient(client);
    startCalls([accountListCall('')]);
    // Nobody has taken it yet: at most what the stream holds on its own (one chunk) has been pulled.
    await new Promise((r) => setTimeout(r, 30));
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await errorOf(fetchErp(accountListCall('')))).toBeInstanceOf(AnswerCutError);
  });
});

describe("a long answer's first rows: in the query's own cache entry before the last byte, then the whole", () => {
  /** 100 accounts of ~1.5 KB each (≈ 152 KB): the first 64 K characters hold 42 whole rows. */
  const rows = Array.from({ length: 100 }, (_, i) => ({ COMPANY_ID: String(i + 1), FULLNAME: `Firma ${i + 1} ${'x'.repeat(1500)}` }));
  const bytes = new TextEncoder().encode(JSON.stringify(rows));
  /** An answer whose first 80 KB come at once and whose rest comes only when `release` is called. */
  function slowAnswer() {
    let release!: () => void;
    const rest = new Promise<void>((r) => (release = r));
    const response = new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          for (let at = 0; at < 80 * 1024; at += 16_384) controller.enqueue(bytes.slice(at, Math.min(at + 16_384, 80 * 1024)));
          await rest;
          controller.enqueue(bytes.slice(80 * 1024));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
    return { response, release };
  }

  /** The account list fetched over `response`: what is in the query's cache entry first, and the whole fetch. */
  async function firstRowsOf(response: Response) {
    const { client } = fakeServer(() => response);
    setApiClient(client);
    const queryClient = createQueryClient();
    const options = accountQueries.list('');
    const loading = queryClient.fetchQuery(options);
    await vi.waitFor(() => expect(queryClient.getQueryData(options.queryKey)).toBeDefined());
    return { first: queryClient.getQueryData(options.queryKey)!, loading, queryClient, options };
  }

  it('the list shows its first rows (complete: false) while the rest is on its way, then the whole list (complete: true)', async () => {
    const slow = slowAnswer();
    const { first, loading, queryClient, options } = await firstRowsOf(slow.response);
    expect(first.complete).toBe(false);
    // 16 KB chunks: the first 4 make 64 K characters; a row is 1,529 characters and a comma →
    // floor((65,536 − 1) / 1,530) = 42 whole rows.
    expect(first.accounts).toHaveLength(42);
    expect(first.accounts[41]!.name).toBe(`Firma 42 ${'x'.repeat(1500)}`);
    // They are no answer: stale at once, the query still fetching.
    expect(queryClient.getQueryState(options.queryKey)!.fetchStatus).toBe('fetching');
    expect(queryClient.getQueryState(options.queryKey)!.isInvalidated || queryClient.getQueryState(options.queryKey)!.dataUpdatedAt === 0).toBe(true);
    slow.release();
    const list = await loading;
    expect(list.complete).toBe(true);
    expect(list.accounts).toHaveLength(100);
    expect(queryClient.getQueryData(options.queryKey)).toEqual(list);
  });

  it('a reader that comes late (much of the answer already in, in one chunk) still shows only the first 64 K characters’ rows', async () => {
    // The page's code was still loading while 120 KB arrived: one read gets them all. The first
    // rows are a few screenfuls — the same 42 whole rows as above (64 K characters / 1,530 per row),
    // not the ≈ 80 that 120 KB hold (122,880 / 1,530).
    let release!: () => void;
    const rest = new Promise<void>((r) => (release = r));
    const response = new Response(
      new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(bytes.slice(0, 120 * 1024));
          await rest;
          controller.enqueue(bytes.slice(120 * 1024));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
    const { first, loading } = await firstRowsOf(response);
    expect(first.complete).toBe(false);
    expect(first.accounts).toHaveLength(42);
    release();
    expect((await loading).accounts).toHaveLength(100);
  });

  it('an answer that breaks off after its first rows leaves no first rows in the cache: the failure, not a start that looks whole', async () => {
    const { client } = fakeServer(() => {
      let sent = 0;
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            if (sent < 80 * 1024) controller.enqueue(bytes.slice(sent, (sent += 16_384)));
            else controller.error(new TypeError('network error'));
          },
        }),
        { headers: { 'content-type': 'application/json' } },
      );
    });
    setApiClient(client);
    const queryClient = createQueryClient();
    const options = accountQueries.list('');
    expect(await errorOf(queryClient.fetchQuery({ ...options, retry: false }))).toBeInstanceOf(AnswerCutError);
    expect(queryClient.getQueryData(options.queryKey)).toBeUndefined();
    expect(queryClient.getQueryState(options.queryKey)!.status).toBe('error');
  });

  it('a refetch keeps the whole list it has until the new whole is in (no first rows in between)', async () => {
    const { client } = fakeServer(() => new Response(bytes, { headers: { 'content-type': 'application/json' } }));
    setApiClient(client);
    const queryClient = createQueryClient();
    const options = accountQueries.list('');
    const before = await queryClient.fetchQuery(options);
    const seenData: unknown[] = [];
    const unsubscribe = queryClient.getQueryCache().subscribe((e) => e.type === 'updated' && seenData.push(e.query.state.data));
    await queryClient.refetchQueries({ queryKey: options.queryKey });
    unsubscribe();
    expect(seenData.every((d) => d === before || (d as { complete: boolean }).complete)).toBe(true);
    expect(queryClient.getQueryData(options.queryKey)!.accounts).toHaveLength(100);
  });

  it('a short answer goes into the cache once, whole', async () => {
    const { client } = fakeServer(() => new Response('[{"COMPANY_ID":"7","FULLNAME":"Kısa"}]', { headers: { 'content-type': 'application/json' } }));
    setApiClient(client);
    const queryClient = createQueryClient();
    const versions: unknown[] = [];
    queryClient.getQueryCache().subscribe((e) => e.type === 'updated' && e.query.state.data !== undefined && versions.push(e.query.state.data));
    const list = await queryClient.fetchQuery(accountQueries.list(''));
    expect(list).toMatchObject({ complete: true, accounts: [{ id: '7', name: 'Kısa' }] });
    expect(new Set(versions).size).toBe(1);
  });
});

describe('the config and session GETs the page load already sent', () => {
  const user = { userName: 'demo', name: 'Demo Kullanıcı' };
  const json = (value: unknown) => new Response(JSON.stringify(value), { headers: { 'content-type': 'application/json' } });

  it('the first fetchSession takes its answer over (no request of its own); the next one asks anew', async () => {
    const { client, seen } = fakeServer(() => json({ user: { userName: 'ikinci', name: 'İkinci' } }));
    setApiClient(client);
    callRegistry().start('GET /api/session', () => Promise.resolve(json({ user })));
    expect(await fetchSession()).toEqual(user);
    expect(seen).toHaveLength(0);
    expect(await fetchSession()).toEqual({ userName: 'ikinci', name: 'İkinci' });
    expect(seen).toHaveLength(1);
  });

  it('a failed one (the gateway down at page load) is dropped: the app asks again', async () => {
    const { client, seen } = fakeServer(() => json({ demo: false }));
    setApiClient(client);
    callRegistry().start('GET /api/config', () => Promise.reject(new TypeError('fetch failed')));
    await new Promise((r) => setTimeout(r, 0));
    expect(await fetchConfig()).toMatchObject({ demo: false });
    expect(seen.map((s) => s.url)).toEqual(['http://127.0.0.1:5173/api/config']);
  });
});
