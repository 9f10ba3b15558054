/**
 * The worklist at a large ERP's size: the first answer carries the view's first 100 rows (with its
 * counts and total) and paints at once; the whole view follows in a second request, after which the
 * notice goes and search reaches every row. 250 customers, made here.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mswServer, renderApp } from '../harness';
import { downloadXlsx } from '../harness/xlsx-download';

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 10_000 });

// Customer i (0…249): 1001 + i, overdue (250 − i) × 100,00 TL, the oldest first.
const row = (i: number) => ({
  accountId: String(1001 + i),
  name: `Müşteri ${String(i).padStart(3, '0')}`,
  overdue: [{ currency: 'TL', overdue: (250 - i) * 10_000, open: (250 - i) * 10_000, overdueCount: 1, oldestDays: 300 - i, oldestDue: null }],
  oldestDays: 300 - i,
  owner: null,
  nextAction: '',
  nextActionDate: null,
  lastActivity: null,
  promise: null,
  reminderLevel: 0,
  flags: [],
  version: 0,
  urgency: 2,
});
const ALL = Array.from({ length: 250 }, (_, i) => row(i));
// Customer 0 also owes 1.200,00 USD: its TL figure is the TL-written items only, and says so.
ALL[0]!.overdue.push({ currency: 'USD', overdue: 120_000, open: 120_000, overdueCount: 1, oldestDays: 40, oldestDue: null });

describe('the worklist, 250 customers', () => {
  it('paints the first 100 rows, then asks for the whole view: the notice goes, search finds customer 200', async () => {
    const asked: string[] = [];
    let releaseWhole = () => undefined as void;
    const wholeMayGo = new Promise<void>((ok) => (releaseWhole = ok));
    mswServer.use(
      http.get('*/api/tahsilat/worklist', async ({ request }) => {
        const q = new URL(request.url).searchParams;
        asked.push(`${q.get('view')} ${q.get('limit')}`);
        const limit = q.get('limit') === 'all' ? ALL.length : Number(q.get('limit'));
        if (q.get('limit') === 'all') await wholeMayGo;
        return HttpResponse.json({
          today: '2026-11-16',
          asOf: '2026-11-16T09:00:00.000Z',
          stale: false,
          problem: null,
          counts: { all: 250, mine: 0, today: 0, broken: 0, disputes: 0 },
          total: 250,
          rows: ALL.slice(0, limit),
          me: 'demo',
          mail: 'outbox',
          mailWaiting: 0,
          mailProblem: null,
        });
      }),
    );
    const app = await renderApp('/tahsilat', { loggedIn: true });
    const table = await screen.findByRole('grid', { name: 'Vadesi geçmiş alacaklar' });
    await within(table).findByText('Müşteri 000');
    expect(screen.getByText('100 satır')).toBeInTheDocument();
    const mixed = within(table.querySelector('tr[data-row-id="1001"]') as HTMLElement);
    expect(mixed.getByRole('link', { name: '25.000,00' })).toHaveAttribute(
      'title',
      expect.stringMatching(/^TL tutarlar yalnız TL yazılmış belgelerdir; USD belgeler kendi para biriminde/),
    );
    expect(mixed.getByRole('link', { name: '1.200,00' })).not.toHaveAttribute('title');
    expect(screen.getByText(/İlk 100 müşteri gösteriliyor, kalanı yükleniyor \(toplam 250\)/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tümü (250)' })).toBeInTheDocument();
    await waitFor(() => expect(asked).toEqual(['all 100', 'all all']));
    releaseWhole();
    await waitFor(() => expect(screen.queryByText(/kalanı yükleniyor/)).not.toBeInTheDocument());
    expect(screen.getByText('250 satır')).toBeInTheDocument();
    await app.user.click(screen.getByRole('searchbox', { name: 'Müşteri ara' }));
    await app.user.paste('Müşteri 200');
    // Customer 200 (id 1201) is beyond the first 100: the whole view is in. 250 − 200 = 50 → 5.000,00 TL overdue.
    const grid = () => screen.getByRole('grid', { name: 'Vadesi geçmiş alacaklar' });
    await waitFor(() => expect([...grid().querySelectorAll('tr[data-row-id]')].map((r) => r.getAttribute('data-row-id'))).toEqual(['1201']));
    expect(within(grid().querySelector('tr[data-row-id="1201"]') as HTMLElement).getByRole('link', { name: '5.000,00' })).toBeInTheDocument();
    expect(asked).toEqual(['all 100', 'all all']);
  });

  it('Excel: a customer owing in two currencies has both amounts, each with its currency; one currency stays a number', async () => {
    mswServer.use(
      http.get('*/api/tahsilat/worklist', ({ request }) => {
        const limit = new URL(request.url).searchParams.get('limit') === 'all' ? ALL.length : 100;
        return HttpResponse.json({
          today: '2026-11-16',
          asOf: '2026-11-16T09:00:00.000Z',
          stale: false,
          problem: null,
          counts: { all: 250, mine: 0, today: 0, broken: 0, disputes: 0 },
          total: 250,
          rows: ALL.slice(0, limit),
          me: 'demo',
          mail: 'outbox',
          mailWaiting: 0,
          mailProblem: null,
        });
      }),
    );
    const app = await renderApp('/tahsilat', { loggedIn: true });
    await screen.findByText('250 satır');
    const { ws } = await downloadXlsx(app);
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r.includes('Müşteri') && r.includes('Vadesi geçmiş'));
    const col = (name: string) => rows[header]!.indexOf(name);
    const of = (name: string) => rows.find((r) => r[col('Müşteri')] === name)!;
    // Customer 0: 250 × 100,00 = 25.000,00 TL and 1.200,00 USD; customer 1: 249 × 100,00 = 24.900,00 TL.
    expect(of('Müşteri 000')[col('Vadesi geçmiş')]).toBe('25.000,00 TL · 1.200,00 USD');
    expect(of('Müşteri 000')[col('Para birimi')]).toBe('TL, USD');
    expect(of('Müşteri 001')[col('Vadesi geçmiş')]).toBe(24_900);
  });

  it('suppliers: what we owe in two currencies shows one amount per line, and the file has both with their currencies', async () => {
    mswServer.use(
      http.get('*/api/tahsilat/payables', () =>
        HttpResponse.json({
          asOf: '2026-11-16T09:00:00.000Z',
          stale: false,
          problem: null,
          rows: [
            {
              accountId: '2001',
              name: 'Ankara Elektrik Ltd. Şti.',
              oldestDays: 95,
              open: [
                { currency: 'TL', overdue: 3_572_635, open: 3_572_635, overdueCount: 2, oldestDays: 95, oldestDue: null },
                { currency: 'USD', overdue: 584_200, open: 1_659_000, overdueCount: 1, oldestDays: 40, oldestDue: null },
              ],
            },
            {
              accountId: '2002',
              name: 'Gök Grup Kağıt Ltd. Şti.',
              oldestDays: 30,
              open: [{ currency: 'TL', overdue: 302_394_174, open: 302_394_174, overdueCount: 4, oldestDays: 30, oldestDue: null }],
            },
          ],
        }),
      ),
    );
    const app = await renderApp('/tahsilat?gorunum=tedarikci', { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Tedarikçiler (borçlarımız)' });
    const two = await within(grid).findByText('Ankara Elektrik Ltd. Şti.');
    const cells = [...two.closest('tr')!.querySelectorAll('td')].map((td) => [...td.querySelectorAll('.col-figure')].map((f) => f.textContent));
    expect(cells.filter((c) => c.length)).toEqual([
      ['35.726,35', '5.842,00'],
      ['35.726,35', '16.590,00'],
    ]);
    const { ws } = await downloadXlsx(app);
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    const header = rows.findIndex((r) => r.includes('Tedarikçi'));
    const col = (name: string) => rows[header]!.indexOf(name);
    const of = (name: string) => rows.find((r) => r[col('Tedarikçi')] === name)!;
    expect(of('Ankara Elektrik Ltd. Şti.')[col('Vadesi geçen borcumuz')]).toBe('35.726,35 TL · 5.842,00 USD');
    expect(of('Ankara Elektrik Ltd. Şti.')[col('Açık borcumuz')]).toBe('35.726,35 TL · 16.590,00 USD');
    expect(of('Gök Grup Kağıt Ltd. Şti.')[col('Açık borcumuz')]).toBe(3_023_941.74);
  });
});
