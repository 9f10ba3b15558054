/**
 * The fake Workcube WEX service: POST /wex.cfm/<service>/<operation>?password=<API password>.
 *
 * - unknown service → 404 "Wex not found or not registered!"; wrong/missing API password → 401 with
 *   an EMPTY body; unknown (or `undeployed`) operation → 404 "Wex method not found!" (Workcube's wex.cfm).
 * - body: application/x-www-form-urlencoded, UTF-8 (JSON bodies are accepted too); URL query
 *   parameters other than `password` are merged in, like ColdFusion's arguments scope.
 * - matching: firma_ismi partial, case-insensitive with Turkish folding (foldTr); fatura_no exact
 *   (case-insensitive) or a trailing part ("417" finds "SF2026000417"); cari_id and fatura_id exact.
 *   Empty/missing filters match everything. get_yaslandirma lists accounts with a non-zero balance.
 * - fail modes (faults.ts): html500, html200, empty (200, no body), hang (answers only when the request
 *   is aborted, after `hangMs`, or on release()), malformed-numbers, erp-error, cut (half the body,
 *   then the connection fails); globally (`fail`) or
 *   per operation / per parameter value (`failRules`, first match wins).
 */
import { generateDataset, getDataset, DEFAULT_TODAY, type DatasetSize, type DemoDataset } from './dataset';
import { isShape, renderUser, contentType, type ShapeName } from './shapes';
import { answer, forgetAging } from './answers';

/** wex.cfm's answers to an unknown service and an unknown method (both HTTP 404). */
export const WEX_NOT_FOUND = 'Wex not found or not registered!';
export const WEX_METHOD_NOT_FOUND = 'Wex method not found!';
import {
  coldFusionErrorPage,
  DB_TIMEOUT,
  ERP_ERROR_MESSAGE,
  failModeFor,
  failRuleProblem,
  isFailMode,
  NOT_FOUND_PAGE,
  OPERATIONS,
  type FailMode,
  type FailRule,
  type Operation,
} from './faults';

export { FAIL_MODES, OPERATIONS, isFailMode, isOperation, parseFailSpec, failRuleProblem, coldFusionErrorPage, ERP_ERROR_MESSAGE } from './faults';
export type { FailMode, FailRule, Operation } from './faults';
export { DEMO_USERS, LOGIN_FAILED_MESSAGE, INVOICE_NOT_FOUND_MESSAGE } from './answers';
export type { DemoUser } from './answers';

export interface DemoErpOptions {
  /** The API password every call must carry as ?password=. Required. */
  apiPassword: string;
  /** The <service> path segment. Default "mobiusmus". */
  service?: string;
  shape?: ShapeName;
  size?: DatasetSize;
  /** "YYYY-MM-DD"; default 2026-11-15. */
  today?: string;
  fail?: FailMode;
  /** Fail only some requests (per operation, per parameter value); checked before `fail`. */
  failRules?: FailRule[];
  seed?: number;
  /** How long `hang` waits at most before answering (ms). Default 10 minutes. */
  hangMs?: number;
  /** Operations this installation has not deployed: answered 404 "Wex method not found!". */
  undeployed?: Operation[];
  /** Size of the request log (oldest dropped). Default 1000. */
  maxLog?: number;
  /**
   * Keep rendered answers (default true): the dataset is fixed, so an answer is rendered once per
   * (operation, parameters, shape) and kept — like a warm ERP whose query results are cached —
   * instead of building 100,000 rows of JSON again for every call (≈ 0.1–0.3 s of this process's
   * CPU each, shared with the gateway in demo mode). DEMO_ERP_MEMO=0 turns it off.
   */
  memo?: boolean;
  /** false: a dataset of this ERP's own, let go with it (the server's start-up warm-up), not the one the process shares. */
  shared?: boolean;
}

/** Mutable at run time (tests set them directly; the standalone server via POST /__demo/settings). */
export interface DemoErpSettings {
  shape: ShapeName;
  fail: FailMode;
  failRules: FailRule[];
}

export interface DemoRequestRecord {
  at: string;
  method: string;
  service: string;
  operation: string;
  /** Body parameters merged over query parameters; the API password is not here, user_password is masked ("***"). */
  params: Record<string, string>;
  /** Query parameter names other than `password` (to assert nothing else leaked into the URL). */
  queryKeys: string[];
  contentType: string;
  passwordOk: boolean;
  status: number;
}

