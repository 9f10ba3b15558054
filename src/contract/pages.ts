/**
 * The signed-in pages, declared once: the path each lives at, the module that renders it, whether its
 * code is fetched with the HTML on a direct page load, and the ERP calls it needs first. Read by the
 * router (src/app/routes.tsx: one route per entry, its code from PAGE_LOADERS), the early-call script
 * (firstCallsOf, inlined into index.html) and the build's preload script
 * (server/early-call-inline.ts: pagePreloads).
 *
 * Plain data, no imports of page code: the early-call script bundles this file on its own, and a
 * page's import() stays a literal in routes.tsx so Vite splits each page into its own chunk.
 */
import {
  accountListCall,
  agingListCall,
  fitsParam,
  invoiceDetailCall,
  invoiceSearchCall,
  overviewCall,
  statementCall,
  type ErpCall,
  type PageCall,
} from './erp';
import { worklistCall, worklistViewOf } from './tahsilat';

export interface PageEntry {
  /** The router's path under the signed-in layout ('' = the index page, `:name` = a parameter). */
  readonly path: string;
  /** The page's module below src/ without extension; PAGE_LOADERS in routes.tsx imports exactly it. */
  readonly module: string;
  /**
   * Its code comes with the HTML on a direct page load (a bookmark, a link in an e-mail, a reload).
   * Off for pages only reached from another page.
   */
  readonly preload: boolean;
  /** The calls it needs first (read at once), from its path's parameters (decoded, non-blank) and query string; none if omitted. */
  readonly firstCalls?: (params: Readonly<Record<string, string>>, search: URLSearchParams) => PageCall[];
  /**
   * ERP calls sent together with the first calls but read by the page only once its first figures
   * are painted: the gateway reads the ERP once for both (identical calls in flight share one
   * request, server/gateway/coalesce.ts), and the browser's link stays free for the first answer
   * meanwhile (an unread answer waits on the server). Özet: the whole list and aging, behind its
   * links and its falling-due candidates, while its figures come worked out (GET /api/overview).
   */
  readonly alongCalls?: () => ErpCall[];
}

/** A page of one account that reads its statement first (the statement, its letter, open items, vade farkı). */
const statementFirst = (p: Readonly<Record<string, string>>): PageCall[] => [statementCall(p.cariId!)];

