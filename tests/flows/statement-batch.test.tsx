/**
 * The one batch-statement runner (src/api/statement-batch.ts), as the letters page and Özet use it:
 * statements fetched at most `limit` at a time, each account's outcome read back from its statement
 * query, a failure named in Turkish, İptal stopping the run and only its statements, and the last
 * outcome still there for a page opened again (the same QueryClient, a new component).
 */
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { hangStatements, mswServer } from '../harness';
import { createQueryClient } from '../../src/api/query-client';
import { useStatementBatch } from '../../src/api/statement-batch';
import type { Statement } from '../../src/domain/erp-types';

// Account n's statement has n lines (a figure the test can tell apart per account).
const linesOf = (id: string) =>
  Array.from({ length: Number(id) }, (_, k) => ({
    ACTION_DATE: `2026-01-0${k + 1}`,
    ACTION_NAME: 'Satış Faturası',
    BORC: 100,
    ALACAK: 0,
    BELGE_NO: `F${id}-${k}`,
  }));
const countLines = (_id: string, s: Statement) => s.lines.length;

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

describe('useStatementBatch', () => {
  it('reads at most `limit` statements at a time; each outcome from its statement, a failure in Turkish; kept for the page opened again', async () => {
    let inFlight = 0;
    let peak = 0;
    const asked: string[] = [];
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const { cari_id } = (await request.clone().json()) as { cari_id: string };
        asked.push(cari_id);
        inFlight++;
        peak = Math.max(peak, inFlight);
        try {
          await new Promise((r) => setTimeout(r, 15));
          if (cari_id === '3')
            return HttpResponse.json(
              { error: { code: 'upstream_http', message: 'x', upstreamStatus: 500 } },
              { status: 502, headers: { 'x-gateway-error': '1' } },
            );
          return HttpResponse.json(linesOf(cari_id));
        } finally {
          inFlight--;
        }
      }),
    );
    const client = createQueryClient();
    const opts = { key: ['test-batch', 'a'], limit: 2, compute: countLines };
    const { result, unmount } = renderHook(() => useStatementBatch(opts), { wrapper: wrapperOf(client) });
    expect(result.current.total).toBe(0);
    await act(() => result.current.start(['1', '2', '3', '4', '5']));
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(peak).toBe(2);
    // Account 3 twice: the app's one retry of a 5xx (query-client.ts), inside its own lane.
    expect([...asked].sort()).toEqual(['1', '2', '3', '3', '4', '5']);
    expect(result.current.done).toBe(5);
    // By hand: account n has n lines; account 3's answer was an ERP failure.
    expect(result.current.items.get('1')).toEqual({ kind: 'ready', value: 1 });
    expect(result.current.items.get('4')).toEqual({ kind: 'ready', value: 4 });
    expect(result.current.items.get('5')).toEqual({ kind: 'ready', value: 5 });
    const failed = result.current.items.get('3');
    expect(failed?.kind).toBe('failed');
    expect(failed?.kind === 'failed' && failed.message).toMatch(/ERP sunucusu/);
    unmount();

    // The page opened again: the same outcome, nothing asked again.
    const again = renderHook(() => useStatementBatch(opts), { wrapper: wrapperOf(client) });
    expect(again.result.current.total).toBe(5);
    expect(again.result.current.items.get('2')).toEqual({ kind: 'ready', value: 2 });
    expect(asked).toHaveLength(6);
    // Another batch (another key) has no outcome until it is run.
    const other = renderHook(() => useStatementBatch({ ...opts, key: ['test-batch', 'b'] }), { wrapper: wrapperOf(client) });
    expect(other.result.current.total).toBe(0);
  });

  it('İptal stops the run: no statement starts after it, the ones under way are aborted and counted as dealt with', async () => {
    const { started, aborted } = hangStatements();
    const client = createQueryClient();
    const { result } = renderHook(() => useStatementBatch({ key: ['test-batch', 'cancel'], limit: 2, compute: countLines }), { wrapper: wrapperOf(client) });
    let run: Promise<void> = Promise.resolve();
    act(() => void (run = result.current.start(['1', '2', '3', '4'])));
    await waitFor(() => expect(started).toHaveLength(2));
    expect(result.current.running).toBe(true);
    act(() => result.current.cancel());
    await act(() => run);
    await waitFor(() => expect(result.current.running).toBe(false));
    expect(result.current.cancelled).toBe(true);
    expect(started).toEqual(['1', '2']);
    await waitFor(() => expect([...aborted].sort()).toEqual(['1', '2']));
    // 2 of 4 dealt with (the two under way), none read; all four can be asked for again.
    expect(result.current.done).toBe(2);
    expect(['1', '2', '3', '4'].map((id) => result.current.items.get(id)?.kind)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
  });
});