export interface DemoErp {
  /** `connection`: the Node server's response (@hono/node-server's env), so `cut` can drop the socket. */
  fetch(request: Request, connection?: DemoConnection): Promise<Response>;
  /** Generated on first access (or first request) and cached. */
  readonly dataset: DemoDataset;
  settings: DemoErpSettings;
  readonly options: Readonly<Required<Pick<DemoErpOptions, 'service' | 'size' | 'today'>>>;
  /** Every request received, oldest first (capped). */
  requests: DemoRequestRecord[];
  /** Answers every hanging request now (used on close). */
  release(): void;
  /** A payment received (a Tahsilat credit line; on a foreign-currency account, in its currency), in this ERP's own copy of the dataset: kept answers are dropped. */
  addPayment(p: { accountId: string; date: string; amount: number; currencyAmount?: number; documentNo?: string }): void;
}

async function readParams(request: Request, url: URL): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  url.searchParams.forEach((v, k) => {
    if (k !== 'password') params[k] = v;
  });
  const text = await request.text();
  if (!text) return params;
  const type = request.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      const json: unknown = JSON.parse(text);
      if (json && typeof json === 'object') for (const [k, v] of Object.entries(json)) params[k] = String(v);
    } catch {
      /* a JSON body that is not JSON: no parameters, like WEX */
    }
    return params;
  }
  new URLSearchParams(text).forEach((v, k) => (params[k] = v));
  return params;
}

/**
 * Rendered answers kept as UTF-8 bytes (sent as they are: no 8 MB string encoded again on every
 * call), most recently used last; at most MEMO_BYTES in all.
 */
const MEMO_BYTES = 48_000_000;
function answerMemo(dataset: () => DemoDataset) {
  const kept = new Map<string, Uint8Array<ArrayBuffer>>();
  let bytes = 0;
  return {
    clear() {
      kept.clear();
      bytes = 0;
    },
    answer(op: Operation, params: Record<string, string>, shape: ShapeName): string | Uint8Array<ArrayBuffer> {
      const key = JSON.stringify([op, shape, Object.entries(params).sort(([a], [b]) => (a < b ? -1 : 1))]);
      const hit = kept.get(key);
      if (hit !== undefined) {
        kept.delete(key);
        kept.set(key, hit);
        return hit;
      }
      const text = answer(dataset(), op, params, shape, false);
      const encoded = new TextEncoder().encode(text);
      if (encoded.byteLength > MEMO_BYTES) return encoded;
      kept.set(key, encoded);
      bytes += encoded.byteLength;
      for (const [k, v] of kept) {
        if (bytes <= MEMO_BYTES) break;
        kept.delete(k);
        bytes -= v.byteLength;
      }
      return encoded;
    },
  };
}

/** What the demo ERP may see of the HTTP server it runs in (@hono/node-server passes { incoming, outgoing }). */
export interface DemoConnection {
  outgoing?: { destroy(): void };
}

/**
 * The first half of `text`, then the connection drops (the socket is destroyed a moment later, so
 * the half that was written has left): what an ERP that crashes mid-answer looks like on the wire —
 * a chunked answer without its last chunk. Without a socket (a test calling fetch directly) the
 * body stream fails instead.
 */
function halfThenFail(text: string | Uint8Array, connection?: DemoConnection): ReadableStream<Uint8Array> {
  const bytes = typeof text === 'string' ? new TextEncoder().encode(text) : text;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes.subarray(0, Math.floor(bytes.byteLength / 2)));
    },
    async pull(controller) {
      await new Promise((r) => setTimeout(r, 100));
      connection?.outgoing?.destroy();
      controller.error(new Error('demo ERP: connection dropped mid-answer (fail mode "cut")'));
    },
  });
}

