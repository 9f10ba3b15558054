/**
 * A query's call outlives its page by KEEP_MS (erp-call.ts `keptCall`): a page mounted twice at once
 * (React's StrictMode in dev, where every page is mounted, unmounted and mounted again) reads a list
 * still arriving once, not twice — a CI run saw 100,000 accounts downloaded twice (issue 48). A page
 * left for good still stops its call, and a refetch still sends a new one.
 */
import type { ReactNode } from 'react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import { createQueryClient } from './query-client';
import { createApiClient, setApiClient } from './client';
import { accountQueries } from './accounts';
import { agingQueries } from './aging';
import { KEEP_MS } from './kept-call';

afterEach(() => {
  setApiClient();
  delete globalThis.__erpCalls;
});

/** Three accounts, as the ERP sends them; balances in TL (kuruş worked out by hand below). */
const ACCOUNTS = JSON.stringify({
  status: 'success',
  data: [
    { COMPANY_ID: '1001', COMPANYCAT: 'Bayi', FULLNAME: 'Öz-Çağ "Yıldız" & Ortak %5 + \'Şirket\'', CITY_NAME: 'İZMİR', BAKIYE: '1234.56', MONEY: 'TL' },
    { COMPANY_ID: '1002', COMPANYCAT: 'Tedarikçi', FULLNAME: 'Ilgaz Gıda', CITY_NAME: 'ANKARA', BAKIYE: '-10.05', MONEY: 'TL' },
    { COMPANY_ID: '1003', COMPANYCAT: 'Bayi', FULLNAME: 'Şimşek Yapı', CITY_NAME: 'BURSA', BAKIYE: '0.49', MONEY: 'TL' },
  ],
});

interface Sent {
  url: string;
  signal: AbortSignal;
  answer: (body: string) => void;
}

/** A server that answers each request only when the test says so; records every request and its signal. */
function heldServer() {
  const sent: Sent[] = [];
  const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    return new Promise<Response>((resolve, fail) => {
      sent.push({
        url: new URL(req.url).pathname,
        signal: req.signal,
        answer: (body) => resolve(new Response(body, { headers: { 'content-type': 'application/json' } })),
      });
      req.signal.addEventListener('abort', () => fail(req.signal.reason));
    });
  }) as typeof fetch;
  setApiClient(createApiClient({ prefixUrl: 'http://127.0.0.1:5173/api', fetch: fetchFn, timeout: 60_000 }));
  return sent;
}

/** The page's providers; `strict`: rendered as main.tsx does in dev (StrictMode at the root: effects run, are undone and run again). */
function wrapperFor(client: ReturnType<typeof createQueryClient>, strict: boolean) {
  return {
    wrapper: ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>,
    reactStrictMode: strict,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a query’s call and the pages that want it', () => {
  it('a list still arriving when its page mounts twice at once (StrictMode) is asked for once and read once', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    // The route loader started it (prefetch, as first-queries.ts does); the page mounts while it travels.
    void client.prefetchQuery(accountQueries.list(''));
    const { result } = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, true));
    await waitFor(() => expect(sent).toHaveLength(1));
    // StrictMode has unmounted and mounted the page by now; wait past the keep time too.
    await sleep(KEEP_MS + 50);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.signal.aborted).toBe(false);
    sent[0]!.answer(ACCOUNTS);
    await waitFor(() => expect(result.current.data?.complete).toBe(true));
    const accounts = result.current.data!.accounts;
    expect(accounts.map((a) => a.name)).toEqual(['Öz-Çağ "Yıldız" & Ortak %5 + \'Şirket\'', 'Ilgaz Gıda', 'Şimşek Yapı']);
    // 1.234,56 − 10,05 + 0,49 = 1.225,00 TL
    expect(accounts.reduce((sum, a) => sum + (a.balance ?? 0), 0)).toBe(122_500);
    expect(sent).toHaveLength(1);
  });

  it('an answer read in one go (aging) is also asked for once under StrictMode', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    renderHook(() => useQuery(agingQueries.list('Yıldız')), wrapperFor(client, true));
    await waitFor(() => expect(sent).toHaveLength(1));
    await sleep(KEEP_MS + 50);
    expect(sent.map((s) => s.url)).toEqual(['/api/erp/get_yaslandirma']);
    expect(sent[0]!.signal.aborted).toBe(false);
  });

  it('a page left for good stops its call once the keep time is over, and coming back later asks again', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    const first = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, false));
    await waitFor(() => expect(sent).toHaveLength(1));
    first.unmount();
    expect(sent[0]!.signal.aborted).toBe(false);
    await waitFor(() => expect(sent[0]!.signal.aborted).toBe(true));
    // Not again by itself.
    await sleep(50);
    expect(sent).toHaveLength(1);
    const again = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, false));
    await waitFor(() => expect(sent).toHaveLength(2));
    sent[1]!.answer(ACCOUNTS);
    await waitFor(() => expect(again.result.current.data?.complete).toBe(true));
    expect(again.result.current.data!.accounts).toHaveLength(3);
  });

  it('a page that comes back within the keep time takes its call over', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    const first = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, false));
    await waitFor(() => expect(sent).toHaveLength(1));
    first.unmount();
    await sleep(KEEP_MS / 5);
    const back = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, false));
    await sleep(KEEP_MS + 50);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.signal.aborted).toBe(false);
    sent[0]!.answer(ACCOUNTS);
    await waitFor(() => expect(back.result.current.data?.complete).toBe(true));
  });

  it('a refetch (fresh data wanted) cancels the call on its way at once and sends a new one', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    const { result } = renderHook(() => useQuery(accountQueries.list('')), wrapperFor(client, false));
    await waitFor(() => expect(sent).toHaveLength(1));
    sent[0]!.answer(ACCOUNTS);
    await waitFor(() => expect(result.current.data?.complete).toBe(true));
    // A refetch on its way, then another (an invalidation after a change): the first one's answer may be old.
    void result.current.refetch();
    await waitFor(() => expect(sent).toHaveLength(2));
    void result.current.refetch();
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[1]!.signal.aborted).toBe(true);
    expect(sent[2]!.signal.aborted).toBe(false);
    sent[2]!.answer(ACCOUNTS.replace('1234.56', '1500.00'));
    // 1.500,00 − 10,05 + 0,49 = 1.490,44 TL
    await waitFor(() => expect(result.current.data!.accounts.reduce((sum, a) => sum + (a.balance ?? 0), 0)).toBe(149_044));
  });

  it('a cleared cache (logout) stops the call at once', async () => {
    const sent = heldServer();
    const client = createQueryClient();
    void client.prefetchQuery(accountQueries.list(''));
    await waitFor(() => expect(sent).toHaveLength(1));
    client.clear();
    expect(sent[0]!.signal.aborted).toBe(true);
  });
});
