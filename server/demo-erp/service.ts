/**
 * The fake Workcube WEX service: POST /wex.cfm/<service>/<operation>?password=<API password>.
 *
 * - unknown service → 404 (HTML); wrong/missing API password → 401 with an EMPTY body;
 *   unknown operation → ColdFusion HTML error page, 500.
 * - body: application/x-www-form-urlencoded, UTF-8 (JSON bodies are accepted too); URL query
 *   parameters other than `password` are merged in, like ColdFusion's arguments scope.
 * - matching: firma_ismi partial, case-insensitive with Turkish folding (foldTr); fatura_no exact
 *   (case-insensitive) or a trailing part ("417" finds "SF2026000417"); cari_id and fatura_id exact.
 *   Empty/missing filters match everything. get_yaslandirma lists accounts with a non-zero balance.
 * - fail modes: html500, html200, empty (200, no body), hang (answers only when the request is
 *   aborted, after `hangMs`, or on release()), malformed-numbers.
 */
import { foldTr } from '../../src/lib/turkish';
import { agingOf, getDataset, DEFAULT_TODAY, type AgingResult, type DatasetSize, type DemoAccount, type DemoDataset, type DemoInvoice } from './dataset';
import { isShape, renderDetail, renderList, renderUser, contentType, keyFamily, type Column, type ShapeName, type Table, type CellValue } from './shapes';

export const FAIL_MODES = ['none', 'html500', 'html200', 'empty', 'hang', 'malformed-numbers'] as const;
export type FailMode = (typeof FAIL_MODES)[number];
export function isFailMode(s: unknown): s is FailMode {
  return typeof s === 'string' && (FAIL_MODES as readonly string[]).includes(s);
}
export const OPERATIONS = ['get_user', 'get_cari', 'get_cari_extre', 'get_yaslandirma', 'get_fatura', 'get_fatura_det'] as const;
export type Operation = (typeof OPERATIONS)[number];

export interface DemoUser {
  userName: string;
  password: string;
  id: string;
  name: string;
  surname: string;
  email: string;
  position: string;
}
export const DEMO_USERS: readonly DemoUser[] = [
  { userName: 'demo', password: 'demo', id: '12', name: 'Demo', surname: 'Kullanıcı', email: 'demo@ornek.com.tr', position: 'Muhasebe Uzmanı' },
  { userName: 'muhasebe', password: 'Mali2026!', id: '27', name: 'Ayşe', surname: 'Yıldırım', email: 'ayse.yildirim@ornek.com.tr', position: 'Mali İşler Müdürü' },
];
export const LOGIN_FAILED_MESSAGE = 'Kullanıcı adı veya şifre hatalı!';
export const INVOICE_NOT_FOUND_MESSAGE = 'Fatura bulunamadı.';

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
  seed?: number;
  /** How long `hang` waits at most before answering (ms). Default 10 minutes. */
  hangMs?: number;
  /** Size of the request log (oldest dropped). Default 1000. */
  maxLog?: number;
}

