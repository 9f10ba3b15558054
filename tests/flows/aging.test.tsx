// @vitest long
/**
 * /aging against the demo ERP (real gateway, real reader) in several answer shapes. Expected
 * numbers come straight from the demo dataset (balances, statement lines), formatted here by hand.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agingOf, getDataset, SPECIAL_ACCOUNTS } from '../../server/demo-erp';
import { foldTr } from '../../src/domain/turkish';
import { http, HttpResponse } from 'msw';
import { mswServer, renderApp, setDemoFail, settled, type DemoShape } from '../harness';
import { togglePinned } from '../../src/lib/account-shortcuts';

// Lazy routes and the demo dataset make the first render slow when the whole suite runs in parallel.
configure({ asyncUtilTimeout: 5000 });

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts
const ds = getDataset();
const ERP_TODAY = ds.today;

/** Independent tr-TR money text: 123456 kuruş → "1.234,56". */
function tl(minor: number): string {
  const neg = minor < 0;
  const abs = Math.abs(minor);
  const units = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${neg ? '-' : ''}${units},${String(abs % 100).padStart(2, '0')}`;
}

/** A balance as the screen shows it everywhere: "1.234,56 B" (borçlu) / "1.234,56 A" (alacaklı) / "0,00". */
function bal(minor: number): string {
  return minor > 0 ? `${tl(minor)} B` : minor < 0 ? `${tl(-minor)} A` : tl(0);
}
const RECEIVABLES = 'Vade dilimi toplamları (ERP): Borçlu (alacaklarımız)';
const PAYABLES = 'Vade dilimi toplamları (ERP): Alacaklı (borçlarımız)';
function summaryValue(label: string, region = 'Vade dilimi toplamları (ERP)'): string {
  const summary = screen.getByRole('region', { name: region });
  return within(summary).getByText(label, { selector: 'dt' }).nextElementSibling!.textContent ?? '';
}

function columnIndex(grid: HTMLElement, name: string): number {
  const headers = within(grid).getAllByRole('columnheader');
  const i = headers.findIndex((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim() === name);
  if (i < 0) throw new Error(`no column ${name}: ${headers.map((h) => h.textContent).join(' | ')}`);
  return i;
}

function bodyRows(grid: HTMLElement): HTMLElement[] {
  return Array.from(grid.querySelectorAll<HTMLElement>('tbody tr.dt-row'));
}

function footerCells(grid: HTMLElement): string[] {
  return Array.from(grid.querySelectorAll('tfoot td'), (td) => td.textContent ?? '');
}

const igdirAccounts = ds.accounts.filter((a) => a.balance !== 0 && foldTr(a.name).includes('igdir'));

describe.each(SHAPES)('aging (ERP shape %s)', (shape) => {
  it('shows every company the ERP returned with exact totals, bucket headers and statement links', async () => {
    const { user } = await renderApp('/aging?firma=iğdır', { loggedIn: true, shape });
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(igdirAccounts.length));
    expect(igdirAccounts.length).toBeGreaterThanOrEqual(2);

    // Columns in the ERP's order with readable bucket headers; the Firma ID starts hidden (the name
    // links to the statement; the column chooser shows the id).
    const names = within(grid)
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[↕▲▼]/g, '').trim());
    expect(names[0]).toBe('Firma Adı');
    expect(names.slice(1, 7)).toEqual(['Vadesi Gelmemiş', '0-30 Gün', '31-60 Gün', '61-90 Gün', '91-120 Gün', '120 Gün Üstü']);

    // Receivables and payables apart (never netted): each summary's Toplam = Σ balances of the
    // returned accounts on that side (Σ debit − Σ credit of their statements); the table has no
    // totals row (the summaries show every total in full).
    const balanceOf = (a: (typeof igdirAccounts)[number]) => a.lines.reduce((x, l) => x + l.debit - l.credit, 0);
    const expectedTotal = igdirAccounts.filter((a) => balanceOf(a) > 0).reduce((s, a) => s + balanceOf(a), 0);
    const payablesTotal = igdirAccounts.filter((a) => balanceOf(a) < 0).reduce((s, a) => s + balanceOf(a), 0);
    const totalCol = columnIndex(grid, 'Toplam');
    expect(footerCells(grid)).toEqual([]);
    expect(summaryValue('Toplam', RECEIVABLES)).toBe(bal(expectedTotal));
    expect(summaryValue('Toplam', PAYABLES)).toBe(bal(payablesTotal));

    // The per-company bar column starts hidden on a screen narrower than 1600 px (happy-dom: 1024):
    // the column chooser shows it.
    expect(within(grid).queryAllByRole('img')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /^Sütunlar/ }));
    await user.click(within(screen.getByRole('group', { name: 'Sütunlar' })).getByRole('checkbox', { name: 'Dağılım' }));

    // Each row: its total and a link to its statement (the row carries the account id).
    for (const acc of igdirAccounts) {
      const link = within(grid).getByRole('link', { name: acc.name });
      expect(link).toHaveAttribute('href', `/accounts/${acc.id}`);
      const row = link.closest('tr')!;
      expect(row.querySelectorAll('td')[totalCol]!.textContent).toBe(bal(acc.balance));
      // A stacked bar per company, named after it.
      expect(within(row).getByRole('img', { name: new RegExp(`^${acc.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:`) })).toBeInTheDocument();
    }

    // Bucket summary: the 120+ bucket total = Σ of the ERP's 120+ values of the borçlu accounts.
    const summary = screen.getByRole('region', { name: RECEIVABLES });
    const over120 = igdirAccounts.filter((a) => balanceOf(a) > 0).reduce((s, a) => s + agingOf(a.lines, ERP_TODAY).buckets.d120plus, 0);
    const item = within(summary).getByText('120 Gün Üstü', { selector: 'dt' }).closest('div')!;
    expect(item.querySelector('dd')!.textContent).toBe(bal(over120));
    expect(within(summary).getByText('Toplam', { selector: 'dt' }).nextElementSibling!.textContent).toBe(bal(expectedTotal));
  });

  it('computes the aging from the statement (FIFO) and agrees with the ERP at its date', async () => {
    const acc = ds.accountById.get(SPECIAL_ACCOUNTS.igdirUpper)!;
    await renderApp(`/aging?firma=iğdır&cari=${acc.id}&asOf=${ERP_TODAY}`, { loggedIn: true, shape });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    expect(
      await within(panel).findByText(`TL karşılaştırması: ERP’nin yaşlandırması ile ekstreden hesaplanan her dilim aynı; toplam ${bal(acc.balance)}.`),
    ).toBeInTheDocument();

    const buckets = within(panel).getByRole('grid', { name: 'Dilimler' });
    const erp = agingOf(acc.lines, ERP_TODAY).buckets;
    const expectRow = (label: string, amount: number) => {
      const row = within(buckets).getByText(label).closest('tr')!;
      const cells = Array.from(row.querySelectorAll('td'), (td) => td.textContent);
      expect(cells).toEqual([label, bal(amount), bal(amount)]);
    };
    expectRow('Vadesi Gelmemiş', erp.notDue);
    expectRow('31-60 Gün', erp.d31_60);
    expectRow('120 Gün Üstü', erp.d120plus);

    // Explanation: one row per debit line, the remaining amounts add up to the balance.
    const explain = within(panel).getByRole('grid', { name: 'Ekstreden yaşlandırma açıklaması' });
    const debitLines = acc.lines.filter((l) => l.debit > 0);
    expect(bodyRows(explain)).toHaveLength(debitLines.length);
    const remainingCol = columnIndex(explain, 'Açık kalan');
    expect(footerCells(explain)[remainingCol]).toBe(tl(acc.balance));
    // The oldest debit (the opening entry) was closed by the first collection.
    const firstCredit = acc.lines.find((l) => l.credit > 0)!;
    const firstRow = bodyRows(explain)[0]!;
    expect(firstRow.textContent).toContain('Kapandı');
    expect(firstRow.textContent).toContain(`${firstCredit.date.split('-').reverse().join('.')} tarihli alacak`);
  });

  it('flags a difference when the as-of date leaves later lines out', async () => {
    const acc = ds.accountById.get(SPECIAL_ACCOUNTS.igdirUpper)!;
    const app = await renderApp(`/aging?firma=iğdır&cari=${acc.id}&asOf=${ERP_TODAY}`, { loggedIn: true, shape });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    await within(panel).findByText(/her dilim aynı/);

    const asOf = '2026-03-31';
    const input = within(panel).getByLabelText('Tarih itibarıyla');
    await app.user.clear(input);
    await app.user.type(input, '31.03.2026'); // typed the way a Turkish accountant writes it
    await app.user.click(within(panel).getByRole('button', { name: 'Uygula' }));

    const included = acc.lines.filter((l) => l.date <= asOf);
    const excluded = acc.lines.length - included.length;
    const fifoTotal = included.reduce((s, l) => s + l.debit - l.credit, 0);
    expect(await within(panel).findByText(`${excluded} satır seçilen tarihten sonra olduğu için hesaba katılmadı.`)).toBeInTheDocument();
    const alert = within(panel).getByRole('alert');
    expect(alert).toHaveTextContent(
      `Toplam farklı: ERP toplamı ${bal(acc.balance)}, ekstreden hesaplanan ${bal(fifoTotal)} (fark ${tl(Math.abs(acc.balance - fifoTotal))}).`,
    );
    // Bucket by bucket, in words: the ERP's aging (its date) against the statement's as of 31.03.2026
    // — the latter worked out by the demo ERP's own aging over the lines up to that day.
    const erpB = agingOf(acc.lines, ERP_TODAY).buckets;
    const oursB = agingOf(included, asOf).buckets;
    const labels = {
      notDue: 'Vadesi Gelmemiş',
      d0_30: '0-30 Gün',
      d31_60: '31-60 Gün',
      d61_90: '61-90 Gün',
      d91_120: '91-120 Gün',
      d120plus: '120 Gün Üstü',
    } as const;
    const differing = (Object.keys(labels) as (keyof typeof labels)[]).filter((k) => erpB[k] !== oursB[k]);
    expect(differing.length).toBeGreaterThan(0);
    expect(alert).toHaveTextContent(`${differing.length} dilim farklı.`);
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(differing.map((k) => `${labels[k]}: ERP ${bal(erpB[k])}, ekstreden ${bal(oursB[k])} (fark ${tl(Math.abs(erpB[k] - oursB[k]))})`));
    expect(app.path()).toContain(`asOf=${asOf}`);
  });
});

describe('aging: receivables and payables apart', () => {
  it('without a side, overdue receivables and overdue payables are two figures (never netted); “only overdue” lists exactly the rows behind them', async () => {
    // Failing first: the default "Tümü" showed one "Vadesi geçmiş" netting receivables and payables.
    const app = await renderApp('/aging?firma=', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    const all = ds.accounts.filter((a) => a.balance !== 0).map((a) => ({ a, b: agingOf(a.lines, ERP_TODAY).buckets }));
    await waitFor(() => expect(bodyRows(grid).length).toBeGreaterThan(0));
    const overdueOf = (b: (typeof all)[number]['b']) => b.d0_30 + b.d31_60 + b.d61_90 + b.d91_120 + b.d120plus;
    const debtors = all.filter((x) => x.a.balance > 0);
    const creditors = all.filter((x) => x.a.balance < 0);
    const overdueB = debtors.reduce((s, x) => s + overdueOf(x.b), 0);
    const overdueA = creditors.reduce((s, x) => s + overdueOf(x.b), 0);
    expect(overdueA).toBeLessThan(0);
    expect(screen.getByTestId('aging-overdue-B')).toHaveTextContent(bal(overdueB));
    expect(screen.getByTestId('aging-overdue-A')).toHaveTextContent(bal(overdueA));
    expect(screen.queryByTestId('aging-overdue')).toBeNull();
    // Only overdue payables: exactly the creditors with an overdue amount.
    await act(() => app.router.navigate('/aging?firma=&side=A&overdue=1'));
    const withOverdueA = creditors.filter((x) => overdueOf(x.b) < 0);
    await waitFor(() => expect(within(grid.closest<HTMLElement>('.dt')!).getAllByText(`${withOverdueA.length} satır`).length).toBeGreaterThan(0));
    expect(screen.getByTestId('aging-overdue')).toHaveTextContent(bal(overdueA));
    expect(screen.getByRole('checkbox', { name: 'Yalnızca vadesi geçmiş' })).toBeChecked();
  });
});

describe('aging search and errors', () => {
  it('searches by company name through the form and says plainly when nothing comes back', async () => {
    const app = await renderApp('/aging?firma=zzzz-yok', { loggedIn: true });
    expect(await screen.findByText('“zzzz-yok” için ERP yaşlandırma kaydı döndürmedi.')).toBeInTheDocument();

    const box = screen.getByLabelText('Firma adı');
    await app.user.clear(box);
    await app.user.type(box, 'ığdır');
    await app.user.click(screen.getByRole('button', { name: 'Ara' }));
    expect(app.path()).toBe('/aging?firma=%C4%B1%C4%9Fd%C4%B1r');
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    await waitFor(() => expect(bodyRows(grid)).toHaveLength(igdirAccounts.length));
  });

  it('a company with a credit balance is aged on its credit side, bucket by bucket like the ERP', async () => {
    const acc = ds.accountById.get(SPECIAL_ACCOUNTS.plusCredit)!;
    expect(acc.balance).toBeLessThan(0);
    await renderApp(`/aging?firma=${encodeURIComponent('A+ Yapı')}&cari=${acc.id}&asOf=${ERP_TODAY}`, { loggedIn: true, shape: 'envelope' });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    expect(await within(panel).findByText(new RegExp(`her dilim aynı; toplam ${bal(acc.balance)}`))).toBeInTheDocument();
    const buckets = within(panel).getByRole('grid', { name: 'Dilimler' });
    expect(within(buckets).queryByText('Kapatılmamış alacak (avans)')).toBeNull();
  });

  it('supplier 1008: FIFO buckets 369.450,61 / 109.096,71 / 13.906,26 A like the ERP, the banner per bucket, no days on closed items', async () => {
    // Failing first: every bucket 0,00, the whole 492.453,58 A under "Kapatılmamış alacak (avans)",
    // and a green banner because only the totals were compared.
    const acc = ds.accountById.get('1008')!;
    expect(acc.balance).toBe(-49245358);
    await renderApp(`/aging?firma=&cari=1008&asOf=${ERP_TODAY}`, { loggedIn: true });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    await within(panel).findByText(/her dilim aynı; toplam 492\.453,58 A/);
    const buckets = within(panel).getByRole('grid', { name: 'Dilimler' });
    const row = (label: string) => Array.from(within(buckets).getByText(label).closest('tr')!.querySelectorAll('td'), (td) => td.textContent);
    expect(row('0-30 Gün')).toEqual(['0-30 Gün', '369.450,61 A', '369.450,61 A']);
    expect(row('31-60 Gün')).toEqual(['31-60 Gün', '109.096,71 A', '109.096,71 A']);
    expect(row('61-90 Gün')).toEqual(['61-90 Gün', '13.906,26 A', '13.906,26 A']);
    expect(within(buckets).queryByText('Kapatılmamış alacak (avans)')).toBeNull();
    // The items are the supplier's invoices (alacak); a closed one shows no days (they stopped running).
    const explain = within(panel).getByRole('grid', { name: 'Ekstreden yaşlandırma açıklaması' });
    expect(bodyRows(explain)).toHaveLength(acc.lines.filter((l) => l.credit > 0).length);
    const daysCol = columnIndex(explain, 'Gün');
    const closed = bodyRows(explain).filter((tr) => tr.textContent!.includes('Kapandı'));
    expect(closed.length).toBeGreaterThan(0);
    for (const tr of closed) expect(tr.querySelectorAll('td')[daysCol]!.textContent).toBe('');
    const remainingCol = columnIndex(explain, 'Açık kalan');
    expect(footerCells(explain)[remainingCol]).toBe(tl(-acc.balance));
  });

  it('a deep link /aging?cari=<id> finds the ERP’s row by the account’s name when the aging answer has no ids', async () => {
    // Failing first: "Cari: 1008" and "not in the ERP's aging answer".
    const acc = ds.accountById.get('1008')!;
    const erp = agingOf(acc.lines, ERP_TODAY).buckets;
    const num = (m: number) => (m / 100).toFixed(2);
    mswServer.use(
      http.post('*/api/erp/get_yaslandirma', () =>
        HttpResponse.json([
          {
            FULLNAME: acc.name,
            VADESI_GELMEMIS: num(erp.notDue),
            '0_30_GUN': num(erp.d0_30),
            '31_60_GUN': num(erp.d31_60),
            '61_90_GUN': num(erp.d61_90),
            '91_120_GUN': num(erp.d91_120),
            '120_GUN_USTU': num(erp.d120plus),
            TOPLAM: num(acc.balance),
          },
        ]),
      ),
    );
    await renderApp(`/aging?cari=1008&asOf=${ERP_TODAY}`, { loggedIn: true });
    const panel = await screen.findByRole('region', { name: /Ekstreden yaşlandırma \(FIFO\)/ });
    expect(await within(panel).findByRole('heading', { name: new RegExp(acc.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) })).toBeInTheDocument();
    expect(await within(panel).findByText(/her dilim aynı; toplam 492\.453,58 A/)).toBeInTheDocument();
    expect(within(panel).queryByText(/yaşlandırma yanıtında yok/)).toBeNull();
  });

  it('shows an unreadable ERP number raw and marked, counts it, and leaves it out of the totals', async () => {
    // malformed-numbers: every fourth row (index 1, 5, …) carries a bad text in its first amount column.
    await renderApp('/aging?firma=', { loggedIn: true, fail: 'malformed-numbers' });
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    const all = ds.accounts.filter((a) => a.balance !== 0);
    const badRows = all.filter((_, i) => i % 4 === 1).length;
    expect(await screen.findByText(`${badRows} değer okunamadı; ham haliyle işaretlenerek gösteriliyor.`)).toBeInTheDocument();
    const col = columnIndex(grid, 'Vadesi Gelmemiş');
    const bad = bodyRows(grid)[1]!.querySelectorAll('td')[col]!;
    expect(bad.querySelector('.cell-invalid')).not.toBeNull();
    expect(bad.textContent).toMatch(/⚠/);
    // Vadesi Gelmemiş of the receivables (borçlu rows) whose cell could be read.
    const readable = all.filter((a, i) => i % 4 !== 1 && a.balance > 0).reduce((sum, a) => sum + agingOf(a.lines, ERP_TODAY).buckets.notDue, 0);
    expect(summaryValue('Vadesi Gelmemiş', RECEIVABLES)).toBe(bal(readable));
  });

  it('an unknown ?cari= is one clear “Cari bulunamadı” with a way back, not an empty FIFO panel', async () => {
    const app = await renderApp('/aging?firma=&cari=999999', { loggedIn: true });
    const state = await screen.findByTestId('not-found');
    expect(within(state).getByRole('heading', { level: 2, name: 'Cari bulunamadı' })).toBeInTheDocument();
    expect(document.body.textContent!.match(/bulunamad/gi)).toHaveLength(1);
    expect(screen.queryByRole('grid', { name: 'Dilimler' })).toBeNull();
    await app.user.click(within(state).getByRole('button', { name: /yaşlandırmasına dön/ }));
    await waitFor(() => expect(app.path()).toBe('/aging?firma='));
  });

  it('a pinned account with lines but no row in the ERP’s aging (balance 0): its panel, and no account list asked', async () => {
    // 1007: 13 lines that balance to 0,00, so the ERP's aging has no row for it.
    const a = ds.accountById.get('1007')!;
    expect([a.lines.length, a.balance]).toEqual([13, 0]);
    togglePinned({ id: '1007', name: a.name });
    const app = await renderApp(`/aging?firma=&cari=1007&asOf=${ERP_TODAY}`, { loggedIn: true });
    expect(await screen.findByRole('link', { name: a.name })).toBeInTheDocument();
    await settled(app);
    expect(screen.queryByText('Cari bulunamadı')).toBeNull();
    expect(app.env.demoErp.requests.map((r) => r.operation).filter((o) => o === 'get_cari')).toEqual([]);
  });

  it('shows an ERP failure as a plain message', async () => {
    const app = await renderApp('/login', { loggedIn: true });
    await screen.findByRole('banner');
    setDemoFail('html500');
    await act(() => app.router.navigate('/aging?firma=a'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toMatch(/ERP sunucusu hata verdi \(HTTP 500\)/);
    expect(alert.textContent).not.toMatch(/<|html|undefined|NaN/i);
  });
});
