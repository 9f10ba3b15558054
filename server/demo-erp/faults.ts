/**
 * How the demo ERP fails on purpose (dev, flow tests, e2e): a global fail mode and, on top of it,
 * rules that fail only one operation, or only when one parameter has a given value.
 *
 * Modes: html500 / html200 (a ColdFusion error page), empty (200, no body), hang (no answer until
 * the request is aborted), malformed-numbers (some numbers unreadable), erp-error (a failure
 * envelope with the ERP's own Turkish message, `ERP_ERROR_MESSAGE`), cut (the answer starts, then the
 * connection drops halfway: only the first half of the body is sent).
 *
 * Rules: `{ operation?, param?, value?, mode }`; the first rule that matches a request wins, else
 * the global mode. `value` is compared trimmed and Turkish-folded (`ığdır` matches `IĞDIR`).
 * Written as text (DEMO_ERP_FAIL, `npm run demo-erp`): entries separated by `;`, each
 * `[operation[?param=value]:]mode` — e.g. `get_cari?firma_ismi=zzz:html500; get_fatura_det:erp-error`.
 * A bare mode is the global mode.
 */
import { foldTr } from '../../src/domain/turkish';

export const FAIL_MODES = ['none', 'html500', 'html200', 'empty', 'hang', 'malformed-numbers', 'erp-error', 'cut'] as const;
export type FailMode = (typeof FAIL_MODES)[number];
export function isFailMode(s: unknown): s is FailMode {
  return typeof s === 'string' && (FAIL_MODES as readonly string[]).includes(s);
}
export const OPERATIONS = ['get_user', 'get_cari', 'get_cari_extre', 'get_yaslandirma', 'get_fatura', 'get_fatura_det'] as const;
export type Operation = (typeof OPERATIONS)[number];
export function isOperation(s: unknown): s is Operation {
  return typeof s === 'string' && (OPERATIONS as readonly string[]).includes(s);
}

/** The message of the `erp-error` mode (what a Workcube installation says when its database is down). */
export const ERP_ERROR_MESSAGE = 'Veritabanı bağlantısı kurulamadı (Hata 40613). Lütfen daha sonra tekrar deneyiniz.';

export interface FailRule {
  /** Only this operation (any operation when absent). */
  operation?: Operation;
  /** Only when this parameter … */
  param?: string;
  /** … has this value (trimmed, Turkish-folded; "" = sent empty or not sent). */
  value?: string;
  mode: FailMode;
}

/** Checks a rule that came from JSON or code; returns the problem in words, or null. */
export function failRuleProblem(rule: unknown): string | null {
  if (!rule || typeof rule !== 'object') return 'a rule must be an object {operation?, param?, value?, mode}';
  const r = rule as Record<string, unknown>;
  if (!isFailMode(r.mode)) return `unknown fail mode ${JSON.stringify(r.mode)} (one of: ${FAIL_MODES.join(', ')})`;
  if (r.operation !== undefined && !isOperation(r.operation)) return `unknown operation ${JSON.stringify(r.operation)} (one of: ${OPERATIONS.join(', ')})`;
  if (r.param !== undefined && (typeof r.param !== 'string' || !r.param)) return 'param must be a non-empty string';
  if (r.value !== undefined && typeof r.value !== 'string') return 'value must be a string';
  if ((r.param === undefined) !== (r.value === undefined)) return 'param and value go together';
  return null;
}

/** The mode for one request: the first matching rule's, else the global one. */
export function failModeFor(global: FailMode, rules: readonly FailRule[], operation: string, params: Record<string, string>): FailMode {
  for (const rule of rules) {
    if (rule.operation && rule.operation !== operation) continue;
    if (rule.param !== undefined && foldTr((params[rule.param] ?? '').trim()) !== foldTr((rule.value ?? '').trim())) continue;
    return rule.mode;
  }
  return global;
}

const ENTRY = /^(?:([a-z_]+)(?:\?([^=]+)=(.*))?\s*:\s*)?([a-z0-9-]+)$/s;

/** Parses DEMO_ERP_FAIL text; throws an Error naming the bad entry. */
export function parseFailSpec(spec: string): { fail: FailMode; failRules: FailRule[] } {
  let fail: FailMode = 'none';
  const failRules: FailRule[] = [];
  for (const raw of spec.split(';')) {
    const entry = raw.trim();
    if (!entry) continue;
    const m = ENTRY.exec(entry);
    if (!m) throw new Error(`bad fail entry "${entry}" (write [operation[?param=value]:]mode)`);
    const [, operation, param, value, mode] = m;
    if (!operation) {
      if (!isFailMode(mode)) throw new Error(`unknown fail mode "${mode}" (one of: ${FAIL_MODES.join(', ')})`);
      fail = mode;
      continue;
    }
    const rule: FailRule = {
      operation: operation as Operation,
      mode: mode as FailMode,
      ...(param !== undefined ? { param: param.trim(), value: (value ?? '').trim() } : {}),
    };
    const problem = failRuleProblem(rule);
    if (problem) throw new Error(`bad fail entry "${entry}": ${problem}`);
    failRules.push(rule);
  }
  return { fail, failRules };
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

export const NOT_FOUND_PAGE = `<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN">
<html><head><title>404 - File or directory not found.</title></head>
<body><div id="header"><h1>Server Error</h1></div>
<fieldset><h2>404 - File or directory not found.</h2>
<h3>The resource you are looking for might have been removed, had its name changed, or is temporarily unavailable.</h3></fieldset>
</body></html>
`;

export const DB_TIMEOUT = {
  message: 'Error Executing Database Query.',
  detail: '[Macromedia][SQLServer JDBC Driver][SQLServer]Timeout expired. The timeout period elapsed prior to completion of the operation.',
};
