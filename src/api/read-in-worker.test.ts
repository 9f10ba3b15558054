/**
 * The page's side of the answer worker (read-in-worker.ts), with a stand-in Worker that runs the
 * worker's job (answer-read.ts) in this process through the same protocol, its messages cloned and
 * their buffers moved as postMessage does: the list as the reader
 * gives it, the first rows and the bytes on the way, and each fault as the same typed error the
 * page shows without a worker — a dropped connection is "cut off", an HTML page is unreadable, the
 * user's own cancel is passed through.
 */
import { afterAll, beforeAll } from 'vitest';
import { readAccountsAnswer } from './answer-read';
import { AnswerCutError, ErpFormatError } from '../domain/errors';
import { readAccounts } from '../domain/reader';
import { longAnswerQuery, type WorkerReadHooks } from './erp-call';
import { createApiClient, setApiClient } from './client';
import { createQueryClient } from './query-client';
import { accountListCall } from '../contract/erp';

class InProcessWorker {
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onerror: ((e: { preventDefault(): void }) => void) | null = null;
  static started = 0;
  /** The next job makes the worker die (as a worker whose script failed or that crashed). */
  static crashNext = false;
  constructor(readonly url: URL) {
    InProcessWorker.started++;
  }
  postMessage(message: { id: number; request: Parameters<typeof readAccountsAnswer>[0] }): void {
    const { id, request } = message;
    if (InProcessWorker.crashNext) {
      InProcessWorker.crashNext = false;
      queueMicrotask(() => this.onerror?.({ preventDefault() {} }));
      return;
    }
    // As postMessage does: a structured clone, its buffers moved (a buffer used after it was moved fails here too).
    const send = (data: unknown, transfer: Transferable[] = []) => {
      const copy = structuredClone(data, { transfer });
      queueMicrotask(() => this.onmessage?.({ data: copy }));
    };
    readAccountsAnswer(request, (progress, transfer) => send({ id, progress }, transfer)).then(
      ({ result, transfer }) => send({ id, result }, transfer),
      (error: unknown) => send({ id, error: error instanceof Error ? error.message : String(error) }),
    );
  }
  terminate(): void {}
}

const saved = (globalThis as { Worker?: unknown }).Worker;
beforeAll(() => {
  (globalThis as { Worker?: unknown }).Worker = InProcessWorker;
});
afterAll(() => {
  (globalThis as { Worker?: unknown }).Worker = saved;
  setApiClient();
});

function responseOf(text: string, opts: { failAfter?: number } = {}): Response {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (opts.failAfter !== undefined && at >= opts.failAfter) return controller.error(new TypeError('terminated'));
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + 500));
      at += 500;
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
}

const rows = Array.from({ length: 300 }, (_, i) => ({
  COMPANY_ID: String(i + 1),
  FULLNAME: `Çağ & "Ortak" %${i}`,
  CITY_NAME: 'İZMİR',
  BAKIYE: (i * 10.25).toFixed(2),
}));
const text = JSON.stringify(rows);

function hooks(extra: Partial<WorkerReadHooks> = {}) {
  const seen = { bytes: [] as number[], starts: [] as string[] };
  const h: WorkerReadHooks = {
    operation: 'get_cari',
    onBytes: (n) => seen.bytes.push(n),
    onStart: (s) => void seen.starts.push(s),
    startChars: 2000,
    ...extra,
  };
  return { h, seen };
}

