/**
 * An invoice number typed with separators ("SF2026-000417", "SF 2026 000417") finds the invoice the ERP
 * numbers SF2026000417 (issue 35 item 8): e-invoice numbers have none, people write them in.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { renderApp } from '../harness';

configure({ asyncUtilTimeout: 8000 });

const inv = getDataset().invoices.find((i) => i.number === 'SF2026000417')!;

describe('invoice numbers with separators', () => {
  it.each(['SF2026-000417', 'sf 2026 000417', 'SF2026/000417'])('“%s” finds SF2026000417', async (typed) => {
    expect(inv).toBeDefined();
    await renderApp(`/invoices?no=${encodeURIComponent(typed)}&firma=`, { loggedIn: true });
    const grid = await screen.findByRole('grid', { name: 'Fatura listesi' });
    await waitFor(() => expect(grid.querySelectorAll('tbody tr[data-row-id]')).toHaveLength(1));
    expect(within(grid).getByRole('link', { name: /SF2026000417/ })).toBeInTheDocument();
  });

  it('the header box opens it straight away', async () => {
    const app = await renderApp('/', { loggedIn: true });
    const box = await screen.findByRole('searchbox', { name: /Fatura no/ });
    await app.user.type(box, 'SF2026-000417{Enter}');
    await waitFor(() => expect(app.path()).toMatch(/^\/invoices\/[^?]+$/));
    expect(await screen.findByRole('heading', { level: 1, name: /SF2026000417/ })).toBeInTheDocument();
  });
});
