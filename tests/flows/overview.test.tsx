/**
 * Özet (/) over the real gateway + demo ERP. Every expected figure is computed here from the raw
 * demo dataset (statement lines, integer kuruş, the demo ERP's own agingOf for get_yaslandirma),
 * formatted by this file's own tr-TR helper — never through the app's code.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AGING_BUCKETS, agingOf, getDataset, type AgingBucket } from '../../server/demo-erp/dataset';
import { actUntil, renderApp, setDemoFail, type DemoShape, type RenderedApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const tl = (minor: number) => {
  const abs = Math.abs(minor);
  return `${minor < 0 ? '-' : ''}${String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(abs % 100).padStart(2, '0')}`;
};
const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

// ---- expected figures, straight from the dataset ----
const balances = ds.accounts.map((a) => ({ a, balance: a.lines.reduce((s, l) => s + l.debit - l.credit, 0) }));
const debtors = balances.filter((x) => x.balance > 0);
const creditors = balances.filter((x) => x.balance < 0);
const receivables = debtors.reduce((s, x) => s + x.balance, 0);
const payables = creditors.reduce((s, x) => s - x.balance, 0);
// Stable sorts: ties keep the ERP's (dataset) order, as the list's sort does.
const topDebtors = [...debtors].sort((x, y) => y.balance - x.balance).slice(0, 10);
const topCreditors = [...creditors].sort((x, y) => x.balance - y.balance).slice(0, 10);
const agingRows = debtors.map((x) => ({ a: x.a, b: agingOf(x.a.lines, ds.today).buckets }));
const bucketSum = (k: AgingBucket) => agingRows.reduce((s, r) => s + r.b[k], 0);
const OVERDUE: AgingBucket[] = ['d0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'];
const overdue = OVERDUE.reduce((s, k) => s + bucketSum(k), 0);
const overdueCount = agingRows.filter((r) => OVERDUE.some((k) => r.b[k] > 0)).length;
const OLDEST_FIRST = [...OVERDUE].reverse();
const largestOverdue = agingRows
  .filter((r) => OVERDUE.some((k) => r.b[k] > 0))
  .sort((x, y) => {
    for (const k of OLDEST_FIRST) if (x.b[k] !== y.b[k]) return y.b[k] - x.b[k];
    return 0;
  })
  .slice(0, 10);
const LABELS: Record<AgingBucket, string> = {
  notDue: 'Vadesi Gelmemiş',
  d0_30: '0-30 Gün',
  d31_60: '31-60 Gün',
  d61_90: '61-90 Gün',
  d91_120: '91-120 Gün',
  d120plus: '120 Gün Üstü',
};

const erpCalls = (app: RenderedApp) => app.env.demoErp.requests.map((r) => r.operation).filter((op) => op !== 'get_user');
const figure = (id: string) => screen.getByTestId(id);
const tableNames = (label: string) =>
  Array.from(screen.getByRole('grid', { name: label }).querySelectorAll('tbody tr.dt-row'), (tr) => tr.querySelector('a')?.textContent);

async function openOverview(shape: DemoShape = 'wex') {
  const app = await renderApp('/', { loggedIn: true, shape });
  await screen.findByTestId('overview-overdue');
  return app;
}

describe.each(['wex'] as DemoShape[])('Özet (ERP shape %s)', (shape) => {
  it('shows receivables, payables, net, aging buckets, overdue and the top lists exactly, from one get_cari and one get_yaslandirma', async () => {
    const app = await openOverview(shape);
    expect(screen.getByRole('heading', { level: 1, name: 'Özet' })).toBeInTheDocument();

    expect(figure('overview-receivables')).toHaveTextContent(`${tl(receivables)} B`);
    expect(figure('overview-receivables')).toHaveTextContent(`${count(debtors.length)} cari`);
    expect(figure('overview-payables')).toHaveTextContent(`${tl(payables)} A`);
    expect(figure('overview-payables')).toHaveTextContent(`${count(creditors.length)} cari`);
    const net = receivables - payables;
    expect(figure('overview-net')).toHaveTextContent(`${tl(Math.abs(net))} ${net > 0 ? 'B' : 'A'}`);
    // a receivable, marked B like the receivables beside it (it showed a bare figure, unlike its payables twin)
    expect(figure('overview-overdue')).toHaveTextContent(`${tl(overdue)} B`);
    expect(figure('overview-overdue')).toHaveTextContent(`${count(overdueCount)} cari`);

    const agingSection = screen.getByRole('region', { name: 'Alacak yaşlandırması (ERP)' });
    for (const k of AGING_BUCKETS) {
      expect(within(agingSection).getByRole('link', { name: `${LABELS[k]}: ${tl(bucketSum(k))}` })).toBeInTheDocument();
    }
    // The buckets of the borçlu accounts add up to the receivables.
    expect(screen.getByTestId('overview-aging-total')).toHaveTextContent(tl(receivables));

    await waitFor(() => expect(tableNames('En çok borçlu 10 cari')).toEqual(topDebtors.map((x) => x.a.name)));
    expect(tableNames('En çok alacaklı 10 cari')).toEqual(topCreditors.map((x) => x.a.name));
    expect(tableNames('En eski vadesi geçmiş alacaklar')).toEqual(largestOverdue.map((x) => x.a.name));
    const first = screen.getByRole('grid', { name: 'En eski vadesi geçmiş alacaklar' }).querySelector('tbody tr.dt-row')!;
    expect(first).toHaveTextContent(tl(largestOverdue[0]!.b.d120plus));
    expect(within(screen.getByRole('grid', { name: 'En çok borçlu 10 cari' })).getByRole('link', { name: topDebtors[0]!.a.name })).toHaveAttribute(
      'href',
      `/accounts/${topDebtors[0]!.a.id}`,
    );

    expect(erpCalls(app).sort()).toEqual(['get_cari', 'get_yaslandirma']);
  });
});

describe('Özet links explain their figures', () => {
  it('the overdue figure’s “N cari” link opens exactly those N rows; payables aging and overdue payables beside the receivables', async () => {
    // Failing first: "168 cari" opened /aging?side=B with every borçlu row (199), and Özet had no payables aging.
    const app = await openOverview();
    const creditorAging = creditors.map((x) => ({ a: x.a, b: agingOf(x.a.lines, ds.today).buckets }));
    const payOverdue = creditorAging.reduce((s, r) => s + OVERDUE.reduce((x, k) => x + r.b[k], 0), 0);
    const payOverdueCount = creditorAging.filter((r) => OVERDUE.some((k) => r.b[k] < 0)).length;
    expect(figure('overview-overdue-payables')).toHaveTextContent(`${tl(-payOverdue)} A`);
    expect(figure('overview-overdue-payables')).toHaveTextContent(`${count(payOverdueCount)} cari`);
    const payables = screen.getByRole('region', { name: 'Borç yaşlandırması (ERP)' });
    for (const k of AGING_BUCKETS) {
      const sum = creditorAging.reduce((s, r) => s - r.b[k], 0);
      expect(within(payables).getByRole('link', { name: `${LABELS[k]}: ${tl(sum)}` })).toBeInTheDocument();
    }
    expect(screen.getByTestId('overview-payables-aging-total')).toHaveTextContent(
      tl(creditorAging.reduce((s, r) => s - r.a.lines.reduce((x, l) => x + l.debit - l.credit, 0), 0)),
    );
    await app.user.click(figure('overview-overdue'));
    await waitFor(() => expect(app.path()).toBe('/aging?side=B&overdue=1'));
    const grid = await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    await waitFor(() => expect(within(grid.closest<HTMLElement>('.dt')!).getAllByText(`${count(overdueCount)} satır`).length).toBeGreaterThan(0));
    expect(screen.getByTestId('aging-overdue')).toHaveTextContent(tl(overdue));
  });

  it('receivables → the list of borçlu accounts, biggest first, with the same total; no new ERP call', async () => {
    const app = await openOverview();
    await app.user.click(within(figure('overview-receivables')).getByText('Alacaklarımız (borçlu bakiyeler)'));
    await waitFor(() => expect(app.path()).toBe('/accounts?side=B&sort=-balance'));
    await screen.findByTestId('accounts-debit');
    expect(screen.getByTestId('accounts-debit')).toHaveTextContent(`${tl(receivables)} B`);
    expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${count(debtors.length)} cari`);
    const ids = Array.from(screen.getByRole('grid', { name: 'Cari listesi' }).querySelectorAll<HTMLElement>('tbody tr[data-row-id]'), (tr) => tr.dataset.rowId);
    expect(ids.slice(0, 10)).toEqual(topDebtors.map((x) => x.a.id));
    expect(screen.getByRole('radio', { name: 'Borçlu (B)' })).toBeChecked();
    expect(erpCalls(app).sort()).toEqual(['get_cari', 'get_yaslandirma']);
  });

  it('payables → the alacaklı accounts with the same total', async () => {
    const app = await openOverview();
    await app.user.click(within(figure('overview-payables')).getByText('Borçlarımız (alacaklı bakiyeler)'));
    await waitFor(() => expect(app.path()).toBe('/accounts?side=A&sort=balance'));
    await screen.findByTestId('accounts-credit');
    expect(screen.getByTestId('accounts-credit')).toHaveTextContent(`${tl(payables)} A`);
    expect(screen.getByTestId('accounts-debit')).toHaveTextContent('0,00');
    expect(screen.getByTestId('accounts-count')).toHaveTextContent(`${count(creditors.length)} cari`);
  });

  it('a bucket → the aging of the borçlu accounts sorted by that bucket, with the same bucket total and overdue total', async () => {
    const app = await openOverview();
    const agingSection = screen.getByRole('region', { name: 'Alacak yaşlandırması (ERP)' });
    await app.user.click(within(agingSection).getByRole('link', { name: `120 Gün Üstü: ${tl(bucketSum('d120plus'))}` }));
    await waitFor(() => expect(app.path()).toMatch(/^\/aging\?side=B&sort=-/));
    const summary = await screen.findByRole('region', { name: 'Vade dilimi toplamları (ERP)' });
    const item = within(summary).getByText('120 Gün Üstü', { selector: 'dt' }).closest('div')!;
    expect(item.querySelector('dd')).toHaveTextContent(tl(bucketSum('d120plus')));
    expect(screen.getByTestId('aging-overdue')).toHaveTextContent(tl(overdue));
    const grid = screen.getByRole('grid', { name: 'Yaşlandırma (ERP)' });
    await waitFor(() => expect(within(grid.closest<HTMLElement>('.dt')!).getAllByText(`${count(debtors.length)} satır`).length).toBeGreaterThan(0));
    const firstName = grid.querySelector('tbody tr.dt-row a')!.textContent;
    expect(firstName).toBe(largestOverdue[0]!.a.name);
    expect(erpCalls(app).sort()).toEqual(['get_cari', 'get_yaslandirma']);
  });

  it('pinned and recent accounts appear with their balances and lead to the statement', async () => {
    localStorage.setItem(
      'cari-ekran.account-shortcuts.v1',
      JSON.stringify({
        pinned: [{ id: topCreditors[0]!.a.id, name: topCreditors[0]!.a.name }],
        recent: [{ id: topDebtors[1]!.a.id, name: topDebtors[1]!.a.name }],
      }),
    );
    await openOverview();
    const section = screen.getByRole('region', { name: 'Sabitlenen ve son açılan cariler' });
    const pinned = within(section).getByRole('navigation', { name: 'Sabitlenenler' });
    const link = within(pinned).getByRole('link', { name: topCreditors[0]!.a.name });
    expect(link).toHaveAttribute('href', `/accounts/${topCreditors[0]!.a.id}`);
    // Its balance from the whole list, read once the figures are painted.
    await waitFor(() => expect(link.closest('li')).toHaveTextContent(`${tl(-topCreditors[0]!.balance)} A`));
    expect(within(section).getByRole('navigation', { name: 'Son açılanlar' })).toHaveTextContent(topDebtors[1]!.a.name);
  });
});

describe('Özet when the ERP fails', () => {
  it('says so in Turkish with a retry, never shows zero figures', async () => {
    const app = await renderApp('/bos-sayfa', { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' });
    setDemoFail('html500');
    await actUntil(app, () => app.router.navigate('/'));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).join(' ')).toMatch(/Cari listesi yüklenemedi/);
    expect(alerts.map((a) => a.textContent).join(' ')).toMatch(/ERP sunucusu hata verdi \(HTTP 500\)/);
    expect(screen.queryByTestId('overview-receivables')).not.toBeInTheDocument();
    setDemoFail('none');
    await app.user.click(screen.getAllByRole('button', { name: 'Tekrar dene' })[0]!);
    expect(await screen.findByTestId('overview-receivables')).toHaveTextContent(`${tl(receivables)} B`);
  });
});