describe('readAccountsInWorker', () => {
  it('reads the list in the worker: the reader’s accounts, the first rows’ text once', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const { h, seen } = hooks();
    performance.clearMarks('erp:get_cari:worker-packed');
    const list = await readAccountsInWorker(responseOf(text), h);
    expect(InProcessWorker.started).toBe(1);
    expect(performance.getEntriesByName('erp:get_cari:worker-packed')).toHaveLength(1);
    expect(list).toEqual(readAccounts(rows));
    // By hand: row 4 (i = 3) has 3 × 10.25 = 30.75 TL = 3075 kuruş.
    expect(list!.accounts[3]).toMatchObject({ id: '4', name: 'Çağ & "Ortak" %3', province: 'İZMİR', balance: 3075 });
    expect(seen.starts).toEqual([text.slice(0, 2000)]);
  });

  it('a long list: its chunks are unpacked as they come, and the whole list is the reader’s', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const { CHUNK_ROWS } = await import('./account-pack');
    const long = Array.from({ length: 2 * CHUNK_ROWS + 1 }, (_, i) => ({ ...rows[i % 300]!, COMPANY_ID: String(i + 1) }));
    performance.clearMarks('erp:get_cari:worker-packed');
    const list = await readAccountsInWorker(responseOf(JSON.stringify(long)), hooks().h);
    expect(list).toEqual(readAccounts(long));
    // …as the worker packed it (not read again in the page, as an answer the worker could not read is).
    expect(performance.getEntriesByName('erp:get_cari:worker-packed')).toHaveLength(1);
    // By hand: the last row is i = 32,768, a copy of row 32,768 % 300 = 68: 68 × 10.25 = 697.00 TL.
    expect(list!.accounts[2 * CHUNK_ROWS]).toMatchObject({ id: String(2 * CHUNK_ROWS + 1), name: 'Çağ & "Ortak" %68', balance: 69_700 });
  });

  it('rows that change keys after the first chunk went to the page: the page starts its list again, the reader’s list', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const { CHUNK_ROWS } = await import('./account-pack');
    const long = Array.from({ length: CHUNK_ROWS + 2000 }, (_, i) => {
      const r = { ...rows[i % 300]!, COMPANY_ID: String(i + 1) };
      return i < CHUNK_ROWS + 1000 ? r : { ...r, VERGI_NO: `${i}` };
    });
    const list = await readAccountsInWorker(responseOf(JSON.stringify(long)), hooks().h);
    expect(list).toEqual(readAccounts(long));
    expect(list!.accounts).toHaveLength(CHUNK_ROWS + 2000);
  });

  it('a connection dropped halfway is “cut off” (AnswerCutError), as without a worker', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    await expect(readAccountsInWorker(responseOf(text, { failAfter: 5000 }), hooks().h)).rejects.toBeInstanceOf(AnswerCutError);
  });

  it('an HTML page with status 200 is an unreadable answer (ErpFormatError), read again in the page', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    await expect(readAccountsInWorker(responseOf('<html><body>Hata</body></html>'), hooks().h)).rejects.toBeInstanceOf(ErpFormatError);
  });

  it('the user’s own cancel is passed through, not called a cut', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const controller = new AbortController();
    controller.abort();
    const error = await readAccountsInWorker(responseOf(text, { failAfter: 1000 }), hooks({ signal: controller.signal }).h)!.catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(AnswerCutError);
    expect(error).toBeInstanceOf(Error);
  });

  it('a page that left while the worker read: none of the rows that come after are built in the page, and the read ends as cancelled', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const { AccountUnpacker, CHUNK_ROWS } = await import('./account-pack');
    const long = Array.from({ length: 2 * CHUNK_ROWS + 1 }, (_, i) => ({ ...rows[i % 300]!, COMPANY_ID: String(i + 1) }));
    const controller = new AbortController();
    const unpacked = vi.spyOn(AccountUnpacker.prototype, 'add');
    try {
      // The page leaves as the first rows come (the whole body is still read in the worker: nothing cancels it there).
      const { h } = hooks({ signal: controller.signal, onStart: () => controller.abort() });
      const error = await readAccountsInWorker(responseOf(JSON.stringify(long)), h)!.catch((e: unknown) => e);
      expect((error as Error).name).toBe('AbortError');
      expect(unpacked).not.toHaveBeenCalled();
    } finally {
      unpacked.mockRestore();
    }
  });

  it('a fault of the worker’s own (its packing) still gives the list, read in the page, and says so in the console', async () => {
    const { readAccountsInWorker } = await import('./read-in-worker');
    const { AccountPacker } = await import('./account-pack');
    const packing = vi.spyOn(AccountPacker.prototype, 'finish').mockImplementation(() => {
      throw new TypeError('a packing bug');
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const list = await readAccountsInWorker(responseOf(text), hooks().h);
      expect(list).toEqual(readAccounts(rows));
      expect(logged).toHaveBeenCalledWith('get_cari: the answer worker could not read a list the page read; read in the page instead');
    } finally {
      packing.mockRestore();
      logged.mockRestore();
    }
  });

  // Last: the worker stays stopped for this module afterwards (workerRpc does not start a dead worker again).
  it('a worker that dies with the answer in it: the list is asked for again and read in the page', async () => {
    let requests = 0;
    const client = createApiClient({
      prefixUrl: 'http://127.0.0.1:5173/api',
      fetch: (async () => {
        requests++;
        return responseOf(text);
      }) as typeof fetch,
    });
    setApiClient(client);
    InProcessWorker.crashNext = true;
    const { readAccountsInWorker } = await import('./read-in-worker');
    const query = longAnswerQuery(accountListCall(''), readAccounts, (first) => first.accounts.length > 0, { inWorker: readAccountsInWorker });
    const data = (await createQueryClient().fetchQuery({ ...query, retry: false })) as ReturnType<typeof readAccounts> & { complete: boolean };
    expect(requests).toBe(2);
    expect(data.complete).toBe(true);
    expect(data.accounts).toEqual(readAccounts(rows).accounts);
  });
});
