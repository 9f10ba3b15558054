// @vitest long
/**
 * Slow networks, over the real gateway + demo ERP (msw holds chosen answers back):
 * - statement first, name later: a cold statement link paints its lines before the 100k account
 *   list is even asked for; the header's name and facts fill in afterwards;
 * - a long load says what it is doing (bytes received, elapsed seconds) instead of a frozen skeleton;
 * - leaving a page aborts the requests it was waiting for.
 * Expected figures are computed here from the demo dataset with this file's own arithmetic.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { actUntil, gatewayFetch, mswServer, renderApp, type RenderedApp } from '../harness';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const trMoney = (minor: number) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
const withSide = (minor: number) => `${trMoney(minor)}${minor > 0 ? ' B' : minor < 0 ? ' A' : ''}`;

const statementRows = () => Array.from(screen.getByRole('grid', { name: 'Ekstre satırları' }).querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));
const heading = () => screen.getByRole('heading', { level: 1 });

/** Holds every answer of one ERP operation until release(); records what the page had on screen when each request came. */
function holdOperation(operation: string) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const seen: { request: Request; statementRowsOnScreen: number }[] = [];
  mswServer.use(
    http.post(`*/api/erp/${operation}`, async ({ request }) => {
      seen.push({ request, statementRowsOnScreen: document.querySelectorAll('.statement-page tbody tr[data-row-id]').length });
      await gate;
      return gatewayFetch(request);
    }),
  );
  return { seen, release };
}

function firstLine(app: RenderedApp, id: string) {
  const lines = app.env.demoErp.dataset.accountById.get(id)!.lines as { debit: number; credit: number }[];
  return lines[0]!;
}

describe('the first call goes out with the navigation', () => {
  it('a cold statement link sends get_cari_extre while the session check is still unanswered; the page uses that one request', async () => {
    let releaseSession!: () => void;
    const sessionGate = new Promise<void>((resolve) => (releaseSession = resolve));
    const order: string[] = [];
    mswServer.use(
      http.get('*/api/session', async ({ request }) => {
        order.push('session asked');
        await sessionGate;
        order.push('session answered');
        return gatewayFetch(request);
      }),
      http.post('*/api/erp/get_cari_extre', ({ request }) => {
        order.push('get_cari_extre sent');
        return gatewayFetch(request);
      }),
    );
    const app = await renderApp('/accounts/1004', { loggedIn: true });
    await waitFor(() => expect(order).toContain('get_cari_extre sent'));
    expect(order).not.toContain('session answered');
    await act(async () => releaseSession());
    await screen.findByTestId('sum-balance');
    const l0 = firstLine(app, '1004');
    expect(statementRows()[0]!.cells[5]!.textContent).toBe(withSide(l0.debit - l0.credit));
    expect(order.filter((o) => o === 'get_cari_extre sent')).toHaveLength(1);
  });
});