export const PAGES = [
  {
    path: '',
    module: 'features/overview/overview-page',
    preload: true,
    firstCalls: () => [overviewCall()],
    alongCalls: () => [accountListCall(''), agingListCall('')],
  },
  { path: 'accounts', module: 'features/accounts/accounts-page', preload: true, firstCalls: () => [accountListCall('')] },
  { path: 'accounts/:cariId', module: 'features/statement/statement-page', preload: true, firstCalls: statementFirst },
  // An account's letter, open items and vade farkı read its statement first: opened in a new tab (a link
  // clicked with Ctrl, a reload) the statement is asked for with the HTML, and their code comes with it.
  {
    path: 'accounts/:cariId/mutabakat',
    module: 'features/statement/reconciliation-letter-page',
    preload: true,
    firstCalls: statementFirst,
  },
  { path: 'accounts/:cariId/acik-kalemler', module: 'features/open-items/open-items-page', preload: true, firstCalls: statementFirst },
  { path: 'accounts/:cariId/vade-farki', module: 'features/open-items/late-interest-page', preload: true, firstCalls: statementFirst },
  { path: 'mutabakat', module: 'features/accounts/reconciliation-letters-page', preload: false },
  // Mutabakat campaigns: no ERP call on load, opened from the menu.
  { path: 'mutabakat/donemler', module: 'features/mutabakat/campaigns-page', preload: false },
  { path: 'mutabakat/donemler/:campaignId', module: 'features/mutabakat/board-page', preload: false },
  { path: 'mutabakat/kisiler', module: 'features/mutabakat/contacts-import-page', preload: false },
  { path: 'mutabakat/giden-kutusu', module: 'features/mutabakat/outbox-page', preload: false },
  // Denetçi modu, the company's side: authorise an audit firm, follow its letters by state.
  { path: 'mutabakat/denetim', module: 'features/denetim/company-page', preload: false },
  // Tahsilat: the worklist is a morning's bookmark — its code with the HTML, its view's first rows (our own GET) sent early.
  {
    path: 'tahsilat',
    module: 'features/tahsilat/worklist-page',
    preload: true,
    firstCalls: (_p, q) => {
      const view = worklistViewOf(q.get('gorunum'));
      return view ? [worklistCall(view)] : [];
    },
  },
  { path: 'tahsilat/hatirlatmalar', module: 'features/tahsilat/reminders-panel', preload: false },
  { path: 'tahsilat/ayarlar', module: 'features/tahsilat/settings-page', preload: false },
  // Ba/Bs: opened directly from a link (a month's list), its calls start with the page.
  { path: 'babs', module: 'features/babs/babs-page', preload: true },
  // Aging and the invoice search as the pages ask (use-aging-view.ts, use-invoice-search.ts): from the
  // query string; a value too long to send asks nothing (the page says so by its field).
  {
    path: 'aging',
    module: 'features/aging/aging-page',
    preload: true,
    firstCalls: (_p, q) => {
      const firma = q.get('firma') ?? '';
      const cari = q.get('cari');
      return [...(fitsParam(firma) ? [agingListCall(firma)] : []), ...(cari ? [statementCall(cari)] : [])];
    },
  },
  {
    path: 'invoices',
    module: 'features/invoices/invoice-search-page',
    preload: true,
    firstCalls: (_p, q) => {
      const no = q.get('no') ?? '';
      const firma = q.get('firma') ?? '';
      return (q.has('no') || q.has('firma')) && fitsParam(no) && fitsParam(firma) ? [invoiceSearchCall({ no, firma })] : [];
    },
  },
  { path: 'invoices/:faturaId', module: 'features/invoices/invoice-detail-page', preload: true, firstCalls: (p) => [invoiceDetailCall(p.faturaId!)] },
] as const satisfies readonly PageEntry[];

export type PageModule = (typeof PAGES)[number]['module'];

/** A page's path as a pattern over a browser path without its trailing slash ('accounts/:cariId' → ^/accounts/([^/]+)$). */
export const pathPattern = (path: string): string => `^/${path.replace(/:[^/]+/g, '([^/]+)')}$`;

/**
 * The page a browser path opens and its parameters, decoded. `params` is null when a parameter is
 * malformed (a bad %-escape) or blank: the page says so itself, nothing is asked of the ERP.
 */
export function matchPage(pathname: string): { page: PageEntry; params: Record<string, string> | null } | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  for (const page of PAGES as readonly PageEntry[]) {
    const m = new RegExp(pathPattern(page.path)).exec(path);
    if (!m) continue;
    const names = [...page.path.matchAll(/:([^/]+)/g)].map((n) => n[1]!);
    const params: Record<string, string> = {};
    try {
      names.forEach((name, i) => (params[name] = decodeURIComponent(m[i + 1]!)));
    } catch {
      return { page, params: null };
    }
    return { page, params: Object.values(params).some((v) => !v.trim()) ? null : params };
  }
  return null;
}

/**
 * The ERP calls a page needs first, by its URL path — what a route sends while the page's code
 * loads, and what the early-call script (src/api/early-call.ts, inlined into index.html) sends
 * while the HTML is still parsed. Pages without firstCalls start their calls themselves.
 */
export const firstCallsOf = (pathname: string, search = ''): PageCall[] => pageCallsOf(pathname, search).first;

/** A page's first calls and the calls sent along with them, read by the page later (PageEntry.alongCalls). */
export function pageCallsOf(pathname: string, search = ''): { first: PageCall[]; along: ErpCall[] } {
  const match = matchPage(pathname);
  if (!match?.params || !match.page.firstCalls) return { first: [], along: [] };
  return { first: match.page.firstCalls(match.params, new URLSearchParams(search)), along: match.page.alongCalls?.() ?? [] };
}
