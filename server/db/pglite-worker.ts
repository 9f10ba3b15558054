/**
 * The embedded database's thread (server/db/pglite-thread.ts starts it; the built server's
 * dist-server/pglite-worker.js). PGlite runs here, so its statements — the WASM Postgres's parse,
 * plan and execution, a campaign's PDFs written as bytea, a board's 10,000 rows read — never hold the
 * event loop the gateway and the reply page serve from. The main thread's client sends each call
 * (query, exec, a transaction's begin and end, a prepared statement, the folder's dump, close) and
 * gets back PGlite's own answer, or its error's fields (code, detail, constraint…).
 *
 * A transaction stays PGlite's own: `begin` opens `PGlite.transaction` and keeps its callback waiting
 * until `end` says commit or roll back; meanwhile calls outside it wait on PGlite's lock exactly as
 * they did in one thread, and the transaction's own calls carry its number.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';
import { BYTEA, BYTEA_NATIVE, literal } from './pglite-codec';
import { nameThisThread } from '../threads';

export type Request = { id: number } & (
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; raw?: number[]; paramTypes?: number[]; tx?: number }
  | { op: 'exec'; sql: string; tx?: number }
  | { op: 'begin' }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'prepared'; name: string; text: string; values: string[] }
  | { op: 'listen'; channel: string }
  | { op: 'dump' }
  | { op: 'close' }
);
export interface ErrorOut {
  name: string;
  message: string;
  /** The error's own fields that are plain values: Postgres's code, detail, constraint, table… */
  props: Record<string, string | number | boolean>;
}
export type Reply = { id: number; ok: unknown } | { id: number; error: ErrorOut };
/** A NOTIFY on a channel the thread listens to (not an answer: no id). */
export interface Notice {
  notice: string;
}
export interface Start {
  dataDir: string;
  /** A dump of a data folder to start from (tests' migrated template), moved to this thread. */
  loadDataDir?: ArrayBuffer;
  /** PGlite's Postgres compiled once per process (pglite-thread.ts), not again by every thread. */
  wasm?: WebAssembly.Module;
}

nameThisThread('cari-db');
const port = parentPort!;
const start = workerData as Start;
const ROLLBACK = Symbol('rollback');
const identity = (v: string) => v;

function errorOut(e: unknown): ErrorOut {
  const err = e instanceof Error ? e : new Error(String(e));
  const props: ErrorOut['props'] = {};
  for (const [k, v] of Object.entries(err)) if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') props[k] = v;
  return { name: err.name, message: err.message, props };
}

/** The byte arrays of a result that own their whole buffer: moved to the main thread, not copied. */
function movable(result: Results | Results[]): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  for (const r of Array.isArray(result) ? result : [result]) {
    if (!r.fields.some((f) => f.dataTypeID === BYTEA)) continue;
    for (const row of r.rows as Array<Record<string, unknown> | unknown[]>) {
      for (const v of Array.isArray(row) ? row : Object.values(row)) {
        if (v instanceof Uint8Array && v.byteOffset === 0 && v.byteLength === v.buffer.byteLength && v.buffer instanceof ArrayBuffer) out.add(v.buffer);
      }
    }
  }
  return [...out];
}

async function main(): Promise<void> {
  let db: PGlite;
  try {
    db = await PGlite.create(start.dataDir, {
      ...(start.loadDataDir ? { loadDataDir: new Blob([start.loadDataDir]) } : {}),
      ...(start.wasm ? { pgliteWasmModule: start.wasm } : {}),
      ...BYTEA_NATIVE,
    });
  } catch (e) {
    port.postMessage({ started: false, error: errorOut(e) });
    return;
  }
  const txs = new Map<number, { t: Transaction; finish: (commit: boolean) => void; done: Promise<void> }>();
  const prepared = new Map<string, Promise<unknown>>();
  const listening = new Map<string, Promise<unknown>>();
  let nextTx = 1;

  const handle = async (m: Request): Promise<unknown> => {
    switch (m.op) {
      case 'query': {
        const target = m.tx === undefined ? db : txs.get(m.tx)?.t;
        if (!target) throw new Error(`transaction ${m.tx} is not open`);
        const options: QueryOptions = {};
        if (m.rowMode) options.rowMode = m.rowMode;
        if (m.raw?.length) options.parsers = Object.fromEntries(m.raw.map((t) => [t, identity]));
        if (m.paramTypes) options.paramTypes = m.paramTypes;
        return target.query(m.sql, m.params, options);
      }
      case 'exec': {
        const target = m.tx === undefined ? db : txs.get(m.tx)?.t;
        if (!target) throw new Error(`transaction ${m.tx} is not open`);
        return target.exec(m.sql);
      }
      case 'begin':
        return new Promise<number>((opened, failed) => {
          const tx = nextTx++;
          let finish!: (commit: boolean) => void;
          const decided = new Promise<boolean>((r) => (finish = r));
          let isOpen = false;
          const done = db.transaction(async (t) => {
            txs.set(tx, { t, finish, done });
            isOpen = true;
            opened(tx);
            if (!(await decided)) throw ROLLBACK;
          });
          // BEGIN itself failed: the caller's begin fails; once open, `end` reports how it ended.
          done.catch((e) => {
            if (!isOpen) failed(e);
          });
        });
      case 'end': {
        const open = txs.get(m.tx);
        if (!open) throw new Error(`transaction ${m.tx} is not open`);
        txs.delete(m.tx);
        open.finish(m.commit);
        try {
          await open.done;
        } catch (e) {
          if (e !== ROLLBACK) throw e;
        }
        return true;
      }
      case 'prepared': {
        if (!/^[a-z_]{1,40}$/.test(m.name)) throw new Error(`prepared: bad statement name ${m.name}`);
        let ready = prepared.get(m.name);
        if (!ready) {
          // literal() relies on standard strings (already PGlite's default): made sure of with the first statement.
          ready = db.exec(`SET standard_conforming_strings = on; PREPARE ${m.name} AS ${m.text}`);
          prepared.set(m.name, ready);
          ready.catch(() => prepared.delete(m.name));
        }
        await ready;
        const results = await db.exec(`EXECUTE ${m.name}(${m.values.map(literal).join(', ')})`);
        return results[results.length - 1]!;
      }
      case 'listen': {
        // Once per channel; the main thread hands each notice to its own listeners.
        if (!/^[a-z_]{1,40}$/.test(m.channel)) throw new Error(`listen: bad channel name ${m.channel}`);
        let on = listening.get(m.channel);
        if (!on) {
          on = db.listen(m.channel, () => port.postMessage({ notice: m.channel } satisfies Notice));
          listening.set(m.channel, on);
          on.catch(() => listening.delete(m.channel));
        }
        await on;
        return true;
      }
      case 'dump':
        return (await db.dumpDataDir('none')).arrayBuffer();
      case 'close':
        await db.close();
        return true;
    }
  };

  port.on('message', (m: Request) => {
    handle(m).then(
      (ok) => {
        const transfer = ok instanceof ArrayBuffer ? [ok] : m.op === 'query' || m.op === 'prepared' || m.op === 'exec' ? movable(ok as Results) : [];
        port.postMessage({ id: m.id, ok } satisfies Reply, transfer);
      },
      (e: unknown) => port.postMessage({ id: m.id, error: errorOut(e) } satisfies Reply),
    );
  });
  port.postMessage({ started: true });
}

void main();
