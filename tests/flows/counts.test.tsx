/**
 * Counts in messages are written tr-TR ("1.234", never "1234"): the ERP's answers here are
 * hand-written with more than a thousand unreadable values, behind the real gateway.
 */
import { configure, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { actUntil, renderApp, type RenderedApp } from '../harness';

configure({ asyncUtilTimeout: 8000 });

/** Answers the ERP operations in `answers` with the given JSON; the rest go to the demo ERP. */
function fakeErp(app: RenderedApp, answers: Record<string, unknown>): void {
  const demo = app.env.demoErp;
  const original = demo.fetch;
  demo.fetch = async (request: Request) => {
    const op = new URL(request.url).pathname.split('/').pop() ?? '';
    if (op in answers) return new Response(JSON.stringify(answers[op]), { status: 200, headers: { 'content-type': 'application/json' } });
    return original(request);
  };
}

const times = <T,>(n: number, f: (i: number) => T): T[] => Array.from({ length: n }, (_, i) => f(i));

async function startAt(path: string, answers: Record<string, unknown>): Promise<RenderedApp> {
  const app = await renderApp('/invoices', { loggedIn: true });
  await screen.findByText(/Aramak için fatura numarası veya firma adı yazıp/);
  fakeErp(app, answers);
  await actUntil(app, () => app.router.navigate(path));
  return app;
}

describe('counts in messages are tr-TR', () => {
  it('aging page: 1.234 unreadable amounts', async () => {
    const rows = times(1234, (i) => ({ COMPANY_ID: String(1000 + i), FULLNAME: `Firma ${i}`, VADESI_GELMEMIS: 'abc', TOPLAM: 100 }));
    await startAt('/aging?firma=', { get_yaslandirma: rows });
    expect(await screen.findByText('1.234 değer okunamadı; ham haliyle işaretlenerek gösteriliyor.')).toBeInTheDocument();
  });

  it('invoice search: 1.500 unreadable totals', async () => {
    const rows = times(1500, (i) => ({ INVOICE_ID: String(i + 1), INVOICE_NUMBER: `FT${i + 1}`, FULLNAME: 'ADA A.Ş.', NETTOTAL: 'x' }));
    await startAt('/invoices?no=&firma=ada', { get_fatura: rows });
    expect(await screen.findByText('1.500 değer okunamadı; ham haliyle işaretlenerek gösteriliyor.')).toBeInTheDocument();
  });

  it('invoice detail: 1.001 unreadable line prices', async () => {
    const detail = {
      INVOICE_ID: 7,
      INVOICE_NUMBER: 'FT7',
      INVOICE_DATE: '2026-01-15',
      COMPANY_NAME: 'ADA A.Ş.',
      ROWS: times(1001, (i) => ({ PRODUCT_NAME: `Ürün ${i}`, PRICE: 'y' })),
    };
    await startAt('/invoices/7', { get_fatura_det: detail });
    expect(await screen.findByText('1.001 değer okunamadı; ham haliyle işaretlenerek gösteriliyor.')).toBeInTheDocument();
  });

  it('FIFO panel: 1.002 unreadable statement lines and 1.003 lines after the chosen date', async () => {
    const lines = [
      { ACTION_DATE: '2026-01-01', DUE_DATE: '', ACTION_NAME: 'Satış Faturası', BORC: 100, ALACAK: 0 },
      ...times(1002, () => ({ ACTION_DATE: '2026-01-02', DUE_DATE: '', ACTION_NAME: 'Satış Faturası', BORC: 'abc', ALACAK: 0 })),
      ...times(1003, () => ({ ACTION_DATE: '2026-03-01', DUE_DATE: '', ACTION_NAME: 'Satış Faturası', BORC: 5, ALACAK: 0 })),
    ];
    const aging = [{ COMPANY_ID: '42', FULLNAME: 'ADA A.Ş.', VADESI_GELMEMIS: 0, TOPLAM: 0 }];
    await startAt('/aging?firma=ada&cari=42&asOf=2026-02-01', { get_yaslandirma: aging, get_cari_extre: lines });
    expect(await screen.findByText('1.002 ekstre değeri okunamadı; bu satırlar 0 kabul edilmedi, hesaba katılmadı.')).toBeInTheDocument();
    expect(screen.getByText('1.003 satır seçilen tarihten sonra olduğu için hesaba katılmadı.')).toBeInTheDocument();
  });
});