export function createDemoErp(options: DemoErpOptions): DemoErp {
  if (!options || typeof options.apiPassword !== 'string' || !options.apiPassword) throw new Error('createDemoErp: apiPassword is required');
  const shape = options.shape ?? 'wex';
  const fail = options.fail ?? 'none';
  const size = options.size ?? 'normal';
  if (!isShape(shape)) throw new Error(`Unknown demo ERP shape "${String(shape)}"`);
  if (!isFailMode(fail)) throw new Error(`Unknown demo ERP fail mode "${String(fail)}"`);
  for (const rule of options.failRules ?? []) {
    const problem = failRuleProblem(rule);
    if (problem) throw new Error(`Bad demo ERP fail rule: ${problem}`);
  }
  if (size !== 'normal' && size !== 'large') throw new Error(`Unknown demo ERP size "${String(size)}"`);
  const today = options.today ?? DEFAULT_TODAY;
  const service = options.service ?? 'mobiusmus';
  const hangMs = options.hangMs ?? 600_000;
  const maxLog = options.maxLog ?? 1000;
  const memo = options.memo === false ? null : answerMemo(() => dataset());
  const settings: DemoErpSettings = { shape, fail, failRules: [...(options.failRules ?? [])] };
  const requests: DemoRequestRecord[] = [];
  const hanging = new Set<() => void>();
  // The dataset generated once per process for these options (getDataset) is shared by every demo ERP
  // made with them; a payment goes into this ERP's own copy (generated again, the same data), so
  // another ERP of the process never sees it.
  let own: DemoDataset | null = null;
  const dataset = () =>
    own ?? (options.shared === false ? (own = generateDataset({ size, today, seed: options.seed })) : getDataset({ size, today, seed: options.seed }));

  const log = (rec: DemoRequestRecord) => {
    requests.push(rec);
    if (requests.length > maxLog) requests.splice(0, requests.length - maxLog);
  };

  async function handle(request: Request, connection?: DemoConnection): Promise<Response> {
    const url = new URL(request.url);
    const m = /^\/wex\.cfm\/([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
    const rec: DemoRequestRecord = {
      at: new Date().toISOString(),
      method: request.method,
      service: m ? decodeURIComponent(m[1]!) : '',
      operation: m ? decodeURIComponent(m[2]!) : '',
      params: {},
      queryKeys: [...new Set([...url.searchParams.keys()].filter((k) => k !== 'password'))],
      contentType: request.headers.get('content-type') ?? '',
      passwordOk: url.searchParams.get('password') === options.apiPassword,
      status: 0,
    };
    log(rec);
    const done = (res: Response) => ((rec.status = res.status), res);
    let params: Record<string, string> = {};
    try {
      params = await readParams(request, url);
    } catch {
      /* unreadable body: no parameters */
    }
    rec.params = { ...params, ...(params.user_password ? { user_password: '***' } : {}) };
    if (!m) return done(new Response(NOT_FOUND_PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    // Workcube's wex.cfm: an unknown service, then an unknown method, each a 404 with its own text.
    if (rec.service !== service) return done(new Response(WEX_NOT_FOUND, { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    if (!rec.passwordOk) return done(new Response(null, { status: 401 }));
    const html = (status: number, message: string, detail: string) =>
      done(new Response(coldFusionErrorPage(message, detail), { status, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    const s = settings.shape;
    const f = failModeFor(settings.fail, settings.failRules, rec.operation, params);
    if (f === 'html500' || f === 'html200') return html(f === 'html500' ? 500 : 200, DB_TIMEOUT.message, DB_TIMEOUT.detail);
    if (f === 'erp-error') return done(new Response(renderUser(s, false, ERP_ERROR_MESSAGE), { status: 200, headers: { 'content-type': contentType(s) } }));
    if (f === 'empty') return done(new Response('', { status: 200, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    if (f === 'hang') {
      await new Promise<void>((resolve) => {
        const finish = () => {
          hanging.delete(finish);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(finish, hangMs);
        timer.unref?.();
        hanging.add(finish);
        if (request.signal.aborted) finish();
        else request.signal.addEventListener('abort', finish, { once: true });
      });
      return done(new Response('', { status: 200 }));
    }
    if (!(OPERATIONS as readonly string[]).includes(rec.operation) || (options.undeployed ?? []).includes(rec.operation as Operation))
      return done(new Response(WEX_METHOD_NOT_FOUND, { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    const text =
      f === 'malformed-numbers' || !memo
        ? answer(dataset(), rec.operation as Operation, params, s, f === 'malformed-numbers')
        : memo.answer(rec.operation as Operation, params, s);
    if (f === 'cut') return done(new Response(halfThenFail(text, connection), { status: 200, headers: { 'content-type': contentType(s) } }));
    return done(new Response(text, { status: 200, headers: { 'content-type': contentType(s) } }));
  }

  return {
    fetch: handle,
    get dataset() {
      return dataset();
    },
    settings,
    options: { service, size, today },
    requests,
    release() {
      for (const finish of [...hanging]) finish();
    },
    addPayment(p) {
      own ??= generateDataset({ size, today, seed: options.seed });
      const a = own.accountById.get(p.accountId);
      if (!a) throw new Error(`no account ${p.accountId}`);
      if (!Number.isSafeInteger(p.amount) || p.amount <= 0) throw new Error('amount must be a positive number of kuruş');
      const foreign = a.currency ? { currency: a.currency, currencyAmount: p.currencyAmount ?? p.amount } : {};
      a.lines.push({
        date: p.date,
        dueDate: null,
        type: 'Tahsilat',
        debit: 0,
        credit: p.amount,
        documentNo: p.documentNo ?? `TH-${p.date}`,
        description: 'Havale / EFT',
        ...foreign,
      });
      a.lines.sort((x, y) => (x.date < y.date ? -1 : x.date > y.date ? 1 : 0));
      a.balance -= p.amount;
      if (a.currency && a.currencyBalance !== undefined) a.currencyBalance -= p.currencyAmount ?? p.amount;
      forgetAging(a);
      memo?.clear();
    },
  };
}
