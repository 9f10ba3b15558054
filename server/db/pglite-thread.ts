/**
 * The embedded database in a thread of its own (pglite-worker.ts; decision 0013): this module is the
 * main thread's side. `client` is what drizzle's PGlite driver calls — `query`, `exec`, `transaction`
 * — each sent to the thread, so PGlite's work (a campaign's 25-letter saves, the board's rows, every
 * page's queries) is done beside the event loop, not on it.
 *
 * - drizzle's per-query parsers are its identity parsers for dates, timestamps, intervals and their
 *   arrays: they cross as the list of type ids to leave as text (any other parser is refused, clearly).
 * - A transaction is PGlite's own in the thread, opened by `begin` and ended by `end` (commit, or roll
 *   back when the callback threw): calls outside it wait meanwhile, as they did in one thread.
 * - Errors come back with their fields (Postgres's `code`, `detail`, `constraint`…), so callers and
 *   drizzle's wrapping see what they saw before.
 * - The thread holds the process open only while a call is in flight.
 * - A thread that stops fails what is in flight and every later call with "Veritabanı iş parçacığı
 *   durdu" (the database thread stopped); nothing is retried on a database that may be half-written.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { startThread, threadModule } from '../threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { ErrorOut, Notice, Reply, Request, Start } from './pglite-worker';

/** What drizzle-orm/pglite's session calls on its client and on a transaction. */
export interface ThreadClient {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
}

export interface PgliteThread {
  client: ThreadClient;
  /** PREPARE once in the thread, then EXECUTE with the values as quoted literals (open.ts `prepared`). */
  prepared<T>(name: string, text: string, values: readonly string[]): Promise<T[]>;
  /** LISTEN on `channel` in the thread; `onNotice` for each NOTIFY, until the returned function is called. */
  listen(channel: string, onNotice: () => void): Promise<() => void>;
  dump(): Promise<Blob>;
  close(): Promise<void>;
}

type Call = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

function errorIn(out: ErrorOut): Error {
  const e = new Error(out.message);
  Object.assign(e, out.props);
  e.name = out.name;
  return e;
}

/** Type ids whose drizzle parser leaves the text as it is (checked once per options object). */
const rawTypes = new WeakMap<object, number[]>();
function textTypes(parsers: NonNullable<QueryOptions['parsers']>): number[] {
  let ids = rawTypes.get(parsers);
  if (!ids) {
    ids = [];
    for (const [type, parse] of Object.entries(parsers)) {
      const probe = '2026-01-31 00:00:00+00';
      if (parse(probe, Number(type)) !== probe)
        throw new Error(`PGlite thread: a parser for type ${type} that changes the value cannot run in the database's thread`);
      ids.push(Number(type));
    }
    rawTypes.set(parsers, ids);
  }
  return ids;
}

/**
 * PGlite's Postgres (pglite.wasm, 9 MB) compiled once per process and handed to each thread: a thread
 * that compiles its own pays ≈ 0.8 s of CPU every time a database opens (the tests open about twenty;
 * the server, one). A compiled module crosses to a thread without a copy of its code.
 */
