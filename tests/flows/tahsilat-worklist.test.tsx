/**
 * The worklist at a large ERP's size: the first answer carries the view's first 100 rows (with its
 * counts and total) and paints at once; the whole view follows in a second request, after which the
 * notice goes and search reaches every row. 250 customers, made here.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 40_000 });
configure({ asyncUtilTimeout: 10_000 });

// Customer i (0…249): 1001 + i, overdue (250 − i) × 100,00 TL, the oldest first.
const row = (i: number) => ({
  accountId: String(1001 + i), name: `Müşteri ${String(i).padStart(3, '0')}`, overdue: [{ currency: 'TL', overdue: (250 - i) * 10_000, open: (250 - i) * 10_000, overdueCount: 1, oldestDays: 300 - i, oldestDue: null }],
  oldestDays: 300 - i, owner: null, nextAction: '', nextActionDate: null, lastActivity: null, promise: null, reminderLevel: 0, flags: [], version: 0, urgency: 2,
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
          today: '2026-11-16', asOf: '2026-11-16T09:00:00.000Z', stale: false, problem: null, counts: { all: 250, mine: 0, today: 0, broken: 0, disputes: 0 }, total: 250,
          rows: ALL.slice(0, limit), me: 'demo', mail: 'outbox', mailWaiting: 0, mailProblem: null,
        });
      }),
    );
    const app = await renderApp('/tahsilat', { loggedIn: true });
    const table = await screen.findByRole('grid', { name: 'Vadesi geçmiş alacaklar' });
    await within(table).findByText('Müşteri 000');
    expect(screen.getByText('100 satır')).toBeInTheDocument();
    const mixed = within(table.querySelector('tr[data-row-id="1001"]') as HTMLElement);
    expect(mixed.getByRole('link', { name: '25.000,00' })).toHaveAttribute('title', expect.stringMatching(/^TL tutarlar yalnız TL yazılmış belgelerdir; USD belgeler kendi para biriminde/));
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
});
