/**
 * GET /api/overview — Özet's figures, worked out here (src/domain/overview-summary.ts) from the
 * two ERP answers the list and aging pages read: get_cari and get_yaslandirma with firma_ismi "".
 * A valid session first; then both calls go the way /api/erp/:op sends them (erp-route.ts
 * `erpAnswer`: the session's places, the same call identity, coalesce.ts), so the browser's own
 * identical calls sent beside this one (Özet's alongCalls, src/contract/pages.ts) share the same
 * ERP request: one get_cari and one get_yaslandirma per Özet view. Each answer is read whole here
 * and never leaves the server; the answer is a few KB of JSON (docs/decisions/0009-overview-on-the-server.md).
 * An answer the same, byte for byte, as the one read last time is not read again (`keptRead`).
 *
 * Failures: a call the gateway refused or lost (ERP down, too large, an echo) or an answer the
 * reader cannot read is that part's failure, the other part stands; when both calls failed at the
 * gateway the route fails with the first one's error (status and JSON as /api/erp/:op would).
 */
import type { Hono } from 'hono';
import type { GatewayEnv } from './config';
import { erpAnswer, type ErpRouteDeps } from './erp-route';
import { GatewayError, errorBody } from './messages';
import { ERP_OPERATIONS, OVERVIEW_PATH, accountListCall, agingListCall, callKey, type ErpCall } from '../../src/contract/erp';
import { extendAliases } from '../../src/domain/reader';
import { accountsPart, agingPart, readFailure, type OverviewPart, type OverviewSummary } from '../../src/domain/overview-summary';
import { partInThread, type OverviewPartKind, type PartOf } from './overview-thread';

/** The whole body's bytes, in one buffer of its own. */
const bytesOf = async (body: ReadableStream<Uint8Array>): Promise<Uint8Array> => new Uint8Array(await new Response(body).arrayBuffer());

/**
 * Decoded as the browser decodes it (UTF-8, a BOM dropped), in one go: decoding each chunk as it
 * came cost several times the CPU on a 16 MB answer.
 */
const textOf = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/**
 * One part's reading, kept with the bytes it was read from: the next view whose ERP answer is the
 * same, byte for byte, gets the same part without reading again (the part is a function of the
 * bytes alone — the alias table is the process's). The ERP is asked every time, so nothing is ever
 * older than its answer; a changed answer (a payment entered meanwhile) is read anew. A failed read
 * is not kept. One answer per part is kept (≈ 15 + 10 MB on a 100,000-account ERP).
 */
export function keptRead<T>(read: (bytes: Uint8Array) => Promise<OverviewPart<T>>): (bytes: Uint8Array) => Promise<OverviewPart<T>> {
  let kept: { bytes: Uint8Array; part: OverviewPart<T> } | null = null;
  return async (bytes) => {
    if (kept && kept.bytes.byteLength === bytes.byteLength && Buffer.compare(kept.bytes, bytes) === 0) return kept.part;
    const part = await read(bytes);
    kept = 'ok' in part ? { bytes, part } : null;
    return part;
  };
}

/** A part read on this thread: what the reader throws is the part's failure. */
function readHere<T>(bytes: Uint8Array, read: (text: string) => T): OverviewPart<T> {
  try {
    return { ok: read(textOf(bytes)) };
  } catch (err) {
    return { failed: readFailure(err) };
  }
}

/**
 * `aliases`: the operator's alias table (GET /api/config gives the browser the same), merged into
 * this process's reader. `thread` (default on): each answer is read in a thread of its own
 * (overview-thread.ts), so this thread keeps moving the other answer's bytes and the two reads
 * take both cores.
 */
export function addOverviewRoute(app: Hono<GatewayEnv>, deps: ErpRouteDeps, aliases?: Record<string, unknown>, thread = true): void {
  if (aliases) extendAliases(aliases);
  /** Read in its thread, else (no thread, or it stopped) here. */
  const reader =
    <K extends OverviewPartKind>(kind: K, here: (text: string) => PartOf[K]) =>
    async (bytes: Uint8Array): Promise<OverviewPart<PartOf[K]>> => {
      const inThread = thread ? partInThread(kind, bytes, aliases) : null;
      if (inThread) {
        try {
          return await inThread;
        } catch {
          // the thread stopped: read here
        }
      }
      return readHere(bytes, here);
    };
  const readAccounts = keptRead(reader('accounts', accountsPart));
  const readAging = keptRead(reader('aging', agingPart));
  app.get(`/api/${OVERVIEW_PATH}`, async (c) => {
    c.set('op', OVERVIEW_PATH);
    const session = await deps.cookies.require(c);
    const left = c.req.raw.signal;
    /** The call as /api/erp/:op sends it: every documented parameter, "" for one left out. */
    const paramsOf = (call: ErpCall) => {
      const allowed: readonly string[] = ERP_OPERATIONS[call.operation];
      const values = call.params as Readonly<Record<string, string>>;
      return allowed.map((k) => [k, values[k] ?? ''] as const);
    };
    const calls = [accountListCall(''), agingListCall('')] as const;
    // The browser's copies of these calls (Özet's alongCalls) wait until this answer is written.
    const answered = deps.gate?.begin(
      session.sid,
      calls.map((call) => callKey({ operation: call.operation, params: Object.fromEntries(paramsOf(call)) })),
    );
    /** One call's part, or the gateway's error for it. */
    const part = async <T>(call: ErpCall, read: (bytes: Uint8Array) => Promise<OverviewPart<T>> | OverviewPart<T>): Promise<OverviewPart<T> | GatewayError> => {
      let bytes: Uint8Array;
      try {
        const { answer, release } = await erpAnswer(deps, session, call.operation, paramsOf(call), left);
        try {
          bytes = await bytesOf(answer.body);
        } finally {
          release();
        }
      } catch (err) {
        if (err instanceof GatewayError && !left.aborted) return err;
        throw err;
      }
      return read(bytes);
    };
    try {
      const [accounts, aging] = await Promise.all([part(calls[0], readAccounts), part(calls[1], readAging)]);
      if (accounts instanceof GatewayError && aging instanceof GatewayError) throw accounts;
      const failed = (err: GatewayError) => ({ failed: { kind: 'gateway' as const, status: err.status, body: errorBody(err) } });
      const summary: OverviewSummary = {
        accounts: accounts instanceof GatewayError ? failed(accounts) : accounts,
        aging: aging instanceof GatewayError ? failed(aging) : aging,
      };
      return c.json(summary);
    } finally {
      answered?.();
    }
  });
}
