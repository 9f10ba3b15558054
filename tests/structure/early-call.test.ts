/**
 * public/early-call.js (a plain script: the page's first ERP call sent while the app's code loads)
 * run against the app's own definitions: for each path it sends exactly the calls the route's page
 * asks for (src/contract/erp.ts), under the key the client takes them over by (callKey).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { inlineEarlyCall, inlineScriptHashes } from '../../server/early-call-inline';
import { accountListCall, agingListCall, callKey, statementCall, type ErpCall } from '../../src/contract/erp';

const SOURCE = readFileSync(new URL('../../public/early-call.js', import.meta.url), 'utf8');

/** Runs the script as a page at `pathname` would; returns what it sent and what it left for the client. */
function pageLoad(pathname: string, appStarted = false) {
  const sent: { url: string; init: RequestInit }[] = [];
  const window: {
    __earlyErp?: Record<string, { response: Promise<unknown>; controller: AbortController }>;
    __earlyGet?: Record<string, { response: Promise<unknown>; at: number }>;
    __earlyErpClosed?: boolean;
  } = appStarted ? { __earlyErpClosed: true } : {};
  runInNewContext(SOURCE, {
    window,
    location: { pathname },
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return new Promise(() => undefined);
    },
    AbortController,
    setTimeout: () => 0,
    JSON,
    decodeURIComponent,
  });
  return {
    sent: sent.filter((s) => s.url.startsWith('/api/erp/')),
    gets: sent.filter((s) => !s.url.startsWith('/api/erp/')),
    left: window.__earlyErp ?? {},
    leftGets: window.__earlyGet ?? {},
  };
}

const expectCalls = (pathname: string, calls: ErpCall[]) => {
  const { sent, left } = pageLoad(pathname);
  expect(sent.map((s) => [s.url, JSON.parse(String(s.init.body))])).toEqual(calls.map((c) => [`/api/erp/${c.operation}`, c.params]));
  expect(Object.keys(left).sort()).toEqual(calls.map((c) => callKey(c)).sort());
  for (const s of sent) {
    expect(s.init.method).toBe('POST');
    expect(new Headers(s.init.headers).get('x-app-request')).toBe('1');
    expect(s.init.credentials).toBe('same-origin');
  }
};

describe('public/early-call.js', () => {
  it('a statement link: get_cari_extre for that account, the id decoded and trimmed like the page does', () => {
    expectCalls('/accounts/1000', [statementCall('1000')]);
    expectCalls('/accounts/1000/', [statementCall('1000')]);
    expectCalls('/accounts/%C3%96Z%2B7%20', [statementCall('ÖZ+7 ')]);
  });

  it('the account list and Özet: their lists', () => {
    expectCalls('/accounts', [accountListCall('')]);
    expectCalls('/', [accountListCall(''), agingListCall('')]);
  });

  it('every other page, a letter, a malformed link: nothing is sent', () => {
    for (const path of ['/login', '/aging', '/invoices', '/invoices/12', '/mutabakat', '/accounts/1000/mutabakat', '/accounts/%E0%A4%A', '/accounts/%20']) {
      expect(pageLoad(path).sent).toEqual([]);
    }
  });

  it('a call that came back failed (no session yet) is dropped, so the app asks again after the login', async () => {
    const window: { __earlyErp?: Record<string, unknown> } = {};
    runInNewContext(SOURCE, {
      window,
      location: { pathname: '/accounts/1000' },
      fetch: () => Promise.resolve({ ok: false, status: 401 }),
      AbortController,
      setTimeout: () => 0,
      JSON,
      decodeURIComponent,
    });
    expect(Object.keys(window.__earlyErp!)).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 0));
    expect(window.__earlyErp).toEqual({});
  });

  it('on every page, also asks for the alias table and who is logged in (GET, left for the client to take over)', () => {
    for (const path of ['/login', '/', '/accounts/1000', '/invoices/12', '/accounts/%E0%A4%A']) {
      const { gets, leftGets } = pageLoad(path);
      expect(gets.map((g) => g.url)).toEqual(['/api/config', '/api/session']);
      for (const g of gets) {
        expect(g.init.method ?? 'GET').toBe('GET');
        expect(g.init.body).toBeUndefined();
        expect(new Headers(g.init.headers).get('x-app-request')).toBe('1');
        expect(g.init.credentials).toBe('same-origin');
      }
      expect(Object.keys(leftGets).sort()).toEqual(['config', 'session']);
    }
  });

  it('sends nothing once the app has started its own first calls (it ran late: nothing is sent twice)', () => {
    for (const path of ['/accounts/1000', '/']) {
      const { sent, gets } = pageLoad(path, true);
      expect(sent).toEqual([]);
      expect(gets).toEqual([]);
    }
  });

  it('the build puts it into index.html as an inline script, and the server allows exactly that script by its hash', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const plugin = inlineEarlyCall();
    const transform = plugin.transformIndexHtml as (html: string) => string;
    const built = transform(html);
    expect(built).not.toContain('src="/early-call.js"');
    expect(built).toContain(`<script>${SOURCE}</script>`);
    const expected = `'sha256-${createHash('sha256').update(SOURCE, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(built)).toEqual([expected]);
    // Module scripts with a src are not inline: the original page has none to allow.
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});
