/**
 * A field longer than the gateway accepts (200 characters, src/contract/erp.ts) is refused in the page,
 * next to that field and by its own name — never as another field's message, never as a generic
 * "İstek geçersiz" with a "Tekrar dene" that can only fail again (issue 35 item 3).
 */
import { act, configure, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mswServer, renderApp } from '../harness';

configure({ asyncUtilTimeout: 5000 });

// 3,200 characters: written "3.200" in Turkish.
const LONG_NAME = `${'Anadolu Mega Market '.repeat(160).slice(0, 3196)}A.Ş.`;
const FIRMA_MESSAGE = 'Firma adı en fazla 200 karakter olabilir (3.200 yazıldı).';

// The ERP calls that carry the long name (in the URL or the JSON body). Only those: the page's own
// first call (the whole list) may start after the listener is on, on a busy machine.
const calls: string[] = [];
const pending: Promise<void>[] = [];
const carriesLongName = (text: string) => text.includes(LONG_NAME.slice(0, 60));
const onRequest = ({ request }: { request: Request }) => {
  const path = new URL(request.url).pathname;
  pending.push(
    request
      .clone()
      .text()
      .then((body) => {
        if (carriesLongName(decodeURIComponent(request.url)) || carriesLongName(body)) calls.push(path);
      }),
  );
};
/** The paths of the ERP calls sent with the long name, once every request seen has been read. */
const longNameCalls = async () => (await Promise.all(pending), calls);
afterEach(() => {
  mswServer.events.removeListener('request:start', onRequest);
  calls.length = 0;
  pending.length = 0;
});

describe('field limits are named in the page', () => {
  it('Faturalar: a 3,200-character company name is refused as the company name, not as the number', async () => {
    expect(LONG_NAME.length).toBe(3200);
    const app = await renderApp('/invoices', { loggedIn: true });
    mswServer.events.on('request:start', onRequest);
    const firma = await screen.findByLabelText('Firma adı');
    fireEvent.change(firma, { target: { value: LONG_NAME } });
    expect(await screen.findByText(FIRMA_MESSAGE)).toBeInTheDocument();
    expect(firma).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Fatura no')).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(/Fatura numarası en fazla/)).toBeNull();
    await app.user.click(screen.getByRole('button', { name: 'Ara' }));
    expect(app.path()).toBe('/invoices');

    // The same name in a link: refused the same way, nothing asked of the ERP.
    await act(() => app.router.navigate(`/invoices?no=&firma=${encodeURIComponent(LONG_NAME)}`));
    expect(await screen.findByText(FIRMA_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/Fatura numarası en fazla/)).toBeNull();
    expect((await longNameCalls()).filter((p) => p.includes('get_fatura'))).toEqual([]);
  });

  it('Yaşlandırma: a 3,200-character company name is refused next to its box, no request, no "Tekrar dene"', async () => {
    const app = await renderApp('/aging', { loggedIn: true });
    await screen.findByRole('grid', { name: 'Yaşlandırma (ERP)' });
    mswServer.events.on('request:start', onRequest);
    const firma = screen.getByLabelText('Firma adı');
    fireEvent.change(firma, { target: { value: LONG_NAME } });
    expect(await screen.findByText(FIRMA_MESSAGE)).toBeInTheDocument();
    expect(firma).toHaveAttribute('aria-invalid', 'true');
    await app.user.click(screen.getByRole('button', { name: 'Ara' }));
    expect(app.path()).toBe('/aging');

    // From a link: the message by the box, no error box, no retry button, no request.
    await act(() => app.router.navigate(`/aging?firma=${encodeURIComponent(LONG_NAME)}`));
    expect(await screen.findByText(FIRMA_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(/İstek geçersiz/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Tekrar dene' })).toBeNull();
    expect((await longNameCalls()).filter((p) => p.includes('get_yaslandirma'))).toEqual([]);
  });
});
