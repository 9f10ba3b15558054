/**
 * Foreign-currency accounts end to end (list, statement with a running balance per currency, totals
 * per currency, CSV, FIFO aging in the account's own currency) in several demo ERP answer shapes.
 * Expected figures are summed here from the demo dataset's lines, in minor units per currency.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getDataset, type DemoAccount } from '../../server/demo-erp';
import { renderApp, type DemoShape } from '../harness';

configure({ asyncUtilTimeout: 5000 });
afterEach(() => vi.restoreAllMocks());

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts
const ds = getDataset();
/** A USD account that also holds TL lines (opening / virman): two currencies on one statement. */
const usd: DemoAccount = ds.accounts.find((a) => a.lines.some((l) => l.currency === 'USD') && a.lines.some((l) => l.currency === 'TL'))!;

/** Independent tr-TR money text: 123456 → "1.234,56". */
function money(minor: number): string {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
}
const side = (minor: number) => (minor > 0 ? ' B' : minor < 0 ? ' A' : '');
/** Σ signed amounts of the lines in one currency (borç +, alacak −), minor units. */
function sumIn(acc: DemoAccount, currency: string): number {
  let s = 0;
  for (const l of acc.lines) if (l.currency === currency) s += l.debit > 0 ? l.currencyAmount! : -l.currencyAmount!;
  return s;
}
const headers = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('columnheader')
    .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
const bodyRows = (grid: HTMLElement) => Array.from(grid.querySelectorAll<HTMLElement>('tbody tr.dt-row'));

describe.each(SHAPES)('a USD account (ERP shape %s)', (shape) => {
  it('list shows its currency; statement: currency columns, a USD running balance beside the TL one, USD totals, CSV', async () => {
    const usdTotal = sumIn(usd, 'USD');
    expect(usdTotal).not.toBe(0);
    const app = await renderApp(`/accounts?q=${encodeURIComponent(usd.name)}`, { loggedIn: true, shape });
    const link = await screen.findByRole('link', { name: usd.name });
    expect(within(link.closest('tr')!).getByText('USD')).toBeInTheDocument();

    await app.user.click(link);
    const grid = await screen.findByRole('grid', { name: 'Ekstre satırları' });
    await waitFor(() => expect(within(grid.closest('section')!).getByText(`${usd.lines.length} satır`)).toBeInTheDocument());
    expect(headers(grid)).toEqual(expect.arrayContaining(['Bakiye', 'Döviz', 'Döviz Tutarı', 'Bakiye (USD)']));
    const cols = headers(grid);
    const at = (name: string) => cols.indexOf(name);
    // totals row: TL balance = the account balance, USD balance = Σ USD lines only (TL lines never added)
    const foot = Array.from(grid.querySelectorAll('tfoot td'), (td) => td.textContent);
    expect(foot[at('Bakiye')]).toBe(`${money(Math.abs(usd.balance))}${side(usd.balance)}`);
    expect(foot[at('Bakiye (USD)')]).toBe(`${money(Math.abs(usdTotal))} USD${side(usdTotal)}`);
    // a TL line of this account (rendered near the top) says TL and does not move the USD balance
    const tlIndex = usd.lines.findIndex((l) => l.currency === 'TL');
    expect(tlIndex).toBeLessThan(20);
    const tlRow = Array.from(bodyRows(grid)[tlIndex]!.querySelectorAll('td'), (td) => td.textContent);
    expect(tlRow[at('Döviz')]).toBe('TL');
    const usdBefore = sumIn({ ...usd, lines: usd.lines.slice(0, tlIndex + 1) }, 'USD');
    expect(tlRow[at('Bakiye (USD)')]).toBe(`${money(Math.abs(usdBefore))} USD${side(usdBefore)}`);
    // USD totals, separately from TL
    const usdDebit = usd.lines.filter((l) => l.currency === 'USD' && l.debit > 0).reduce((s, l) => s + l.currencyAmount!, 0);
    const usdCredit = usd.lines.filter((l) => l.currency === 'USD' && l.credit > 0).reduce((s, l) => s + l.currencyAmount!, 0);
    const fxTotal = screen.getByTestId('fx-total-USD');
    expect(fxTotal).toHaveTextContent(`USD: Σ Borç ${money(usdDebit)} · Σ Alacak ${money(usdCredit)}`);
    expect(fxTotal).toHaveTextContent(`${money(Math.abs(usdTotal))} USD${side(usdTotal)}`);
    expect(screen.getByTestId('sum-balance')).toHaveTextContent(`${money(Math.abs(usd.balance))}${side(usd.balance)}`);

    // CSV: the currency columns are ordinary columns, numbers numeric and signed
    let blob: Blob | undefined;
    const origCreate = URL.createObjectURL;
    const origRevoke = URL.revokeObjectURL;
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:csv'), revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await app.user.click(within(grid.closest('section')!).getByRole('button', { name: 'CSV indir' }));
    } finally {
      Object.assign(URL, { createObjectURL: origCreate, revokeObjectURL: origRevoke });
      click.mockRestore();
    }
    const csv = await new Promise<string>((resolve, reject) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.onerror = () => reject(reader.error);
      reader.readAsText(blob!);
    });
    // Title lines, a blank line, then the table (issue 25); the last line is the totals line.
    const rows = csv
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n\r\n')[1]!
      .split('\r\n');
    const head = rows[0]!.split(';');
    expect(head).toEqual(expect.arrayContaining(['Döviz', 'Döviz Tutarı', 'Bakiye (USD) (+ borçlu / − alacaklı)']));
    expect(rows).toHaveLength(usd.lines.length + 2);
    expect(rows.at(-1)!.startsWith('Toplam;')).toBe(true);
    const lastCsv = rows.at(-2)!.split(';');
    const plain = (m: number) => `${m < 0 ? '-' : ''}${Math.floor(Math.abs(m) / 100)},${String(Math.abs(m) % 100).padStart(2, '0')}`;
    expect(lastCsv[head.indexOf('Bakiye (USD) (+ borçlu / − alacaklı)')]).toBe(plain(usdTotal));
    expect(lastCsv[head.indexOf('Döviz Tutarı')]).toBe(plain(usd.lines.at(-1)!.currencyAmount!));
  });

  it('FIFO aging is in USD by default and says it is not compared with the ERP’s TL buckets; TL compares', async () => {
    const usdTotal = sumIn(usd, 'USD');
    const app = await renderApp(`/aging?firma=&cari=${usd.id}&asOf=2026-11-15`, { loggedIn: true, shape });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    const buckets = await within(panel).findByRole('grid', { name: 'Dilimler' });
    expect(headers(buckets)).toEqual(['Dilim', 'Ekstreden (FIFO, USD)', 'ERP (TL)']);
    expect(within(panel).getByText(/Bu yaşlandırma USD cinsinden; ERP’nin yaşlandırması TL cinsinden/)).toBeInTheDocument();
    // Balances as everywhere on screen: the amount with its side (B borçlu / A alacaklı).
    const side = (m: number) => `${money(Math.abs(m))}${m > 0 ? ' B' : m < 0 ? ' A' : ''}`;
    expect(buckets.querySelector('tfoot')!.textContent).toContain(side(usdTotal));
    await app.user.click(within(panel).getByRole('button', { name: 'TL' }));
    expect(await within(panel).findByText(new RegExp(`TL karşılaştırması: .*her dilim aynı; toplam ${side(usd.balance)}`))).toBeInTheDocument();
  });
});
