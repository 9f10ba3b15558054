/**
 * An ERP aging made on another day than ours (issue 35 item 8): when the answer carries its report date
 * (here RAPOR_TARIHI = 31.10.2026 on every row), Özet and the aging page state that date, not today,
 * and the per-account FIFO comparison is computed as of it. Without a date in the answer: today, as before.
 */
import { configure, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { getDataset } from '../../server/demo-erp';
import { editErpAnswer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const REPORT = '2026-10-31';

function agingWithReportDate() {
  // At the ERP: the aging page reads this answer, and so does the gateway for Özet's figures.
  editErpAnswer('get_yaslandirma', (rows) => (rows as Record<string, unknown>[]).map((r) => ({ ...r, RAPOR_TARIHI: REPORT })));
}

describe('the ERP aging’s report date', () => {
  it('differs from the demo ERP’s today and the real one', () => {
    expect(getDataset().today).not.toBe(REPORT);
  });

  it('Özet says “31.10.2026 itibarıyla”', async () => {
    agingWithReportDate();
    await renderApp('/', { loggedIn: true });
    await waitFor(() =>
      expect(document.querySelector('.overview-asof')?.textContent).toBe('31.10.2026 itibarıyla, ERP’nin cari listesi ve yaşlandırma raporundan'),
    );
  });

  it('the aging page states it, and the FIFO comparison is as of it', async () => {
    agingWithReportDate();
    await renderApp('/aging?firma=&cari=1000', { loggedIn: true });
    expect(await screen.findByText('ERP raporu: 31.10.2026 itibarıyla')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Tarih itibarıyla' })).toHaveValue('31.10.2026'));
  });
});
