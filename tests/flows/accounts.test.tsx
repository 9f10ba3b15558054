// @vitest long
/**
 * /accounts over the real gateway + demo ERP (tests/harness). Expected figures are computed here,
 * straight from the demo dataset, with this file's own folding, money formatting and CSV rules —
 * never from the code under test.
 */
import { DEMO_COMPANY } from '../../server/demo-erp';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { actUntil, mswServer, renderApp, setDemoFail, type DemoShape, type RenderedApp } from '../harness';

// ---------- independent helpers ----------
const FOLD: Record<string, string> = { İ: 'i', I: 'i', ı: 'i', Ş: 's', ş: 's', Ğ: 'g', ğ: 'g', Ü: 'u', ü: 'u', Ö: 'o', ö: 'o', Ç: 'c', ç: 'c' };
const fold = (s: string) => s.replace(/[İIıŞşĞğÜüÖöÇç]/g, (c) => FOLD[c]!).toLowerCase();
const trMoney = (minor: number) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
const sideOf = (minor: number) => (minor > 0 ? ' B' : minor < 0 ? ' A' : '');
const csvAmount = (minor: number) => `${minor < 0 ? '-' : ''}${Math.trunc(Math.abs(minor) / 100)},${String(Math.abs(minor) % 100).padStart(2, '0')}`;

function blobText(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const grid = () => screen.getByRole('grid', { name: 'Cari listesi' });
const rowIds = () => Array.from(grid().querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]')).map((tr) => tr.dataset.rowId);
const rowOf = (id: string) => grid().querySelector<HTMLTableRowElement>(`tbody tr[data-row-id="${id}"]`)!;
const search = () => screen.getByRole('searchbox', { name: 'Cari ara' });
const getCariCalls = (app: RenderedApp) => app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi);

async function openList(path = '/accounts', shape: DemoShape = 'wex') {
  const app = await renderApp(path, { loggedIn: true, shape });
  await screen.findByTestId('accounts-count', {}, { timeout: 5000 });
  return app;
}

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts

describe.each(SHAPES)('accounts list (ERP shape %s)', (shape) => {
  it('shows the six fields, every balance with its side and colour, and totals exact to the kuruş', async () => {
    const app = await openList('/accounts', shape);
    const accounts = app.env.demoErp.dataset.accounts;
    const headers = within(grid())
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    for (const h of ['Firma ID', 'Kategori', 'Firma Adı', 'İl', 'İlçe', 'Bakiye']) expect(headers.some((x) => x?.startsWith(h))).toBe(true);

    let debit = 0;
    let credit = 0;
    for (const a of accounts) {
      if (a.balance > 0) debit += a.balance;
      else credit -= a.balance;
    }
    expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${accounts.length} cari`);
    expect(screen.getByTestId('accounts-debit')).toHaveTextContent(`${trMoney(debit)} B`);
    expect(screen.getByTestId('accounts-credit')).toHaveTextContent(`${trMoney(credit)} A`);
    expect(screen.getByTestId('accounts-net')).toHaveTextContent(`${trMoney(debit - credit)}${sideOf(debit - credit)}`);
    // the totals row of the table says the same
    const totals = grid().querySelector('tfoot tr')!;
    expect(totals).toHaveTextContent(`${accounts.length} cari`);
    expect(totals).toHaveTextContent(`${trMoney(debit - credit)}${sideOf(debit - credit)}`);

    // 1006 is alacaklı, 1000 borçlu, 1007 exactly zero
    const credit1006 = app.env.demoErp.dataset.accountById.get('1006')!.balance;
    const cell1006 = within(rowOf('1006')).getByText(trMoney(credit1006), { exact: false });
    expect(cell1006.closest('.balance')).toHaveClass('credit');
    expect(rowOf('1006')).toHaveTextContent(`${trMoney(credit1006)} A`);
    const debit1000 = app.env.demoErp.dataset.accountById.get('1000')!.balance;
    expect(rowOf('1000')).toHaveTextContent(`${trMoney(debit1000)} B`);
    expect(within(rowOf('1000')).getByText(trMoney(debit1000), { exact: false }).closest('.balance')).toHaveClass('debit');
    expect(rowOf('1007').cells[6]).toHaveTextContent(/^0,00$/);
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
  });

  it('Turkish search: ığdır finds İĞDIR…, isparta and ısparta both find ISPARTA; instant, one ERP call, ?q= in the URL', async () => {
    const app = await openList('/accounts', shape);
    const accounts = app.env.demoErp.dataset.accounts;
    const expected = (q: string) => accounts.filter((a) => fold(`${a.id} ${a.name} ${a.province} ${a.district}`).includes(fold(q))).map((a) => a.id);

    await app.user.type(search(), 'ığdır');
    const igdir = expected('igdir');
    expect(igdir).toContain('1004'); // "İĞDIR Tarım…"
    expect(igdir).toContain('1005'); // "Iğdır Et…"
    expect(rowIds()).toEqual(igdir);
    expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${igdir.length} cari`);
    await waitFor(() => expect(app.path()).toBe(`/accounts?q=${encodeURIComponent('ığdır')}`));

    for (const q of ['isparta', 'ısparta', 'ISPARTA']) {
      await app.user.clear(search());
      await app.user.type(search(), q);
      const ids = expected('isparta');
      expect(ids).toContain('1002'); // province ISPARTA (upper case)
      expect(ids).toContain('1008'); // "Isparta Gül Yağı…"
      expect(rowIds()).toEqual(ids);
    }
    // Legal suffixes do not decide: "ltd. şti." is not in 1008's name, "A.Ş." not in 1004's. A whole name is
    // pasted, as one copied from an invoice is.
    await app.user.clear(search());
    await app.user.paste('isparta gül yağı ltd. şti.');
    expect(rowIds()).toEqual(['1008']);
    await app.user.clear(search());
    await app.user.paste('İĞDIR TARIM A.Ş.');
    expect(rowIds()).toEqual(['1004']);

    // The full list was loaded once; typing never asked the ERP again.
    expect(getCariCalls(app)).toEqual(['']);
  });
});