let compiled: Promise<WebAssembly.Module> | undefined;
function postgresWasm(): Promise<WebAssembly.Module> {
  compiled ??= readFile(join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm'))
    .then((b) => WebAssembly.compile(b))
    .catch((e: unknown) => {
      compiled = undefined; // the next open tries again
      throw e;
    });
  return compiled;
}

export async function startPgliteThread(start: { dataDir: string; loadDataDir?: Blob }): Promise<PgliteThread> {
  const found = threadModule(import.meta.url, 'pglite-worker');
  if (!found) throw new Error('PGlite thread: pglite-worker is missing next to the server');
  const data: Start = {
    dataDir: start.dataDir,
    wasm: await postgresWasm(),
    ...(start.loadDataDir ? { loadDataDir: await start.loadDataDir.arrayBuffer() } : {}),
  };
  const options = { workerData: data, transferList: data.loadDataDir ? [data.loadDataDir] : [] };
  const worker = startThread(found, options);

  const pending = new Map<number, { ok: (v: unknown) => void; fail: (e: Error) => void }>();
  let nextId = 1;
  let stopped: Error | null = null;

  // Started, or why not: PGlite's own error, the thread's script failing, or the thread ending first.
  await new Promise<void>((ok, fail) => {
    const settle = () => {
      worker.off('message', first);
      worker.off('error', early);
      worker.off('exit', ended);
    };
    const first = (m: { started: boolean; error?: ErrorOut }) => {
      settle();
      if (m.started) ok();
      else {
        void worker.terminate();
        fail(errorIn(m.error!));
      }
    };
    const early = (e: Error) => {
      settle();
      fail(e);
    };
    const ended = (code: number) => {
      settle();
      fail(new Error(`PGlite thread ended before the database opened (exit code ${code})`));
    };
    worker.on('message', first);
    worker.on('error', early);
    worker.on('exit', ended);
  });

  const listeners = new Map<string, Set<() => void>>();
  worker.on('message', (m: Reply | Notice) => {
    if ('notice' in m) {
      for (const f of listeners.get(m.notice) ?? []) f();
      return;
    }
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if ('error' in m) p.fail(errorIn(m.error));
    else p.ok(m.ok);
  });
  const down = (e: Error) => {
    stopped ??= new Error(`Veritabanı iş parçacığı durdu (the database thread stopped): ${e.message}`);
    for (const p of pending.values()) p.fail(stopped);
    pending.clear();
  };
  worker.on('error', down);
  worker.on('exit', (code) => down(new Error(`exit code ${code}`)));
  worker.unref();

  const call = <T>(req: Call): Promise<T> => {
    if (stopped) return Promise.reject(stopped);
    const id = nextId++;
    return new Promise<T>((ok, fail) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { ok: ok as (v: unknown) => void, fail });
      worker.postMessage({ ...req, id });
    });
  };

  const query = <T>(tx: number | undefined, sql: string, params: unknown[] = [], opts?: QueryOptions) => {
    if (opts?.serializers || opts?.blob || opts?.onNotice)
      throw new Error('PGlite thread: serializers, blob and onNotice are not passed to the database thread');
    return call<Results<T>>({
      op: 'query',
      sql,
      params,
      ...(tx === undefined ? {} : { tx }),
      ...(opts?.rowMode ? { rowMode: opts.rowMode } : {}),
      ...(opts?.parsers ? { raw: textTypes(opts.parsers) } : {}),
      ...(opts?.paramTypes ? { paramTypes: opts.paramTypes } : {}),
    });
  };
  const exec = (tx: number | undefined, sql: string) => call<Results[]>({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) });

  const client: ThreadClient = {
    query: (sql, params, opts) => query(undefined, sql, params, opts),
    exec: (sql) => exec(undefined, sql),
    transaction: async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
      const id = await call<number>({ op: 'begin' });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async (sql: string, params?: unknown[], opts?: QueryOptions) => (open(), query(id, sql, params, opts)),
        exec: async (sql: string) => (open(), exec(id, sql)),
        sql: () => Promise.reject(new Error('PGlite thread: tx.sql is not supported; use query')),
        listen: () => Promise.reject(new Error('PGlite thread: LISTEN is not supported')),
        rollback: async () => {
          open();
          closed = true;
          await call({ op: 'end', tx: id, commit: false });
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (e) {
        if (!closed) {
          closed = true;
          // The callback's error is the one to report; a thread that stopped meanwhile fails later calls.
          await call({ op: 'end', tx: id, commit: false }).catch(() => undefined);
        }
        throw e;
      }
      if (!closed) {
        closed = true;
        await call({ op: 'end', tx: id, commit: true });
      }
      return result;
    },
  };

  return {
    client,
    prepared: async <T>(name: string, text: string, values: readonly string[]) =>
      (await call<Results<T>>({ op: 'prepared', name, text, values: [...values] })).rows,
    listen: async (channel, onNotice) => {
      await call({ op: 'listen', channel });
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      const own = () => onNotice();
      set.add(own);
      return () => void set.delete(own);
    },
    dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
    close: async () => {
      try {
        if (!stopped) await call({ op: 'close' });
      } finally {
        stopped ??= new Error('Veritabanı kapatıldı (the database is closed)');
        await worker.terminate();
      }
    },
  };
}
