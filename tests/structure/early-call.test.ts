/**
 * The page load's early calls: src/api/early-call.ts as the build inlines it into index.html (one
 * plain script bundled from erp-call.ts and the contract — nothing written twice), run as a page at
 * a given path would run it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import {
  chunkFiles,
  earlyCallScript,
  firstQueriesFiles,
  inlineEarlyCall,
  inlineScriptHashes,
  pagePreloadsOf,
  preloadFirstQueries,
} from '../../server/early-call-inline';
import { accountListCall, agingListCall, callKey, invoiceDetailCall, overviewCall, pageCallKey, statementCall, type ErpCall } from '../../src/contract/erp';
import type { CallRegistry } from '../../src/api/erp-call';

let SOURCE = '';
beforeAll(async () => {
  SOURCE = await earlyCallScript();
});

/** Runs the script as a page at `pathname` would, signed in (the hint cookie) or not. */
function pageLoad(pathname: string, { signedIn = true, answer = () => new Promise<Response>(() => undefined), search = '' } = {}) {
  const sent: { url: string; init: RequestInit }[] = [];
  const context: { __erpCalls?: CallRegistry } & Record<string, unknown> = {
    location: { pathname, search },
    document: { cookie: signedIn ? 'theme=dark; cari_signed_in=1' : 'theme=dark' },
    fetch: (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer();
    },
    AbortController,
    URLSearchParams,
    setTimeout: () => 0,
  };
  runInNewContext(SOURCE, context);
  return {
    erp: sent.filter((s) => s.url.startsWith('/api/erp/')),
    gets: sent.filter((s) => !s.url.startsWith('/api/erp/')),
    registry: context.__erpCalls!,
  };
}

const expectCalls = (pathname: string, calls: ErpCall[]) => {
  const { erp, registry } = pageLoad(pathname);
  expect(erp.map((s) => [s.url, JSON.parse(String(s.init.body))])).toEqual(calls.map((c) => [`/api/erp/${c.operation}`, c.params]));
  for (const s of erp) {
    expect(s.init.method).toBe('POST');
    expect(new Headers(s.init.headers).get('x-app-request')).toBe('1');
    expect(new Headers(s.init.headers).get('content-type')).toBe('application/json');
    expect(s.init.credentials).toBe('same-origin');
  }
  // Left in the one registry under the key the app's queries take them by — once each.
  for (const c of calls) {
    expect(registry.take(callKey(c))).toBeDefined();
    expect(registry.take(callKey(c))).toBeUndefined();
  }
};

