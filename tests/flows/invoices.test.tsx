// @vitest long
/**
 * /invoices, /invoices/:faturaId and the header's quick invoice box against the demo ERP in
 * several answer shapes. Expected numbers come straight from the demo dataset.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDataset, type DemoInvoice } from '../../server/demo-erp';
import { mswServer, renderApp, setDemoFail, type DemoShape } from '../harness';

// Lazy routes and the demo dataset make the first render slow when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts
const ds = getDataset();

/** Independent tr-TR money text: 123456 kuruş → "1.234,56". */
function tl(minor: number): string {
  const neg = minor < 0;
  const abs = Math.abs(minor);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
}
const trDate = (iso: string) => iso.split('-').reverse().join('.');

function bodyRows(grid: HTMLElement): HTMLElement[] {
  return Array.from(grid.querySelectorAll<HTMLElement>('tbody tr.dt-row'));
}
function columnIndex(grid: HTMLElement, name: string): number {
  const headers = within(grid).getAllByRole('columnheader');
  const i = headers.findIndex((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim() === name);
  if (i < 0) throw new Error(`no column ${name}: ${headers.map((h) => h.textContent).join(' | ')}`);
  return i;
}
function footerCells(grid: HTMLElement): string[] {
  return Array.from(grid.querySelectorAll('tfoot td'), (td) => td.textContent ?? '');
}

const by417 = ds.invoices.filter((i) => i.number.endsWith('417'));

/** The per-type totals block, line by line: type, currency, count, Σ net, Σ VAT, Σ total. */
function typeTotalLines(): (string | null)[][] {
  const block = screen.getByTestId('invoice-type-totals');
  return Array.from(block.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (c) => c.textContent));
}
function expectedTypeTotals(invoices: readonly DemoInvoice[]): string[][] {
  const kinds = [...new Set(invoices.map((i) => i.kind))];
  return kinds.map((kind) => {
    const of = invoices.filter((i) => i.kind === kind);
    const sum = (f: (i: DemoInvoice) => number) => tl(of.reduce((s, i) => s + f(i), 0));
    return [kind, 'TL', String(of.length), sum((i) => i.net), sum((i) => i.vat), sum((i) => i.total)];
  });
}
/** An invoice with at least two VAT rates and three lines (for the VAT-by-rate table). */
const multiRate: DemoInvoice = ds.invoices.find((i) => i.lines.length >= 3 && new Set(i.lines.map((l) => l.vatRate)).size >= 2)!;

afterEach(() => vi.restoreAllMocks());