/** Mutable at run time (tests set them directly; the standalone server via POST /__demo/settings). */
export interface DemoErpSettings {
  shape: ShapeName;
  fail: FailMode;
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
  fetch(request: Request): Promise<Response>;
  /** Generated on first access (or first request) and cached. */
  readonly dataset: DemoDataset;
  settings: DemoErpSettings;
  readonly options: Readonly<Required<Pick<DemoErpOptions, 'service' | 'size' | 'today'>>>;
  /** Every request received, oldest first (capped). */
  requests: DemoRequestRecord[];
  /** Answers every hanging request now (used on close). */
  release(): void;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A ColdFusion-style error page. */
export function coldFusionErrorPage(message: string, detail: string): string {
  return `<!-- " ---></TD></TD></TD></TH></TH></TH></TR></TR></TR></TABLE></TABLE></TABLE></A></ABBREV></ACRONYM></ADDRESS></APPLET></AU></B></BANNER></BIG></BLINK></BLOCKQUOTE></BQ></CAPTION></CENTER></CITE></CODE></COMMENT></DEL></DFN></DIR></DIV></DL></EM></FIG></FN></FONT></FORM></FRAME></FRAMESET></H1></H2></H3></H4></H5></H6></HEAD></I></INS></KBD></LISTING></MAP></MARQUEE></MENU></MULTICOL></NOBR></NOFRAMES></NOSCRIPT></NOTE></OL></P></PARAM></PERSON></PLAINTEXT></PRE></Q></S></SAMP></SCRIPT></SELECT></SMALL></STRIKE></STRONG></SUB></SUP></TABLE></TD></TEXTAREA></TH></TITLE></TR></TT></U></UL></VAR></WBR></XMP>
<html><head><title>Error Occurred While Processing Request</title></head><body>
<font style="COLOR: black; FONT: 16pt/18pt verdana">The web site you are accessing has experienced an unexpected error.<br>Please contact the website administrator.</font>
<br><br>
<table border="1" cellpadding="3" bordercolor="#000808" bgcolor="#e7e7e7">
<tr><td bgcolor="#000066"><font style="COLOR: white; FONT: 11pt verdana"><b>${escapeHtml(message)}</b></font></td></tr>
<tr><td><font style="COLOR: black; FONT: 8pt/11pt verdana">${escapeHtml(detail)}</font></td></tr>
<tr><td><font style="COLOR: black; FONT: 8pt/11pt verdana">The error occurred in <b>D:/inetpub/wwwroot/workcube/wex.cfm: line 118</b></font></td></tr>
</table>
<pre>coldfusion.runtime.CfJspPage._invoke(CfJspPage.java:262)
coldfusion.filter.ComponentFilter.invoke(ComponentFilter.java:60)</pre>
</body></html>
`;
}

const NOT_FOUND_PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">
<html><head><title>404 - File or directory not found.</title></head>
<body><div id="header"><h1>Server Error</h1></div>
<fieldset><h2>404 - File or directory not found.</h2>
<h3>The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.</h3></fieldset>
</body></html>
`;

// ---------------------------------------------------------------- columns per operation

const col = (a: string, b: string, label: string, kind: Column['kind'], wexString?: boolean): Column => ({ a, b, label, kind, wexString });
export const ACCOUNT_COLUMNS: Column[] = [
  col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'),
  col('COMPANYCAT', 'FIRMA_KATEGORI', 'Firma Kategori (Text)', 'text'),
  col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'),
  col('CITY_NAME', 'FIRMA_IL', 'Firma İl', 'text'),
  col('COUNTY_NAME', 'FIRMA_ILCE', 'Firma İlçe', 'text'),
  col('BAKIYE', 'BAKIYE', 'Bakiye', 'money'),
];
export const STATEMENT_COLUMNS: Column[] = [
  col('ACTION_DATE', 'ISLEM_TARIHI', 'İşlem Tarihi', 'date'),
  col('DUE_DATE', 'VADE_TARIHI', 'Vade Tarihi', 'date'),
  col('ACTION_NAME', 'ISLEM_TURU', 'İşlem Türü', 'text'),
  col('BORC', 'BORC_TUTARI', 'Borç Tutarı', 'money'),
  col('ALACAK', 'ALACAK_TUTARI', 'Alacak Tutarı', 'money'),
  col('BELGE_NO', 'BELGE_NO', 'Belge No', 'text'),
  col('ACIKLAMA', 'ACIKLAMA', 'Açıklama', 'text'),
];
export const AGING_COLUMNS: Column[] = [
  col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'),
  col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'),
  col('VADESI_GELMEMIS', 'VADESI_GELMEMIS', 'Vadesi Gelmemiş', 'money'),
  col('0_30_GUN', 'GUN_0_30', '0-30 Gün', 'money'),
  col('31_60_GUN', 'GUN_31_60', '31-60 Gün', 'money'),
  col('61_90_GUN', 'GUN_61_90', '61-90 Gün', 'money'),
  col('91_120_GUN', 'GUN_91_120', '91-120 Gün', 'money'),
  col('120_GUN_USTU', 'GUN_120_USTU', '120 Gün Üstü', 'money'),
  col('TOPLAM', 'TOPLAM', 'Toplam', 'money'),
];
export const INVOICE_COLUMNS: Column[] = [
  col('INVOICE_ID', 'FATURA_ID', 'Fatura ID', 'id'),
  col('INVOICE_NUMBER', 'FATURA_NO', 'Fatura No', 'text'),
  col('INVOICE_DATE', 'FATURA_TARIHI', 'Fatura Tarihi', 'date'),
  col('DUE_DATE', 'VADE_TARIHI', 'Vade Tarihi', 'date'),
  col('COMPANY_ID', 'FIRMA_ID', 'Firma ID', 'id'),
  col('FULLNAME', 'FIRMA_ADI', 'Firma Adı', 'text'),
  col('PROCESS_NAME', 'FATURA_TURU', 'Fatura Türü', 'text'),
  col('NETTOTAL', 'NET_TOPLAM', 'Net Toplam', 'money', true),
  col('TAXTOTAL', 'KDV_TOPLAM', 'KDV Toplam', 'money', true),
  col('GRANDTOTAL', 'GENEL_TOPLAM', 'Genel Toplam', 'money', true),
  col('MONEY', 'PARA_BIRIMI', 'Para Birimi', 'text'),
];
export const INVOICE_LINE_COLUMNS: Column[] = [
  col('LINE_NO', 'SATIR_NO', 'Sıra No', 'num'),
  col('STOCK_CODE', 'STOK_KODU', 'Stok Kodu', 'text'),
  col('PRODUCT_NAME', 'URUN_ADI', 'Ürün Adı', 'text'),
  col('AMOUNT', 'MIKTAR', 'Miktar', 'num'),
  col('UNIT', 'BIRIM', 'Birim', 'text'),
  col('PRICE', 'BIRIM_FIYAT', 'Birim Fiyat', 'money'),
  col('TAX', 'KDV_ORANI', 'KDV Oranı', 'num'),
  col('ROW_NETTOTAL', 'SATIR_NET_TUTAR', 'Net Tutar', 'money'),
  col('ROW_TAXTOTAL', 'SATIR_KDV_TUTARI', 'KDV Tutarı', 'money'),
  col('ROW_TOTAL', 'SATIR_TOPLAM', 'Satır Toplamı', 'money'),
];

const invoiceRow = (i: DemoInvoice): CellValue[] => [i.id, i.number, i.date, i.dueDate, i.accountId, i.accountName, i.kind, i.net, i.vat, i.total, i.currency];

const MALFORMED = ['12,34,5', 'abc', '1.2.3', '--5', '12a'];
/** malformed-numbers: every fourth row gets one unreadable number. */
function corrupt(t: Table): Table {
  const idx = t.columns.findIndex((c) => c.kind === 'money' || c.kind === 'num');
  if (idx < 0) return t;
  return { columns: t.columns, rows: t.rows.map((r, i) => (i % 4 === 1 ? r.map((v, j) => (j === idx ? { bad: MALFORMED[i % MALFORMED.length]! } : v)) : r)) };
}

// ---------------------------------------------------------------- handler

const foldedNames = new Map<string, string>(); // names are few and fixed per dataset: fold each once
const foldName = (name: string) => {
  let f = foldedNames.get(name);
  if (f === undefined) foldedNames.set(name, (f = foldTr(name)));
  return f;
};
const agingCache = new WeakMap<DemoAccount, AgingResult>(); // a dataset's "today" never changes
const agingCached = (a: DemoAccount, today: string) => {
  let r = agingCache.get(a);
  if (!r) agingCache.set(a, (r = agingOf(a.lines, today)));
  return r;
};
const nameMatcher = (q: string | undefined) => {
  const needle = foldTr((q ?? '').trim());
  return (name: string) => !needle || foldName(name).includes(needle);
};

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

export function createDemoErp(options: DemoErpOptions): DemoErp {
  if (!options || typeof options.apiPassword !== 'string' || !options.apiPassword) throw new Error('createDemoErp: apiPassword is required');
  const shape = options.shape ?? 'wex';
  const fail = options.fail ?? 'none';
  const size = options.size ?? 'normal';
  if (!isShape(shape)) throw new Error(`Unknown demo ERP shape "${String(shape)}"`);
  if (!isFailMode(fail)) throw new Error(`Unknown demo ERP fail mode "${String(fail)}"`);
  if (size !== 'normal' && size !== 'large') throw new Error(`Unknown demo ERP size "${String(size)}"`);
  const today = options.today ?? DEFAULT_TODAY;
  const service = options.service ?? 'mobiusmus';
  const hangMs = options.hangMs ?? 600_000;
  const maxLog = options.maxLog ?? 1000;
  const settings: DemoErpSettings = { shape, fail };
  const requests: DemoRequestRecord[] = [];
  const hanging = new Set<() => void>();
  const dataset = () => getDataset({ size, today, seed: options.seed });

  const log = (rec: DemoRequestRecord) => {
    requests.push(rec);
    if (requests.length > maxLog) requests.splice(0, requests.length - maxLog);
  };

  function answer(op: Operation, p: Record<string, string>, s: ShapeName, malformed: boolean): string {
    const ds = dataset();
    const fix = (t: Table) => (malformed ? corrupt(t) : t);
    switch (op) {
      case 'get_user': {
        const userName = foldTr((p.user_name ?? '').trim());
        const u = DEMO_USERS.find((x) => x.userName === userName && x.password === (p.user_password ?? ''));
        if (!u) return renderUser(s, false, LOGIN_FAILED_MESSAGE);
        const fam = keyFamily(s);
        const data: Record<string, string> =
          fam === 'label'
            ? { 'Kullanıcı ID': u.id, 'Kullanıcı Adı': u.userName, Adı: u.name, Soyadı: u.surname, 'E-posta': u.email, Görevi: u.position }
            : { USER_ID: u.id, USERNAME: u.userName, NAME: u.name, SURNAME: u.surname, EMAIL: u.email, POSITION_NAME: u.position };
        return renderUser(s, true, data);
      }
      case 'get_cari': {
        const match = nameMatcher(p.firma_ismi);
        const rows = ds.accounts.filter((a) => match(a.name)).map((a): CellValue[] => [a.id, a.category, a.name, a.province, a.district, a.balance]);
        return renderList(s, fix({ columns: ACCOUNT_COLUMNS, rows }));
      }
      case 'get_cari_extre': {
        const acc = ds.accountById.get((p.cari_id ?? '').trim());
        const rows = (acc?.lines ?? []).map((l): CellValue[] => [l.date, l.dueDate, l.type, l.debit, l.credit, l.documentNo, l.description]);
        return renderList(s, fix({ columns: STATEMENT_COLUMNS, rows }));
      }
      case 'get_yaslandirma': {
        const match = nameMatcher(p.firma_ismi);
        const rows: CellValue[][] = [];
        for (const a of ds.accounts) {
          if (a.balance === 0 || !match(a.name)) continue;
          const { buckets: b, total } = agingCached(a, ds.today);
          rows.push([a.id, a.name, b.notDue, b.d0_30, b.d31_60, b.d61_90, b.d91_120, b.d120plus, total]);
        }
        return renderList(s, fix({ columns: AGING_COLUMNS, rows }));
      }
      case 'get_fatura': {
        const match = nameMatcher(p.firma_ismi);
        const no = (p.fatura_no ?? '').trim().toLocaleUpperCase('tr-TR');
        const rows = ds.invoices
          .filter((i) => (!no || i.number === no || (/^\d+$/.test(no) && i.number.endsWith(no))) && match(i.accountName))
          .map(invoiceRow);
        return renderList(s, fix({ columns: INVOICE_COLUMNS, rows }));
      }
      case 'get_fatura_det': {
        const inv = ds.invoiceById.get((p.fatura_id ?? '').trim());
        const header: Table = { columns: INVOICE_COLUMNS, rows: inv ? [invoiceRow(inv)] : [] };
        const lines: Table = {
          columns: INVOICE_LINE_COLUMNS,
          rows: (inv?.lines ?? []).map((l) => [l.lineNo, l.productCode, l.productName, l.quantityMilli / 1000, l.unit, l.unitPrice, l.vatRate, l.net, l.vat, l.total]),
        };
        return renderDetail(s, header, fix(lines), Boolean(inv), INVOICE_NOT_FOUND_MESSAGE);
      }
    }
  }

  async function handle(request: Request): Promise<Response> {
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
    if (!m || rec.service !== service) return done(new Response(NOT_FOUND_PAGE, { status: 404, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    if (!rec.passwordOk) return done(new Response(null, { status: 401 }));
    const html = (status: number, message: string, detail: string) =>
      done(new Response(coldFusionErrorPage(message, detail), { status, headers: { 'content-type': 'text/html; charset=UTF-8' } }));
    const { shape: s, fail: f } = settings;
    if (f === 'html500' || f === 'html200')
      return html(f === 'html500' ? 500 : 200, 'Error Executing Database Query.', '[Macromedia][SQLServer JDBC Driver][SQLServer]Timeout expired. The timeout period elapsed prior to completion of the operation.');
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
    if (!(OPERATIONS as readonly string[]).includes(rec.operation))
      return html(500, `The method ${rec.operation} was not found in component workcube.wex.`, 'Ensure that the method is defined, and that it is spelled correctly.');
    const text = answer(rec.operation as Operation, params, s, f === 'malformed-numbers');
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
  };
}