describe('the early-call script (src/api/early-call.ts, inlined into index.html)', () => {
  it('is small and self-contained: no import, no app module (client, reader, messages) bundled in', () => {
    // ≈ 4.7 KB: the page table (paths, modules) with each page's first ERP calls (the aging's and the
    // invoice search's from the query string) and own first GETs.
    expect(SOURCE.length).toBeLessThan(5 * 1024);
    // No import statement or import() call (the page table's module names, 'contacts-import-page', may say the word).
    expect(SOURCE).not.toMatch(/(?<![\w-])import\s*[({*]|(?<![\w-])import\s+[\w$]|require\(/);
    expect(SOURCE).not.toContain('Cari Ekran'); // the messages
  });

  it("signed in: a statement link sends that account's get_cari_extre, the id decoded and trimmed like the page does", () => {
    expectCalls('/accounts/1000', [statementCall('1000')]);
    expectCalls('/accounts/1000/', [statementCall('1000')]);
    expectCalls('/accounts/%C3%96Z%2B7%20', [statementCall('ÖZ+7')]);
  });

  it("signed in: an account's letter, open items and vade farkı (a new tab, a reload) send its get_cari_extre too", () => {
    expectCalls('/accounts/1000/mutabakat', [statementCall('1000')]);
    expectCalls('/accounts/%C3%96Z%2B7%20/acik-kalemler', [statementCall('ÖZ+7')]);
    expectCalls('/accounts/1000/vade-farki/', [statementCall('1000')]);
  });

  it('signed in: the account list its list, Özet its figures and both lists beside them, an invoice link its detail', () => {
    expectCalls('/accounts', [accountListCall('')]);
    expectCalls('/', [accountListCall(''), agingListCall('')]);
    expectCalls('/invoices/FT-12', [invoiceDetailCall('FT-12')]);
    // Özet's figures, worked out by the gateway: a GET left for the page's query to take over.
    const { gets, registry } = pageLoad('/');
    expect(gets.map((g) => [g.url, g.init.method, new Headers(g.init.headers).get('x-app-request')])).toContainEqual(['/api/overview', 'GET', '1']);
    expect(registry.take(pageCallKey(overviewCall()))).toBeDefined();
    expect(pageLoad('/', { signedIn: false }).gets.map((g) => g.url)).not.toContain('/api/overview');
  });

  it('signed in, every other page, a malformed link: nothing is sent to the ERP', () => {
    for (const path of ['/login', '/invoices', '/mutabakat', '/mutabakat/donemler', '/accounts/%E0%A4%A', '/accounts/%20', '/accounts/%20/mutabakat']) {
      expect([path, pageLoad(path).erp]).toEqual([path, []]);
    }
  });

  it('the aging and the invoice search: their calls from the query string, none for a value too long to send', () => {
    const erpOf = (path: string, search: string) => pageLoad(path, { search }).erp.map((s) => [s.url, JSON.parse(String(s.init.body))]);
    expect(erpOf('/aging', '')).toEqual([['/api/erp/get_yaslandirma', { firma_ismi: '' }]]);
    expect(erpOf('/aging', '?firma=%C3%96z%20%26%20%22Ortak%22%20&cari=1000')).toEqual([
      ['/api/erp/get_yaslandirma', { firma_ismi: 'Öz & "Ortak"' }],
      ['/api/erp/get_cari_extre', { cari_id: '1000' }],
    ]);
    // 201 characters: the page says the field is too long and asks nothing; the account's statement still goes.
    expect(erpOf('/aging', `?firma=${'ş'.repeat(201)}&cari=1000`)).toEqual([['/api/erp/get_cari_extre', { cari_id: '1000' }]]);
    expect(erpOf('/aging', `?firma=${'ş'.repeat(200)}`)).toEqual([['/api/erp/get_yaslandirma', { firma_ismi: 'ş'.repeat(200) }]]);
    expect(erpOf('/invoices', '?no=SF2026%2B01')).toEqual([['/api/erp/get_fatura', { fatura_no: 'SF2026+01', firma_ismi: '' }]]);
    expect(erpOf('/invoices', '?firma=Y%C4%B1ld%C4%B1z')).toEqual([['/api/erp/get_fatura', { fatura_no: '', firma_ismi: 'Yıldız' }]]);
    expect(erpOf('/invoices', `?no=${'9'.repeat(201)}`)).toEqual([]);
    expect(erpOf('/invoices', '?q=abc')).toEqual([]);
  });

  // Issue 23: the login page (and any page opened without a session) sent get_cari and get_yaslandirma,
  // which came back 401 into the console and the audit log. (The script before this change sent them.)
  it('not signed in (no hint cookie): nothing goes to the ERP on any page, only the config and session GETs', () => {
    for (const path of ['/', '/accounts', '/accounts/1000', '/invoices/12', '/login']) {
      const { erp, gets } = pageLoad(path, { signedIn: false });
      expect([path, erp]).toEqual([path, []]);
      expect(gets.map((g) => g.url)).toEqual(['/api/config', '/api/session']);
    }
  });

  it("the tahsilat worklist: the view's first 100 rows (GET), left for its query — not for the suppliers, nor without a session", () => {
    const first = (search: string, signedIn = true) => pageLoad('/tahsilat', { search, signedIn });
    const worklist = first('');
    expect(worklist.gets.map((g) => [g.url, g.init.method])).toEqual([
      ['/api/config', 'GET'],
      ['/api/session', 'GET'],
      ['/api/tahsilat/worklist?view=all&limit=100', 'GET'],
    ]);
    expect(worklist.registry.take('GET /api/tahsilat/worklist?view=all&limit=100')).toBeDefined();
    expect(first('?gorunum=broken&musteri=1000').gets.at(-1)!.url).toBe('/api/tahsilat/worklist?view=broken&limit=100');
    expect(first('?gorunum=yok').gets.at(-1)!.url).toBe('/api/tahsilat/worklist?view=all&limit=100');
    expect(first('?gorunum=tedarikci').gets.map((g) => g.url)).toEqual(['/api/config', '/api/session']);
    expect(first('', false).gets.map((g) => g.url)).toEqual(['/api/config', '/api/session']);
  });

  it("the independent auditor's area (/denetim): the alias table only — no staff session asked, nothing to the ERP, signed in as staff or not", () => {
    for (const path of ['/denetim', '/denetim/', '/denetim/giris', '/denetim/davet']) {
      for (const signedIn of [true, false]) {
        const { erp, gets } = pageLoad(path, { signedIn });
        expect([path, signedIn, erp, gets.map((g) => g.url)]).toEqual([path, signedIn, [], ['/api/config']]);
      }
    }
    // A staff page whose path only starts alike is not the auditor's.
    expect(pageLoad('/mutabakat/denetim').gets.map((g) => g.url)).toEqual(['/api/config', '/api/session']);
  });

  it('on every page, asks for the alias table and who is signed in (GET, left for the app to take over)', () => {
    for (const path of ['/login', '/', '/accounts/1000', '/invoices/12', '/accounts/%E0%A4%A']) {
      const { gets, registry } = pageLoad(path);
      expect(gets.map((g) => g.url).slice(0, 2)).toEqual(['/api/config', '/api/session']);
      for (const g of gets) {
        expect(g.init.method).toBe('GET');
        expect(g.init.body).toBeUndefined();
        expect(new Headers(g.init.headers).get('x-app-request')).toBe('1');
        expect(g.init.credentials).toBe('same-origin');
      }
      expect(registry.take('GET /api/config')).toBeDefined();
      expect(registry.take('GET /api/session')).toBeDefined();
    }
  });

  it('a call that came back failed (the session ended meanwhile: 401) is dropped, so the app asks again after the login', async () => {
    const answered = Promise.resolve(new Response(null, { status: 401 }));
    const { erp, registry } = pageLoad('/accounts/1000', { answer: () => answered });
    expect(erp.map((s) => s.url)).toEqual(['/api/erp/get_cari_extre']); // it was sent (and left in the registry)…
    await answered; // …and its answer has been seen (the registry looked at it first: it asked first)
    expect(registry.take(callKey(statementCall('1000')))).toBeUndefined();
  });

  it('the build puts it into index.html as an inline script, and the server allows exactly that script by its hash', async () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const transform = inlineEarlyCall().transformIndexHtml as { handler: (html: string) => Promise<string> };
    const built = await transform.handler(html);
    expect(built).not.toContain('src="/src/api/early-call.ts"');
    expect(built).toContain(`<script>${SOURCE}</script>`);
    const expected = `'sha256-${createHash('sha256').update(SOURCE, 'utf8').digest('base64')}'`;
    expect(inlineScriptHashes(built)).toEqual([expected]);
    // Module scripts with a src are not inline: the original page has none to allow.
    expect(inlineScriptHashes(html)).toEqual([]);
  });

  describe('the code that reads the early calls is fetched while the HTML is parsed (signed in only)', () => {
    // A build's chunks as rolldown reports them: the entry imports the runtime; first-queries
    // imports the reader and statement chunks, the statement chunk the reader again and the runtime.
    const chunk = (fileName: string, imports: string[], facadeModuleId: string | null = null) => ({ type: 'chunk', fileName, imports, facadeModuleId });
    const entry = chunk('assets/index-A.js', ['assets/runtime-B.js'], '/app/src/main.tsx');
    const bundle = Object.fromEntries(
      [
        entry,
        chunk('assets/runtime-B.js', []),
        chunk('assets/first-queries-C.js', ['assets/reader-D.js', 'assets/statement-E.js'], '/app/src/api/first-queries.ts'),
        chunk('assets/reader-D.js', []),
        chunk('assets/statement-E.js', ['assets/reader-D.js', 'assets/runtime-B.js']),
        chunk('assets/pdfmake-F.js', [], '/app/node_modules/pdfmake/build/pdfmake.js'),
        { type: 'asset', fileName: 'assets/index-G.css' },
        // The signed-in frame, and the statement page with a chunk of its own and its CSS.
        chunk('assets/app-shell-H.js', ['assets/runtime-B.js'], '/app/src/app/app-shell.tsx'),
        {
          ...chunk('assets/statement-page-I.js', ['assets/data-table-J.js', 'assets/reader-D.js'], '/app/src/features/statement/statement-page.tsx'),
          viteMetadata: { importedCss: new Set(['assets/statement-page-K.css']) },
        },
        { ...chunk('assets/data-table-J.js', []), viteMetadata: { importedCss: new Set(['assets/data-table-L.css']) } },
      ].map((c) => [c.fileName, c]),
    );
    const ctx = { bundle, chunk: entry } as unknown as Parameters<typeof firstQueriesFiles>[0];

    it('its chunk and every chunk it imports, once each, less what the entry loads anyway', () => {
      expect(firstQueriesFiles(ctx)).toEqual(['assets/first-queries-C.js', 'assets/reader-D.js', 'assets/statement-E.js']);
    });

    it('an inline script adds one modulepreload link per file in a signed-in browser (plus the page the path opens), none otherwise (/login)', () => {
      const transform = preloadFirstQueries().transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
      const built =
        '<head><script>early()</script><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="stylesheet" crossorigin href="/assets/index-G.css"></head>';
      const html = transform.handler(built, ctx);
      // Right before the entry's module script: not after the stylesheet, which would hold it until the CSS is in.
      const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)];
      expect(scripts.map((m) => m[1])).toHaveLength(2);
      expect(scripts[0]![1]).toBe('early()');
      const code = scripts[1]![1]!;
      expect(html.indexOf(code)).toBeLessThan(html.indexOf('<script type="module"'));
      expect(html.indexOf(code)).toBeLessThan(html.indexOf('rel="stylesheet"'));
      const run = (cookie: string, pathname = '/aging') => {
        const links: Record<string, string>[] = [];
        const document = { cookie, createElement: () => ({}), head: { appendChild: (l: Record<string, string>) => links.push({ ...l }) } };
        runInNewContext(code, { document, location: { pathname } });
        return links;
      };
      const module = (href: string) => ({ rel: 'modulepreload', href });
      // Every signed-in page: the code that reads the first calls and the signed-in frame.
      const common = [module('/assets/first-queries-C.js'), module('/assets/reader-D.js'), module('/assets/statement-E.js'), module('/assets/app-shell-H.js')];
      expect(run('theme=dark; cari_signed_in=1')).toEqual(common);
      // A statement link: its page too — its chunks (less those already listed) and its CSS as the
      // stylesheet links Vite's loader would add (crossorigin, so it finds them and adds no second one).
      const statementPage = [
        module('/assets/statement-page-I.js'),
        module('/assets/data-table-J.js'),
        { rel: 'stylesheet', crossOrigin: '', href: '/assets/statement-page-K.css' },
        { rel: 'stylesheet', crossOrigin: '', href: '/assets/data-table-L.css' },
      ];
      expect(run('cari_signed_in=1', '/accounts/1000')).toEqual([...common, ...statementPage]);
      expect(run('cari_signed_in=1', '/accounts/1000/')).toEqual([...common, ...statementPage]);
      // A page not marked preload (the campaigns): only what every signed-in page loads.
      expect(run('cari_signed_in=1', '/mutabakat/donemler')).toEqual(common);
      // Not signed in (/login, or a link opened after logging out): nothing.
      expect(run('theme=dark', '/accounts/1000')).toEqual([]);
      expect(run('cari_signed_in=', '/login')).toEqual([]);
    });

    it('a module the build grouped with others (no facade of its own) is found in the chunk that holds it', () => {
      // server/chunking.ts: the shell and the first-queries reader in one 'signed-in' chunk, no facade.
      const signedIn = {
        ...chunk('assets/signed-in-S.js', ['assets/runtime-B.js']),
        moduleIds: ['/app/src/app/app-shell.tsx', '/app/src/api/first-queries.ts', '/app/src/domain/money.ts'],
        viteMetadata: { importedCss: new Set(['assets/signed-in-T.css']) },
      };
      const page = chunk('assets/worklist-page-U.js', ['assets/signed-in-S.js'], '/app/src/features/tahsilat/worklist-page.tsx');
      const grouped = Object.fromEntries([entry, chunk('assets/runtime-B.js', []), signedIn, page].map((c) => [c.fileName, c]));
      const groupedCtx = { bundle: grouped, chunk: entry } as unknown as Parameters<typeof firstQueriesFiles>[0];
      expect(firstQueriesFiles(groupedCtx)).toEqual(['assets/signed-in-S.js', 'assets/signed-in-T.css']);
      expect(chunkFiles(groupedCtx, '/src/features/tahsilat/worklist-page.tsx', firstQueriesFiles(groupedCtx))).toEqual(['assets/worklist-page-U.js']);
    });

    it('the same lists read back from the built page', () => {
      const transform = preloadFirstQueries().transformIndexHtml as { handler: (html: string, ctx: unknown) => string };
      const built =
        '<head><script>early()</script><script type="module" crossorigin src="/assets/index-A.js"></script><link rel="modulepreload" crossorigin href="/assets/index-B.js"><link rel="stylesheet" crossorigin href="/assets/index-G.css"><link rel="icon" href="/favicon.svg"></head>';
      const read = pagePreloadsOf(transform.handler(built, ctx));
      expect(read.entry).toEqual(['/assets/index-A.js', '/assets/index-B.js', '/assets/index-G.css']);
      expect(read.common).toEqual(['/assets/first-queries-C.js', '/assets/reader-D.js', '/assets/statement-E.js', '/assets/app-shell-H.js']);
      expect(read.pages).toHaveLength(1);
      const [pattern, files] = read.pages[0]!;
      expect(new RegExp(pattern).test('/accounts/1000')).toBe(true);
      expect(files).toEqual(['/assets/statement-page-I.js', '/assets/data-table-J.js', '/assets/statement-page-K.css', '/assets/data-table-L.css']);
      // A page without the preload script (a dev build, /login's own files only): the entry's tags.
      expect(pagePreloadsOf(built)).toEqual({ entry: ['/assets/index-A.js', '/assets/index-B.js', '/assets/index-G.css'], common: [], pages: [] });
    });
  });
});
