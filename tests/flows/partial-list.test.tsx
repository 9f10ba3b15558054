/**
 * A long account list over a slow link: its first rows are on screen before its last byte, said to
 * be only the start (no count, no totals, no export), and replaced by the whole list when it is in.
 * If the answer then breaks off, the page shows the failure — never the rows that had arrived.
 *
 * The answer is the demo ERP's own list (WEX shape) grown to 1,000 accounts by this test (new ids
 * and names), sent in two parts with a pause between; expected figures come from those rows with
 * this file's own arithmetic.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { gatewayFetch, mswServer, renderApp } from '../harness';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

type Row = { COMPANY_ID: string; FULLNAME: string; BAKIYE: number } & Record<string, unknown>;
const N = 1000;
const FIRST_PART = 100_000; // bytes sent before the pause: past the 64 K characters the page waits for

const trMoney = (minor: number) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
const withSide = (minor: number) => `${trMoney(minor)}${minor > 0 ? ' B' : minor < 0 ? ' A' : ''}`;

/** 1,000 accounts from the demo ERP's rows: ids 500000…, names numbered; and the answer's bytes. */
async function grownList(request: Request): Promise<{ rows: Row[]; bytes: Uint8Array }> {
  const base = (await (await gatewayFetch(request)).json()) as Row[];
  const rows = Array.from({ length: N }, (_, i) => {
    const b = base[i % base.length]!;
    return { ...b, COMPANY_ID: String(500_000 + i), FULLNAME: `${b.FULLNAME} #${i}` };
  });
  return { rows, bytes: new TextEncoder().encode(JSON.stringify(rows)) };
}

/** How many rows are complete within the first `n` bytes of the answer (counted on the rows' own JSON). */
function rowsWithin(rows: Row[], n: number): number {
  let end = 1; // "["
  let k = 0;
  for (const r of rows) {
    end += new TextEncoder().encode(JSON.stringify(r)).byteLength + (k > 0 ? 1 : 0);
    if (end > n) break;
    k++;
  }
  return k;
}

/** Serves get_cari in two parts: FIRST_PART bytes, then — on release() — the rest, or a broken connection. */
function twoPartList() {
  let release!: (how: 'rest' | 'break') => void;
  const gate = new Promise<'rest' | 'break'>((resolve) => (release = resolve));
  const sent: { rows: Row[] }[] = [];
  mswServer.use(
    http.post('*/api/erp/get_cari', async ({ request }) => {
      const { rows, bytes } = await grownList(request);
      sent.push({ rows });
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(bytes.slice(0, FIRST_PART));
          const how = await gate;
          if (how === 'break') controller.error(new TypeError('network error'));
          else {
            controller.enqueue(bytes.slice(FIRST_PART));
            controller.close();
          }
        },
      });
      return new HttpResponse(stream, { headers: { 'content-type': 'application/json; charset=utf-8' } });
    }),
  );
  return { sent, release };
}

const grid = () => screen.getByRole('grid', { name: 'Cari listesi' });
const shownIds = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('.accounts-page tbody tr[data-row-id]')).map((tr) => tr.dataset.rowId);
const section = () => grid().closest('section')!;

describe('a long list over a slow link', () => {
  it('shows its first rows before the last byte, as only the start; the whole list replaces them', async () => {
    const list = twoPartList();
    await renderApp('/accounts', { loggedIn: true });

    // The first part is in, the rest is held back: rows on screen already.
    const incomplete = await screen.findByTestId('table-incomplete');
    const rows = list.sent[0]!.rows;
    const complete = rowsWithin(rows, FIRST_PART);
    expect(complete).toBeGreaterThan(100);
    expect(complete).toBeLessThan(N);
    const shownCount = Number(/^İlk (\d+) satır; devamı geliyor\./.exec(incomplete.textContent ?? '')?.[1]);
    expect(shownCount).toBeGreaterThan(0);
    expect(shownCount).toBeLessThanOrEqual(complete);
    expect(shownIds()[0]).toBe('500000');
    expect(within(grid()).getByRole('link', { name: rows[0]!.FULLNAME })).toBeInTheDocument();
    // Nothing is counted or exported from a list that is still arriving.
    const totals = document.querySelector('.accounts-totals')!;
    expect(totals).toHaveAttribute('aria-busy', 'true');
    expect(totals.textContent ?? '').not.toMatch(/\d/);
    expect(within(section()).getByRole('button', { name: 'CSV indir' })).toBeDisabled();
    expect(within(section()).getByRole('button', { name: 'Excel indir' })).toBeDisabled();
    expect(section().querySelector('tfoot')).toBeNull();
    expect(screen.queryByText(`${N.toLocaleString('tr-TR')} satır`)).not.toBeInTheDocument();

    await act(async () => list.release('rest'));
    await waitFor(() => expect(within(section()).getByRole('status')).toHaveTextContent(/^1\.000 satır$/));
    expect(screen.queryByTestId('table-incomplete')).not.toBeInTheDocument();
    const net = rows.reduce((sum, r) => sum + Math.round(r.BAKIYE * 100), 0);
    expect(screen.getByTestId('accounts-count')).toHaveTextContent('1.000 cari');
    expect(screen.getByTestId('accounts-net')).toHaveTextContent(withSide(net));
    expect(within(section()).getByRole('button', { name: 'CSV indir' })).toBeEnabled();
  });

  it('breaks off after its first rows were shown: the failure is said and those rows are gone', async () => {
    // (no console error is allowed: a broken answer is shown, never logged)
    const list = twoPartList();
    await renderApp('/accounts', { loggedIn: true });
    await screen.findByTestId('table-incomplete');
    expect(shownIds().length).toBeGreaterThan(0);

    await act(async () => list.release('break'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ERP’nin yanıtı yarıda kesildi');
    expect(shownIds()).toEqual([]);
    expect(screen.queryByTestId('table-incomplete')).not.toBeInTheDocument();
  });
});
