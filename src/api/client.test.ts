/**
 * The browser client against our gateway's contract (docs/team-contracts.md), with a fake fetch:
 * every answer below is written by hand the way the gateway sends it.
 */
import { createQueryClient } from './query-client';
import { createApiClient, setApiClient, type ApiClient } from './client';
import { callKey } from '../contract/erp';
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
} from './errors';
import { accountQueries, fetchAccounts } from './accounts';
import { statementQueries } from './statement';
import { agingQueries } from './aging';
import { invoiceQueries } from './invoices';
import { configQuery, fetchConfig, fetchSession, login, logout, sessionQuery } from './session';
import { parsePrefix, readAccounts, resetAliases } from './reader';

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
});

describe('postErp: the request', () => {
  it('POSTs the params as JSON to /api/erp/<operation> with x-app-request: 1 and no password', async () => {
    const { client, seen } = fakeServer(() => new Response('[]', { status: 200 }));
    await client.postErp('get_cari', { firma_ismi: 'ığdır & "ortak" %20+' });
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
    await statementQueries.detail('00123').queryFn!({} as never);
    await agingQueries.list(' ada ').queryFn!({} as never);
    await invoiceQueries.list({ no: ' FT1 ' }).queryFn!({} as never);
    await invoiceQueries.detail('77').queryFn!({} as never);
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

describe('postErp: answers', () => {
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
    const error = await errorOf(client.postErp('get_cari', { firma_ismi: '' }));
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
    const error = await errorOf(client.postErp('get_cari', {}));
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
    const error = (await errorOf(client.postErp('get_cari', {}))) as ErpHttpError;
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
    const error = (await errorOf(client.postErp('get_cari', {}))) as ErpHttpError;
    expect(error).toBeInstanceOf(ErpHttpError);
    expect(error.status).toBe(500);
    expect(isRetryable(error)).toBe(true);
  });
});

describe('transport failures', () => {
  it('fetch failing → NetworkError (retryable)', async () => {
    const { client } = fakeServer(() => Promise.reject(new TypeError('fetch failed')));
    const error = await errorOf(client.postErp('get_cari', {}));
    expect(error).toBeInstanceOf(NetworkError);
    expect(isRetryable(error)).toBe(true);
  });

  it('no answer within the time limit → ErpTimeoutError (retryable)', async () => {
    const { client } = fakeServer(hangUntilAborted);
    const error = await errorOf(client.postErp('get_cari', {}));
    expect(error).toBeInstanceOf(ErpTimeoutError);
    expect(isRetryable(error)).toBe(true);
  });

  it('our own cancellation is passed through, not turned into an error for the user', async () => {
    const { client } = fakeServer(hangUntilAborted);
    const controller = new AbortController();
    const p = client.postErp('get_cari', {}, { signal: controller.signal });
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
    // An older gateway without the company block: empty fields, never undefined.
    expect(await fetchConfig()).toEqual({ demo: false, company: { title: '', address: '', taxOffice: '', taxNo: '' }, aliases: { account: { name: ['MUSTERI_UNVANI'] } } });
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

describe('a call sent before anyone asks for it (startErp, from a route)', () => {
  const answer = () => new Response('[{"COMPANY_ID":"7","FULLNAME":"Öz-Çağ \\"Yıldız\\" & Ortak %100"}]', { headers: { 'content-type': 'application/json' } });

  it('is taken over by the first postErp with the same operation and parameters: one request, its answer', async () => {
    const { client, seen } = fakeServer(answer);
    delete (globalThis as { __earlyErpClosed?: boolean }).__earlyErpClosed;
    client.startErp('get_cari_extre', { cari_id: '7' });
    // public/early-call.js, should it run only now, sends nothing of its own.
    expect((globalThis as { __earlyErpClosed?: boolean }).__earlyErpClosed).toBe(true);
    await vi.waitFor(() => expect(seen).toHaveLength(1)); // on its way before any query asked
    const json = await client.postErp('get_cari_extre', { cari_id: '7' });
    expect(json).toEqual([{ COMPANY_ID: '7', FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %100' }]);
    expect(seen).toHaveLength(1);
    expect(JSON.parse(seen[0]!.body)).toEqual({ cari_id: '7' });
    // Taken once: the next call is a request of its own.
    await client.postErp('get_cari_extre', { cari_id: '7' });
    expect(seen).toHaveLength(2);
  });

  it('other parameters or another operation never take it over', async () => {
    const { client, seen } = fakeServer(answer);
    client.startErp('get_cari_extre', { cari_id: '7' });
    client.startErp('get_cari_extre', { cari_id: '7' }); // already on its way: not sent twice
    await client.postErp('get_cari_extre', { cari_id: '8' });
    await client.postErp('get_cari', { firma_ismi: '' });
    expect(seen.map((s) => [s.url.replace(/.*\/api\//, ''), s.body])).toEqual([
      ['erp/get_cari_extre', '{"cari_id":"7"}'],
      ['erp/get_cari_extre', '{"cari_id":"8"}'],
      ['erp/get_cari', '{"firma_ismi":""}'],
    ]);
  });

  it('its failure reaches the taker as the same typed error; the taker leaving aborts it', async () => {
    const failing = fakeServer(() => gatewayError(401, 'unauthenticated', 'Oturum yok'));
    failing.client.startErp('get_cari', { firma_ismi: '' });
    expect(await errorOf(failing.client.postErp('get_cari', { firma_ismi: '' }))).toBeInstanceOf(UnauthenticatedError);

    let aborted = false;
    const hanging = fakeServer((req) => {
      req.signal.addEventListener('abort', () => (aborted = true));
      return hangUntilAborted(req);
    });
    hanging.client.startErp('get_cari', { firma_ismi: '' });
    await vi.waitFor(() => expect(hanging.seen).toHaveLength(1));
    const leave = new AbortController();
    const taken = hanging.client.postErp('get_cari', { firma_ismi: '' }, { signal: leave.signal });
    leave.abort();
    expect(await errorOf(taken)).toBeInstanceOf(Error);
    expect(aborted).toBe(true);
    expect(hanging.seen).toHaveLength(1);
  });

  it('a call the page load already sent (public/early-call.js) is taken over the same way, once', async () => {
    const { client, seen } = fakeServer(answer);
    const store = globalThis as { __earlyErp?: Record<string, unknown> };
    const key = callKey({ operation: 'get_cari', params: { firma_ismi: '' } });
    store.__earlyErp = { [key]: { response: Promise.resolve(answer()), controller: new AbortController() } };
    try {
      client.startErp('get_cari', { firma_ismi: '' }); // already on its way from the page load: not sent again
      const json = await client.postErp('get_cari', { firma_ismi: '' });
      expect(json).toEqual([{ COMPANY_ID: '7', FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %100' }]);
      expect(seen).toHaveLength(0);
      expect(store.__earlyErp[key]).toBeUndefined();
      await client.postErp('get_cari', { firma_ismi: '' });
      expect(seen).toHaveLength(1);
    } finally {
      delete store.__earlyErp;
    }
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
    client.startErp('get_cari', { firma_ismi: '' });
    // Nobody has taken it yet: at most what the stream holds on its own (one chunk) has been pulled.
    await new Promise((r) => setTimeout(r, 30));
    expect(pulled).toBeLessThanOrEqual(1);
    expect(await errorOf(client.postErp('get_cari', { firma_ismi: '' }))).toBeInstanceOf(AnswerCutError);
  });

  it('a failed early call is not kept for a later taker (a 401 before the login is no answer after it)', async () => {
    let loggedIn = false;
    const { client, seen } = fakeServer(() => (loggedIn ? answer() : gatewayError(401, 'unauthenticated', 'Oturum yok')));
    client.startErp('get_cari_extre', { cari_id: '7' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 10)); // its 401 has come back; nobody took it
    loggedIn = true;
    expect(await client.postErp('get_cari_extre', { cari_id: '7' })).toEqual([{ COMPANY_ID: '7', FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %100' }]);
    expect(seen).toHaveLength(2);
  });
});

describe('a long answer whose first rows are wanted early (onPartial)', () => {
  /** A 100-row account list of ~150 KB, whole and already in when it is read (a page busy booting). */
  const rows = Array.from({ length: 100 }, (_, i) => ({ COMPANY_ID: String(i + 1), FULLNAME: `Firma ${i + 1} ${'x'.repeat(1500)}` }));
  const text = JSON.stringify(rows);
  const inChunks = () =>
    new Response(
      new ReadableStream<Uint8Array>({
        start(controller) {
          const bytes = new TextEncoder().encode(text);
          for (let at = 0; at < bytes.byteLength; at += 16_384) controller.enqueue(bytes.slice(at, at + 16_384));
          controller.close();
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );

  it('offers the text of the first 64 K characters even when the whole answer is already in, and reads the rest only once the page has shown them', async () => {
    const { client } = fakeServer(inChunks);
    const offered: string[] = [];
    let shown!: () => void;
    let whole: unknown;
    const call = client
      .postErp('get_cari', { firma_ismi: '' }, {
        onPartial: (json) => {
          offered.push(json);
          return new Promise<void>((resolve) => (shown = resolve));
        },
      })
      .then((json) => (whole = json));
    await vi.waitFor(() => expect(offered).toHaveLength(1));
    // 16 KB chunks: the first 4 make 64 K characters; ~1,530 characters per row → 42 whole rows in them.
    expect(offered[0]).toBe(text.slice(0, 4 * 16_384));
    const first = parsePrefix(offered[0]!) as { COMPANY_ID: string }[];
    const perRow = JSON.stringify(rows[0]).length + 1;
    expect(first).toHaveLength(Math.floor((4 * 16_384 - 1) / perRow));
    expect(first[0]).toEqual(rows[0]);
    await new Promise((r) => setTimeout(r, 30));
    expect(whole).toBeUndefined(); // waits for the page
    shown();
    await call;
    expect(whole).toEqual(rows);
    expect(offered).toHaveLength(1);
  });

  it('an onPartial that returns nothing does not hold the answer up; a short answer offers nothing', async () => {
    const { client } = fakeServer(inChunks);
    const offered: string[] = [];
    expect(await client.postErp('get_cari', { firma_ismi: '' }, { onPartial: (start) => void offered.push(start) })).toEqual(rows);
    expect(offered).toHaveLength(1);
    const short = fakeServer(() => new Response('[{"COMPANY_ID":"7","FULLNAME":"Kısa"}]', { headers: { 'content-type': 'application/json' } }));
    const none: string[] = [];
    await short.client.postErp('get_cari', { firma_ismi: '' }, { onPartial: (start) => void none.push(start) });
    expect(none).toHaveLength(0);
  });

  it('an answer that ends right after its offered start is not held up by the page', async () => {
    // One piece of 150 KB: offered (more than 64 K characters), then the answer ends — the whole
    // answer is read at once, not after the page painted (or a time limit passed).
    const { client } = fakeServer(() => new Response(text, { headers: { 'content-type': 'application/json' } }));
    const offered: string[] = [];
    const never = new Promise<void>(() => undefined);
    const json = await client.postErp('get_cari', { firma_ismi: '' }, { onPartial: (start) => (offered.push(start), never) });
    expect(json).toEqual(rows);
    expect(offered.length).toBeLessThanOrEqual(1);
  });
});

describe('the config and session GETs the page load already sent (public/early-call.js)', () => {
  type EarlyGets = { __earlyGet?: Record<string, { response: Promise<Response>; at: number }> };
  const user = { userName: 'demo', displayName: 'Demo Kullanıcı' };
  afterEach(() => delete (globalThis as EarlyGets).__earlyGet);

  it('the first getJson of each takes its answer over (no request of its own); the next one asks anew', async () => {
    const { client, seen } = fakeServer(() => new Response(JSON.stringify({ user: { userName: 'ikinci' } }), { headers: { 'content-type': 'application/json' } }));
    (globalThis as EarlyGets).__earlyGet = {
      session: { response: Promise.resolve(new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } })), at: performance.now() },
    };
    expect(await client.getJson('session')).toEqual({ user });
    expect(seen).toHaveLength(0);
    expect(await client.getJson('session')).toEqual({ user: { userName: 'ikinci' } });
    expect(seen).toHaveLength(1);
  });

  it('a 401 it got is read like any other (not logged in); one older than 10 s is not used', async () => {
    const { client, seen } = fakeServer(() => new Response(JSON.stringify({ user }), { headers: { 'content-type': 'application/json' } }));
    (globalThis as EarlyGets).__earlyGet = {
      session: { response: Promise.resolve(gatewayError(401, 'unauthenticated', 'Oturum yok')), at: performance.now() },
      config: { response: Promise.resolve(new Response('{"demo":false}', { headers: { 'content-type': 'application/json' } })), at: performance.now() - 11_000 },
    };
    expect(await errorOf(client.getJson('session'))).toBeInstanceOf(UnauthenticatedError);
    expect(await client.getJson('config')).toEqual({ user });
    expect(seen.map((s) => s.url)).toEqual(['http://127.0.0.1:5173/api/config']);
  });
});