describe.each(SHAPES)('invoice search (ERP shape %s)', (shape) => {
  it('lists what the ERP returns for a partial number, formatted, with totals per document type; a row opens the detail and back keeps the search', async () => {
    expect(by417.length).toBeGreaterThanOrEqual(2);
    const app = await renderApp('/invoices?no=417&firma=', { loggedIn: true, shape });
    const grid = await screen.findByRole('grid', { name: 'Fatura listesi' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(by417.length));

    for (const inv of by417) {
      const link = within(grid).getByRole('link', { name: inv.number });
      expect(link).toHaveAttribute('href', `/invoices/${inv.id}`);
      const row = link.closest('tr')!;
      expect(row.textContent).toContain(trDate(inv.date));
      expect(row.textContent).toContain(inv.accountName);
      const cells = Array.from(row.querySelectorAll('td'), (td) => td.textContent);
      expect(cells[columnIndex(grid, 'Toplam')]).toBe(tl(inv.total));
      expect(cells[columnIndex(grid, 'Para Birimi')]).toBe('TL');
      // The internal invoice id and the account id are not shown by default (the column chooser has them).
      expect(cells).not.toContain(inv.id);
      expect(cells).not.toContain(inv.accountId);
    }
    expect(within(grid).queryByRole('columnheader', { name: /Fatura ID/ })).toBeNull();
    // One name for the document type (issue 25): the column is called what the totals box calls it.
    expect(within(grid).queryByRole('columnheader', { name: /İşlem Adı/ })).toBeNull();
    const typeCol = columnIndex(grid, 'Fatura türü');
    expect(bodyRows(grid).map((tr) => tr.querySelectorAll('td')[typeCol]!.textContent)).toEqual(expect.arrayContaining(by417.map((i) => i.kind)));
    expect(screen.getByTestId('invoice-type-totals').querySelector('th')).toHaveTextContent('Fatura türü');
    // Sales, purchases and returns are never added together: no totals row, one line per type and currency.
    expect(footerCells(grid)).toEqual([]);
    expect(typeTotalLines()).toEqual(expectedTypeTotals(by417));

    const first = by417[0]!;
    await app.user.click(within(grid).getByRole('link', { name: first.number }));
    expect(await screen.findByRole('heading', { level: 1, name: `Fatura ${first.number}` })).toBeInTheDocument();
    expect(app.path()).toBe(`/invoices/${first.id}`);
    await app.user.click(screen.getByRole('link', { name: '← Fatura aramasına dön' }));
    expect(app.path()).toBe('/invoices?no=417&firma=');
    expect(await screen.findByRole('grid', { name: 'Fatura listesi' })).toBeInTheDocument();
  });
});

describe('invoice search', () => {
  it('sales and their returns are totalled apart (no sum over mixed document types); the filter narrows the totals', async () => {
    const name = 'Palandöken Grup Peyzaj A.Ş.';
    const own = ds.invoices.filter((i) => i.accountName === name);
    expect(new Set(own.map((i) => i.kind)).size).toBe(2); // Satış Faturası + Satış İade Faturası
    const app = await renderApp(`/invoices?no=&firma=${encodeURIComponent('Palandöken Grup')}`, { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Fatura listesi' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(own.length));
    expect(footerCells(grid)).toEqual([]);
    expect(typeTotalLines()).toEqual(expectedTypeTotals(own));
    // Filtering the list to the returns leaves one line: the returns' own totals.
    await app.user.type(screen.getByLabelText('Sonuçlarda süz'), 'iade');
    const returns = own.filter((i) => i.kind === 'Satış İade Faturası');
    await waitFor(() => expect(typeTotalLines()).toEqual(expectedTypeTotals(returns)));
  });

  it('a 500-character number is refused next to the box: no request, no error box', async () => {
    const app = await renderApp('/invoices', { loggedIn: true });
    const calls: string[] = [];
    const onRequest = ({ request }: { request: Request }) => void calls.push(new URL(request.url).pathname);
    mswServer.events.on('request:start', onRequest);
    const box = await screen.findByLabelText('Fatura no');
    fireEvent.change(box, { target: { value: '7'.repeat(500) } });
    expect(await screen.findByText('Fatura numarası en fazla 200 karakter olabilir (500 yazıldı).')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Ara' }));
    expect(app.path()).toBe('/invoices');
    expect(screen.queryByText(/Bir sorun oluştu/)).toBeNull();
    // The same long number in a URL (the header box, a hand-edited link) asks nothing either.
    await act(() => app.router.navigate(`/invoices?no=${'7'.repeat(500)}&firma=`));
    expect(await screen.findByText('Fatura numarası en fazla 200 karakter olabilir (500 yazıldı).')).toBeInTheDocument();
    expect(screen.queryByRole('grid', { name: 'Fatura listesi' })).toBeNull();
    expect(screen.queryByText(/Bir sorun oluştu/)).toBeNull();
    mswServer.events.removeListener('request:start', onRequest);
    expect(calls.filter((p) => p.includes('get_fatura'))).toEqual([]);
  });

  it('searches by company through the form and filters the loaded results by trailing digits', async () => {
    const acc = ds.accounts.find((a) => a.id === '1000')!;
    const own = ds.invoices.filter((i) => i.accountId === acc.id);
    const app = await renderApp('/invoices', { loggedIn: true });
    expect(await screen.findByText(/Aramak için fatura numarası veya firma adı yazıp/)).toBeInTheDocument();

    await app.user.type(screen.getByLabelText('Firma adı'), 'anadolu mega');
    await app.user.click(screen.getByRole('button', { name: 'Ara' }));
    const grid = await screen.findByRole('grid', { name: 'Fatura listesi' });
    await waitFor(() => expect(screen.getByText(`${own.length} satır`)).toBeInTheDocument());

    const target = own[own.length - 1]!;
    const digits = target.number.slice(-4).replace(/^0+/, '');
    await app.user.type(screen.getByLabelText('Sonuçlarda süz'), digits);
    // The invoice id column is searched too: an id holding the digits also matches.
    const expectedShown = own.filter((i) => i.number.includes(digits) || i.id.includes(digits) || i.accountId.includes(digits));
    expect(expectedShown).toContain(target);
    expect(await screen.findByText(`${own.length} satırdan ${expectedShown.length} gösteriliyor`)).toBeInTheDocument();
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(expectedShown.length));
    expect(within(grid).getByRole('link', { name: target.number })).toBeInTheDocument();
    expect(app.path()).toContain(`q=${digits}`);
  });

  it('says plainly when no invoice matches', async () => {
    await renderApp('/invoices?no=XX-YOK-999&firma=', { loggedIn: true });
    expect(await screen.findByText('“XX-YOK-999” numaralı fatura bulunamadı.')).toBeInTheDocument();
  });
});

describe('quick invoice box (header)', () => {
  it('Ctrl+K focuses it; one match opens the invoice', async () => {
    const inv = ds.invoices[10]!;
    const app = await renderApp('/accounts', { loggedIn: true });
    const box = await screen.findByRole('searchbox', { name: 'Fatura no ile aç' });
    await app.user.keyboard('{Control>}k{/Control}');
    expect(box).toHaveFocus();
    await app.user.type(box, `${inv.number}{Enter}`);
    expect(await screen.findByRole('heading', { level: 1, name: `Fatura ${inv.number}` })).toBeInTheDocument();
    expect(app.path()).toBe(`/invoices/${inv.id}`);
  });

  it('several matches show the list', async () => {
    const app = await renderApp('/aging?firma=zzz', { loggedIn: true });
    const box = await screen.findByRole('searchbox', { name: 'Fatura no ile aç' });
    await app.user.type(box, '417{Enter}');
    await waitFor(() => expect(app.path()).toBe('/invoices?no=417&firma='));
    const grid = await screen.findByRole('grid', { name: 'Fatura listesi' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(by417.length));
  });

  it('"/" focuses it on a page without a table search box', async () => {
    const app = await renderApp(`/invoices/${multiRate.id}`, { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: `Fatura ${multiRate.number}` });
    await app.user.keyboard('/');
    expect(screen.getByRole('searchbox', { name: 'Fatura no ile aç' })).toHaveFocus();
  });
});

describe.each(SHAPES)('invoice detail (ERP shape %s)', (shape) => {
  it('shows the header, every line, Σ lines and VAT by rate', async () => {
    const inv = multiRate;
    await renderApp(`/invoices/${inv.id}`, { loggedIn: true, shape });
    expect(await screen.findByRole('heading', { level: 1, name: `Fatura ${inv.number}` })).toBeInTheDocument();

    const header = screen.getByRole('region', { name: 'Fatura bilgileri' });
    // The company opens its statement (and the statement's document number opens this invoice).
    expect(within(header).getByRole('link', { name: inv.accountName })).toHaveAttribute('href', `/accounts/${inv.accountId}`);
    // The internal id is the last header field, not the first.
    const fields = Array.from(header.querySelectorAll('dd'), (dd) => dd.textContent);
    expect(fields[0]).not.toBe(inv.id);
    expect(fields[fields.length - 1]).toBe(inv.id);
    expect(header.textContent).toContain(trDate(inv.date));
    expect(header.textContent).toContain(`${tl(inv.total)} TL`);

    const grid = screen.getByRole('grid', { name: 'Fatura satırları' });
    expect(bodyRows(grid)).toHaveLength(inv.lines.length);
    for (const line of inv.lines) expect(within(grid).getByText(line.productName)).toBeInTheDocument();
    // VAT rates read as rates: "%20", not "20".
    const rateCol = columnIndex(grid, 'KDV Oranı');
    expect(bodyRows(grid).map((tr) => tr.querySelectorAll('td')[rateCol]!.textContent)).toEqual(inv.lines.map((l) => `%${l.vatRate}`));
    expect(footerCells(grid)[columnIndex(grid, 'Satır Toplamı')]).toBe(tl(inv.lines.reduce((s, l) => s + l.total, 0)));

    const rows = Array.from(document.querySelectorAll('.invoice-totals tr'), (tr) => tr.textContent);
    const rates = [...new Set(inv.lines.map((l) => l.vatRate))].sort((a, b) => a - b);
    for (const rate of rates) {
      const base = inv.lines.filter((l) => l.vatRate === rate).reduce((s, l) => s + l.net, 0);
      const vat = inv.lines.filter((l) => l.vatRate === rate).reduce((s, l) => s + l.vat, 0);
      expect(rows).toContain(`Hesaplanan KDV (%${rate}) (matrah ${tl(base)})${tl(vat)} TL`);
    }
    // An invoice's own words (issue 25): Mal/Hizmet Toplamı, Hesaplanan KDV, Vergiler Dahil Toplam —
    // the grand total once (the header's total agrees with the lines: no second row).
    expect(rows).toContain(`Mal/Hizmet Toplamı${tl(inv.lines.reduce((s, l) => s + l.net, 0))} TL`);
    expect(rows).toContain(`Hesaplanan KDV Toplamı${tl(inv.vat)} TL`);
    expect(rows).toContain(`Vergiler Dahil Toplam${tl(inv.total)} TL`);
    expect(rows.filter((r) => r?.startsWith('Vergiler Dahil Toplam'))).toHaveLength(1);
    expect(document.querySelector('.invoice-totals')!.textContent).not.toMatch(/Σ|Satırlar toplamı|Faturadaki toplam/);

    expect(screen.queryByText(/farklı/)).not.toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
  });

  it('says "not found" once, plainly, with a way back (also when the ERP says it in an envelope)', async () => {
    const app = await renderApp('/invoices/99999999', { loggedIn: true, shape });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fatura bulunamadı' })).toBeInTheDocument();
    const state = screen.getByTestId('not-found');
    // One "bulunamadı" (the heading); the id is not called an invoice number.
    expect(state.textContent!.match(/bulunamad/gi)).toHaveLength(1);
    expect(document.body.textContent!.match(/bulunamad/gi)).toHaveLength(1);
    expect(state).not.toHaveTextContent(/numaralı/);
    expect(screen.queryByRole('button', { name: 'Yazdır' })).toBeNull();
    await app.user.click(screen.getByRole('link', { name: '← Fatura aramasına dön' }));
    expect(app.path()).toBe('/invoices');
  });
});

describe('invoice detail', () => {
  it('prints and exports the lines as CSV', async () => {
    const inv = multiRate;
    const print = vi.fn();
    vi.stubGlobal('print', print);
    let csv = '';
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      const reader = new FileReader();
      reader.onload = () => (csv = String(reader.result));
      reader.readAsText(blob as Blob);
      return 'blob:test';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const app = await renderApp(`/invoices/${inv.id}`, { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: `Fatura ${inv.number}` });

    await app.user.click(screen.getByRole('button', { name: 'Yazdır' }));
    expect(print).toHaveBeenCalledTimes(1);

    await app.user.click(within(screen.getByRole('region', { name: 'Fatura satırları' })).getByRole('button', { name: 'CSV indir' }));
    await waitFor(() => expect(csv).not.toBe(''));
    // Title lines (our company, the document, the account, when made), a blank line, the table and its totals line.
    const [title, table] = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n\r\n');
    expect(title!.split('\r\n').slice(1, 3)).toEqual([`Fatura ${inv.number} Satırları`, `Cari: ${inv.accountId} · ${inv.accountName}`]);
    const lines = table!.split('\r\n');
    expect(lines).toHaveLength(inv.lines.length + 2);
    expect(lines.at(-1)!.startsWith('Toplam;')).toBe(true);
    const first = inv.lines[0]!;
    expect(lines[1]).toContain(first.productName.includes(';') ? `"${first.productName}"` : first.productName);
    expect(lines[1]).toContain(`${Math.floor(first.total / 100)},${String(first.total % 100).padStart(2, '0')}`);
    vi.unstubAllGlobals();
  });

  it('shows an ERP failure as a plain message', async () => {
    const app = await renderApp('/login', { loggedIn: true });
    await screen.findByRole('banner');
    setDemoFail('html200');
    await act(() => app.router.navigate(`/invoices/${multiRate.id}`));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Fatura açılamadı');
    expect(alert.textContent).toMatch(/ERP/);
    expect(alert.textContent).not.toMatch(/<|html|undefined|NaN/i);
  });
});

describe('invoice detail (ERP shape mobius: the vendor’s documented labels, lines nested under "Ürün")', () => {
  it('reads the nested lines as a table with their totals, shows YTL as TL, and "Cari" opens the account’s statement', async () => {
    const inv = multiRate;
    await renderApp(`/invoices/${inv.id}`, { loggedIn: true, shape: 'mobius' });
    expect(await screen.findByRole('heading', { level: 1, name: `Fatura ${inv.number}` })).toBeInTheDocument();
    const header = screen.getByRole('region', { name: 'Fatura bilgileri' });
    expect(header.textContent).toContain(trDate(inv.date));
    // No account id in the answer: the company's name finds it (get_cari by that name).
    expect(await within(header).findByRole('link', { name: inv.accountName })).toHaveAttribute('href', `/accounts/${inv.accountId}`);

    const grid = screen.getByRole('grid', { name: 'Fatura satırları' });
    expect(bodyRows(grid)).toHaveLength(inv.lines.length);
    expect(grid.textContent).not.toContain('[{');
    const priceCol = columnIndex(grid, 'Birim Fiyat');
    const netCol = columnIndex(grid, 'Net Tutar');
    const grossCol = columnIndex(grid, 'Satır Toplamı');
    const currencyCol = columnIndex(grid, 'Para Birimi');
    const cells = (i: number) => bodyRows(grid).map((tr) => tr.querySelectorAll('td')[i]!.textContent);
    // "412,1900" (four decimals) shows as 412,19.
    expect(cells(priceCol)).toEqual(inv.lines.map((l) => tl(l.unitPrice)));
    expect(cells(netCol)).toEqual(inv.lines.map((l) => tl(l.net)));
    expect(cells(grossCol)).toEqual(inv.lines.map((l) => tl(l.total)));
    expect(new Set(cells(currencyCol))).toEqual(new Set(['TL'])); // sent as "YTL"

    const rows = Array.from(document.querySelectorAll('.invoice-totals tr'), (tr) => tr.textContent);
    const sum = (f: (l: DemoInvoice['lines'][number]) => number) => inv.lines.reduce((s, l) => s + f(l), 0);
    expect(rows).toContain(`Mal/Hizmet Toplamı${tl(sum((l) => l.net))} TL`);
    expect(rows).toContain(`Hesaplanan KDV Toplamı${tl(sum((l) => l.vat))} TL`);
    expect(rows).toContain(`Vergiler Dahil Toplam${tl(inv.total)} TL`);
    for (const rate of [...new Set(inv.lines.map((l) => l.vatRate))]) {
      const of = inv.lines.filter((l) => l.vatRate === rate);
      expect(rows).toContain(`Hesaplanan KDV (%${rate}) (matrah ${tl(of.reduce((s, l) => s + l.net, 0))})${tl(of.reduce((s, l) => s + l.vat, 0))} TL`);
    }
    expect(screen.getByText('Para birimi: TL')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]|YTL TL/);
  });
});