describe('one request per answer', () => {
  it('a statement prefetched from a focused row and opened while that answer is still on its way is asked for once', async () => {
    const extre = holdOperation('get_cari_extre');
    const app = await renderApp('/accounts', { loggedIn: true });
    const account = app.env.demoErp.dataset.accountById.get('1004')!;
    const link = await screen.findByRole('link', { name: account.name });
    await app.user.click(link.closest('tr')!.querySelectorAll('td')[4]!); // the row gets the focus: its statement is prefetched
    await waitFor(() => expect(extre.seen).toHaveLength(1));
    await app.user.click(link);
    await waitFor(() => expect(app.path()).toBe('/accounts/1004'));
    await act(async () => extre.release());
    await screen.findByTestId('sum-balance');
    const l0 = firstLine(app, '1004');
    expect(statementRows()[0]!.cells[5]!.textContent).toBe(withSide(l0.debit - l0.credit));
    expect(extre.seen.map((s) => s.request.url.replace(/.*\/api\//, ''))).toEqual(['erp/get_cari_extre']);
  });
});

describe('statement first, name later', () => {
  it('a cold link paints the lines and running balance while the account list is held; the list is asked for only after, the header fills in when it comes', async () => {
    const list = holdOperation('get_cari');
    const app = await renderApp('/accounts/1004', { loggedIn: true });
    const account = app.env.demoErp.dataset.accountById.get('1004')!;
    const l0 = firstLine(app, '1004');

    await screen.findByTestId('sum-balance');
    expect(statementRows()[0]!.cells[5]!.textContent).toBe(withSide(l0.debit - l0.credit));
    expect(heading()).toHaveTextContent('Cari Ekstre');

    // The list is fetched in the background once the rows are on screen (never before them).
    await waitFor(() => expect(list.seen).toHaveLength(1));
    expect(list.seen[0]!.statementRowsOnScreen).toBeGreaterThan(0);
    expect(heading()).toHaveTextContent('Cari Ekstre');
    expect(screen.queryByText(account.category)).not.toBeInTheDocument();
    // The header's facts hold their place while they are on their way (the rows do not move later).
    expect(screen.getByTestId('consistency-pending')).toHaveTextContent('Cari bilgileri ve liste bakiyesi alınıyor…');

    await act(async () => list.release());
    expect(await screen.findByRole('heading', { level: 1, name: account.name })).toBeInTheDocument();
    expect(screen.getByText(`${account.province} / ${account.district}`)).toBeInTheDocument();
    expect(screen.getByText(account.category)).toBeInTheDocument();
    expect(screen.queryByTestId('consistency-pending')).not.toBeInTheDocument();
    expect(screen.getByTestId('consistency')).toHaveTextContent(/^✓ Liste bakiyesi ile ekstre bakiyesi tutuyor \(.* B, bugün itibarıyla\)\.$/);
  });

  it('takes the name from the statement answer when the ERP sends one (no wait for the list)', async () => {
    holdOperation('get_cari');
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const lines = (await (await gatewayFetch(request)).json()) as Record<string, unknown>[];
        return HttpResponse.json(lines.map((l) => ({ ...l, FIRMA_ADI: 'Özgür & Şükrü "Yıldız" Tic. %100' })));
      }),
    );
    await renderApp('/accounts/1004', { loggedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Özgür & Şükrü "Yıldız" Tic. %100' })).toBeInTheDocument();
    // The tab's title follows in an effect after the heading's render.
    await waitFor(() => expect(document.title).toBe('Özgür & Şükrü "Yıldız" Tic. %100 — Ekstre — Cari Ekran'));
  });

  it('takes the name of a recently opened account from this browser while the list is held', async () => {
    holdOperation('get_cari');
    localStorage.setItem('cari-ekran.account-shortcuts.v1', JSON.stringify({ recent: [{ id: '1004', name: 'Son Açılan Ltd.' }], pinned: [] }));
    await renderApp('/accounts/1004', { loggedIn: true });
    await screen.findByTestId('sum-balance');
    expect(heading()).toHaveTextContent('Son Açılan Ltd.');
  });
});

describe('long loads', () => {
  it('after about a second the statement says how much has arrived and for how long, instead of a frozen skeleton', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const firstPart = 8 * 1024;
    mswServer.use(
      http.post('*/api/erp/get_cari_extre', async ({ request }) => {
        const body = new Uint8Array(await (await gatewayFetch(request)).arrayBuffer());
        expect(body.byteLength).toBeGreaterThan(firstPart + 1);
        const stream = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(body.slice(0, firstPart));
            controller.enqueue(body.slice(firstPart, firstPart + 1));
            await gate;
            controller.enqueue(body.slice(firstPart + 1));
            controller.close();
          },
        });
        return new HttpResponse(stream, { headers: { 'content-type': 'application/json' } });
      }),
    );
    const app = await renderApp('/accounts/1000', { loggedIn: true });
    const status = () => within(screen.getByRole('grid', { name: 'Ekstre satırları' }).closest('section')!).getAllByRole('status')[0]!;
    await waitFor(() => expect(status()).toHaveTextContent('Yükleniyor…'));
    expect(screen.queryByText("ERP'den alınıyor…")).not.toBeInTheDocument();

    // 8 KB arrived (8 × 1024 bytes), then nothing: the page says so after the first second.
    const progress = await screen.findByTestId('load-progress', {}, { timeout: 3000 });
    expect(progress).toHaveTextContent(/^ERP'den alınıyor… 8 KB alındı · [12] sn$/);
    expect(within(progress).getByRole('progressbar', { name: "ERP'den alınıyor…" })).toBeInTheDocument();
    await waitFor(() => expect(progress).toHaveTextContent(/· 2 sn$/), { timeout: 3000 });

    await act(async () => release());
    await screen.findByTestId('sum-balance');
    expect(screen.queryByTestId('load-progress')).not.toBeInTheDocument();
    const l0 = firstLine(app, '1000');
    expect(statementRows()[0]!.cells[5]!.textContent).toBe(withSide(l0.debit - l0.credit));
  });

  it('leaving the page aborts the request it was waiting for', async () => {
    const statement = holdOperation('get_cari_extre');
    const app = await renderApp('/accounts/1004', { loggedIn: true });
    await waitFor(() => expect(statement.seen).toHaveLength(1));
    const { request } = statement.seen[0]!;
    expect(request.signal.aborted).toBe(false);
    // The page is there and waiting for that request (on a loaded machine the lazy page can mount
    // after the loader's request went out; until then the request belongs to no page yet).
    await screen.findByRole('grid', { name: 'Ekstre satırları' });

    await actUntil(
      app,
      () => app.router.navigate('/invoices'),
      () => app.path() === '/invoices',
    );
    await waitFor(() => expect(request.signal.aborted).toBe(true));
  });

  it('leaving a statement aborts the account list it was fetching in the background', async () => {
    const list = holdOperation('get_cari');
    const app = await renderApp('/accounts/1004', { loggedIn: true });
    await screen.findByTestId('sum-balance');
    await waitFor(() => expect(list.seen).toHaveLength(1));

    await actUntil(
      app,
      () => app.router.navigate('/invoices'),
      () => app.path() === '/invoices',
    );
    await waitFor(() => expect(list.seen[0]!.request.signal.aborted).toBe(true));
  });
});