describe('accounts list', () => {
  it('offers every extra key the ERP returned as a column: hidden at first, shown through the column chooser', async () => {
    mswServer.use(
      http.post('*/api/erp/get_cari', () =>
        HttpResponse.json([
          {
            FIRMA_ID: '7',
            FIRMA_KATEGORI: 'Müşteri',
            FIRMA_ADI: 'Ek Alan A.Ş.',
            FIRMA_IL: 'Bursa',
            FIRMA_ILCE: 'Nilüfer',
            BAKIYE: '1234.5',
            VERGI_NO: '1234567890',
            TEMSILCI: 'Ayşe Yıldırım',
          },
        ]),
      ),
    );
    const app = await renderApp('/accounts', { loggedIn: true });
    await screen.findByText('Ek Alan A.Ş.');
    // The list fits a laptop screen: the extra keys wait in the column chooser.
    expect(screen.queryByRole('columnheader', { name: /Vergi No/ })).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Sütunlar (7/9)' }));
    const chooser = screen.getByRole('group', { name: 'Sütunlar' });
    await app.user.click(within(chooser).getByRole('checkbox', { name: 'Vergi No' }));
    await app.user.click(within(chooser).getByRole('checkbox', { name: 'Temsilci' }));
    expect(screen.getByRole('columnheader', { name: /Vergi No/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Temsilci/ })).toBeInTheDocument();
    expect(rowOf('7')).toHaveTextContent('1234567890');
    expect(rowOf('7')).toHaveTextContent('Ayşe Yıldırım');
    expect(rowOf('7')).toHaveTextContent('1.234,50 B');
  });

  it('asks the ERP with firma_ismi only when the loaded list has no match (fallback), and says so', async () => {
    const app = await openList();
    await app.user.type(search(), 'zzqx');
    expect(await screen.findByText('Aramanıza uyan cari bulunamadı.')).toBeInTheDocument();
    await waitFor(() => expect(getCariCalls(app)).toEqual(['', 'zzqx']));
  });

  it('category and province facets with counts, hide zero balances — all in the URL', async () => {
    const app = await openList();
    const accounts = app.env.demoErp.dataset.accounts;
    const suppliers = accounts.filter((a) => a.category === 'Tedarikçi');
    const filters = screen.getByRole('complementary', { name: 'Filtreler' });
    const supplierBox = within(filters).getByRole('checkbox', { name: new RegExp(`^Tedarikçi ${suppliers.length}$`) });
    await app.user.click(supplierBox);
    expect(app.path()).toBe(`/accounts?category=${encodeURIComponent('Tedarikçi')}`);
    await waitFor(() => expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${suppliers.length} cari`));
    // category counts do not shrink when a category is picked
    const customers = accounts.filter((a) => a.category === 'Müşteri').length;
    expect(within(filters).getByRole('checkbox', { name: new RegExp(`^Müşteri ${customers}$`) })).not.toBeChecked();
    // province facet counts only suppliers; İstanbul spellings are one facet
    const istanbul = suppliers.filter((a) => fold(a.province) === 'istanbul').length;
    expect(istanbul).toBeGreaterThan(0);
    const provinceGroup = within(filters).getByRole('group', { name: 'İl' });
    const istanbulBox = within(provinceGroup).getByRole('checkbox', { name: new RegExp(`^(İstanbul|İSTANBUL) ${istanbul}$`) });
    await app.user.click(istanbulBox);
    await waitFor(() => expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${istanbul} cari`));

    await app.user.click(within(filters).getByRole('checkbox', { name: 'Sıfır bakiyeleri gizle' }));
    const nonZero = suppliers.filter((a) => fold(a.province) === 'istanbul' && a.balance !== 0);
    await waitFor(() => expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${nonZero.length} cari`));
    const params = new URLSearchParams(app.path().split('?')[1]);
    expect(params.getAll('category')).toEqual(['Tedarikçi']);
    expect(params.getAll('province')).toHaveLength(1);
    expect(params.get('hideZero')).toBe('1');
    let net = 0;
    for (const a of nonZero) net += a.balance;
    expect(screen.getByTestId('accounts-net')).toHaveTextContent(`${trMoney(net)}${sideOf(net)}`);
  });

  it('a keystroke updates the facet counts and leaves the filter boxes alone; a box clicked after it keeps the search', async () => {
    const app = await openList();
    const accounts = app.env.demoErp.dataset.accounts;
    const filters = screen.getByRole('complementary', { name: 'Filtreler' });
    const writes: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const r of records) {
        const el = r.target.nodeType === Node.ELEMENT_NODE ? (r.target as Element) : r.target.parentElement!;
        writes.push(`${r.type} ${el.tagName.toLowerCase()}${r.attributeName ? ` ${r.attributeName}` : ''}`);
      }
    });
    observer.observe(filters, { subtree: true, attributes: true, characterData: true, childList: true });
    await app.user.type(search(), 'a');
    const withA = accounts.filter((a) => fold(`${a.id} ${a.name} ${a.province} ${a.district}`).includes('a'));
    const suppliers = withA.filter((a) => a.category === 'Tedarikçi').length;
    // The count changes with the keystroke (all the suppliers before it).
    expect(suppliers).toBeGreaterThan(0);
    expect(suppliers).toBeLessThan(accounts.filter((a) => a.category === 'Tedarikçi').length);
    const supplierBox = await within(filters).findByRole('checkbox', { name: new RegExp(`^Tedarikçi ${suppliers}$`) });
    observer.disconnect();
    // The counts were written; no checkbox or radio button was (React writes an input it re-renders again).
    expect(writes.some((w) => w.startsWith('characterData'))).toBe(true);
    expect(writes.filter((w) => w.includes('input'))).toEqual([]);
    // The boxes' handlers are the latest ones: the search typed before the click stays in the URL.
    await app.user.click(supplierBox);
    expect(new URLSearchParams(app.path().split('?')[1]).getAll('category')).toEqual(['Tedarikçi']);
    expect(new URLSearchParams(app.path().split('?')[1]).get('q')).toBe('a');
    await app.user.click(within(filters).getByRole('radio', { name: 'Borçlu (B)' }));
    expect(new URLSearchParams(app.path().split('?')[1]).get('side')).toBe('B');
    expect(new URLSearchParams(app.path().split('?')[1]).get('q')).toBe('a');
    const debtors = withA.filter((a) => a.category === 'Tedarikçi' && a.balance > 0).length;
    await waitFor(() => expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${debtors} cari`));
  });

  it('opens straight from a shared URL with filters applied', async () => {
    const app = await openList(`/accounts?category=${encodeURIComponent('Müşteri')}&hideZero=1`);
    const n = app.env.demoErp.dataset.accounts.filter((a) => a.category === 'Müşteri' && a.balance !== 0).length;
    expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${n} cari`);
    expect(screen.getByRole('checkbox', { name: 'Sıfır bakiyeleri gizle' })).toBeChecked();
  });

  it('sorts names with Turkish collation (Ç after C, İ after I, Ş after S), both ways, sort in the URL', async () => {
    const app = await openList();
    const collator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
    const names = app.env.demoErp.dataset.accounts.map((a) => a.name).sort(collator.compare);
    await app.user.click(within(grid()).getByRole('button', { name: /^Firma Adı/ }));
    expect(app.path()).toBe('/accounts?sort=name');
    const shownNames = () => Array.from(grid().querySelectorAll('tbody tr[data-row-id]')).map((tr) => (tr as HTMLTableRowElement).cells[3]!.textContent);
    await waitFor(() => expect(shownNames().slice(0, 10)).toEqual(names.slice(0, 10)));
    // a spot check of the Turkish alphabet: every name starting with Ç comes after every C…
    const firstC = names.findIndex((n) => n.startsWith('Ç'));
    expect(names.slice(firstC).every((n) => !n.startsWith('C'))).toBe(true);
    await app.user.click(within(grid()).getByRole('button', { name: /^Firma Adı/ }));
    expect(app.path()).toBe('/accounts?sort=-name');
    await waitFor(() => expect(shownNames().slice(0, 10)).toEqual([...names].reverse().slice(0, 10)));
  });

  it('keyboard: / focuses the search, Esc clears it, arrows move the row focus (prefetching the statement), Enter opens', async () => {
    const app = await openList();
    await app.user.keyboard('/');
    expect(search()).toHaveFocus();
    await app.user.keyboard('ığdır');
    expect(rowIds()).toEqual(expect.arrayContaining(['1004', '1005']));
    await app.user.keyboard('{Escape}');
    expect(search()).toHaveValue('');
    expect(screen.getByTestId('accounts-count')).toHaveTextContent('330 cari');

    act(() => grid().focus()); // the first row gets the focus
    const [, second, third] = app.env.demoErp.dataset.accounts;
    await app.user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    expect(rowOf(second!.id)).toHaveClass('dt-row--active');
    // the row the focus rests on prefetches its statement (no navigation yet); rows passed over do not
    const statements = () => app.env.demoErp.requests.filter((r) => r.operation === 'get_cari_extre').map((r) => r.params.cari_id);
    // The timers fire in the order they were set: had the third row's (passed over) prefetch not been
    // dropped, its request would have come before the second's — so once the second's is in, the
    // list of requests is final, with no fixed wait.
    await waitFor(() => expect(statements()).toEqual([second!.id]));
    expect(statements()).not.toContain(third!.id);
    expect(app.path()).toBe('/accounts');
    await app.user.keyboard('{Enter}');
    await screen.findByRole('heading', { level: 1, name: second!.name });
    expect(app.path()).toBe(`/accounts/${second!.id}`);
    expect(statements()).toEqual([second!.id]); // opened from the prefetched answer
  });

  it('exports the visible rows as CSV for Turkish Excel, byte for byte', async () => {
    const app = await openList();
    await app.user.type(search(), 'ığdır');
    const accounts = app.env.demoErp.dataset.accounts.filter((a) => fold(`${a.id} ${a.name} ${a.province} ${a.district}`).includes('igdir'));
    let blob: Blob | undefined;
    const created = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:csv';
    });
    const origCreate = URL.createObjectURL;
    const origRevoke = URL.revokeObjectURL;
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await app.user.click(screen.getByRole('button', { name: 'CSV indir' }));
    } finally {
      Object.assign(URL, { createObjectURL: origCreate, revokeObjectURL: origRevoke });
      click.mockRestore();
    }
    const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = [
      // The list holds USD/EUR accounts, so it has a currency column (empty for TL accounts).
      'Firma ID;Kategori;Firma Adı;İl;İlçe;Bakiye (+ borçlu / − alacaklı);Döviz',
      ...accounts.map((a) => [a.id, a.category, a.name, a.province, a.district, csvAmount(a.balance), a.currency ?? ''].map(quote).join(';')),
    ];
    // The screen's totals row (issue 25): the count and Σ of the signed balances.
    lines.push(['Toplam', '', `${accounts.length} cari`, '', '', csvAmount(accounts.reduce((s, a) => s + a.balance, 0)), ''].join(';'));
    // Under it, Σ of the borçlu and of the alacaklı balances (issue 35), as the summary above the list shows them.
    lines.push(['Borçlu bakiyeler', '', '', '', '', csvAmount(accounts.filter((a) => a.balance > 0).reduce((s, a) => s + a.balance, 0)), ''].join(';'));
    lines.push(['Alacaklı bakiyeler', '', '', '', '', csvAmount(accounts.filter((a) => a.balance < 0).reduce((s, a) => s + a.balance, 0)), ''].join(';'));
    const bytes = await blobText(blob!);
    expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    // Title lines first (our company, the document, as of when, when made), a blank line, then the table.
    const [title, table] = text.replace(/^\uFEFF/, '').split('\r\n\r\n');
    expect(title!.split('\r\n').slice(0, 2)).toEqual([DEMO_COMPANY.title, 'Cari Listesi']);
    expect(title!.split('\r\n')[2]).toMatch(/^Tarih: \d\d\.\d\d\.\d{4}$/);
    expect(title!.split('\r\n')[3]).toMatch(/^Oluşturulma: \d\d\.\d\d\.\d{4} \d\d:\d\d$/);
    const expectedText = `${lines.join('\r\n')}\r\n`;
    expect(table).toBe(expectedText);
    expect(Array.from(new TextEncoder().encode(table))).toEqual(Array.from(new TextEncoder().encode(expectedText)));
    expect(new TextDecoder().decode(bytes)).toContain('1004;Müşteri;İĞDIR Tarım Ürünleri San. ve Tic. Ltd. Şti.;İĞDIR;MERKEZ;400734,81;\r\n');
  });

  // Logging in goes through the ERP too, so the failure is switched on after login (on a page
  // that makes no ERP call), then the list is opened.
  async function listWithFailure(fail: 'html500' | 'hang') {
    const app = await renderApp('/bos-sayfa', { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' });
    setDemoFail(fail);
    await actUntil(app, () => app.router.navigate('/accounts'));
    return app;
  }

  it('an ERP error is announced (role=alert) in plain Turkish, never raw HTML, with a working retry', async () => {
    await listWithFailure('html500');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).not.toMatch(/<|html|coldfusion|Error Occurred|wex\.cfm/i);
    expect(alert).toHaveTextContent('ERP sunucusu hata verdi (HTTP 500)');
    // No row count or totals next to the error: nothing was loaded, "0 satır" would be a false figure.
    expect(screen.queryByText(/satır/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('accounts-count')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV indir' })).toBeDisabled();
    setDemoFail('none');
    await userClick(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(await screen.findByTestId('accounts-count')).toHaveTextContent('330 cari');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the ERP’s own message when it gave one', async () => {
    mswServer.use(http.post('*/api/erp/get_cari', () => HttpResponse.json({ status: false, message: 'Cari listesi için yetkiniz yok.' })));
    await renderApp('/accounts', { loggedIn: true });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cari listesi için yetkiniz yok.');
  });

  it('shows a loading skeleton while the ERP is slow', async () => {
    const app = await listWithFailure('hang');
    await screen.findByRole('grid', { name: 'Cari listesi' });
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(grid().querySelectorAll('.dt-skeleton-row').length).toBeGreaterThan(0);
    expect(screen.queryByTestId('accounts-count')).not.toBeInTheDocument();
    app.env.demoErp.release();
  });

  it('pinned and recently opened accounts stay at the top (kept in localStorage)', async () => {
    const app = await openList();
    const a1005 = app.env.demoErp.dataset.accountById.get('1005')!;
    await app.user.click(within(rowOf('1005')).getByRole('button', { name: `${a1005.name} carisini sabitle` }));
    const pinned = screen.getByRole('navigation', { name: 'Sabitlenenler' });
    expect(within(pinned).getByRole('link', { name: a1005.name })).toHaveAttribute('href', '/accounts/1005');
    expect(pinned).toHaveTextContent(`${trMoney(a1005.balance)} B`);
    expect(JSON.parse(localStorage.getItem('cari-ekran.account-shortcuts.v1')!).pinned).toEqual([{ id: '1005', name: a1005.name }]);

    const a1004 = app.env.demoErp.dataset.accountById.get('1004')!;
    await app.user.click(within(rowOf('1004')).getByRole('link', { name: a1004.name }));
    await screen.findByRole('heading', { level: 1, name: a1004.name });
    await app.user.click(screen.getByRole('link', { name: /Cari listesine dön/ }));
    const recent = await screen.findByRole('navigation', { name: 'Son açılanlar' });
    expect(within(recent).getByRole('link', { name: a1004.name })).toBeInTheDocument();
    // unpin
    await app.user.click(within(rowOf('1005')).getByRole('button', { name: `${a1005.name} carisinin sabitlemesini kaldır` }));
    expect(screen.queryByRole('navigation', { name: 'Sabitlenenler' })).not.toBeInTheDocument();
  });

  it('Back to the list keeps its search and filters (and needs no second list request)', async () => {
    const app = await openList(`/accounts?category=${encodeURIComponent('Müşteri')}`);
    await app.user.type(search(), 'ığdır');
    await waitFor(() => expect(app.path()).toContain('q='));
    const listPath = app.path();
    await app.user.click(within(rowOf('1004')).getByRole('link'));
    await screen.findByRole('heading', { level: 1, name: /İĞDIR Tarım/ });
    await app.user.click(screen.getByRole('link', { name: /Cari listesine dön/ }));
    await screen.findByRole('grid', { name: 'Cari listesi' });
    expect(app.path()).toBe(listPath);
    expect(search()).toHaveValue('ığdır');
    expect(screen.getByRole('checkbox', { name: /^Müşteri / })).toBeChecked();
    expect(rowIds().every((id) => app.env.demoErp.dataset.accountById.get(id!)!.category === 'Müşteri')).toBe(true);
    expect(getCariCalls(app)).toEqual(['']);
  });
});

async function userClick(el: HTMLElement) {
  await act(async () => {
    fireEvent.click(el);
  });
}
