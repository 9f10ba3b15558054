/**
 * A long statement over a slow link: when the ERP sends its lines in date order, the first ones are
 * on screen with their running balance before the last byte — said to be only the start, with no
 * overdue marks (a payment still to come may close those debits), no totals and no export — and
 * the whole statement replaces them. Lines that do not come in date order wait for the whole
 * answer (a line still to come could sort before them and change every balance shown).
 *
 * The answer is this file's own statement of 1,200 lines (WEX shape: the demo ERP's keys), sent in
 * two parts with a pause between; expected figures come from those lines with this file's own
 * integer-kuruş arithmetic and tr-TR formatting.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mswServer, renderApp } from '../harness';
import { statementKeys } from '../../src/contract/erp';
import * as reader from '../../src/domain/reader';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

interface Row {
  ACTION_DATE: string;
  DUE_DATE: string;
  ACTION_NAME: string;
  BORC: number;
  ALACAK: number;
  BELGE_NO: string;
  ACIKLAMA: string;
}
const N = 1200;
const FIRST_PART = 100_000; // bytes sent before the pause: past the 64 K characters the page waits for

const trMoney = (minor: number) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
const withSide = (minor: number) => `${trMoney(minor)}${minor > 0 ? ' B' : minor < 0 ? ' A' : ''}`;
const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const START_DAY = Date.UTC(2024, 0, 2) / 86_400_000;

/**
 * 1,199 sales invoices from 02.01.2024 on (three a day, due 30 days later: all long overdue on
 * their own), then one payment that closes them all: the whole statement ends at 0,00, nothing
 * overdue. Amounts in kuruş alongside.
 */
function statementRows(): { rows: Row[]; debits: number[] } {
  const debits: number[] = [];
  const rows: Row[] = [];
  for (let i = 0; i < N - 1; i++) {
    const minor = 100_000 + ((i * 7919) % 90_000) + (i % 100); // 1.000,00 … 1.999,99 TL, odd kuruş
    debits.push(minor);
    const day = START_DAY + Math.floor(i / 3);
    rows.push({
      ACTION_DATE: isoOf(day),
      DUE_DATE: isoOf(day + 30),
      ACTION_NAME: 'Satış Faturası',
      BORC: minor / 100,
      ALACAK: 0,
      BELGE_NO: `SF-${String(i + 1).padStart(6, '0')}`,
      ACIKLAMA: `Fatura ${i + 1} — "özel" & %18 + ilave'`,
    });
  }
  const total = debits.reduce((s, d) => s + d, 0);
  const lastDay = START_DAY + Math.floor((N - 2) / 3) + 1;
  rows.push({
    ACTION_DATE: isoOf(lastDay),
    DUE_DATE: isoOf(lastDay),
    ACTION_NAME: 'Tahsilat',
    BORC: 0,
    ALACAK: total / 100,
    BELGE_NO: 'THS-000001',
    ACIKLAMA: 'Havale',
  });
  return { rows, debits };
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

/** Serves account 1000's statement in two parts: FIRST_PART bytes, then — on release() — the rest, or a broken connection. */
function twoPartStatement(rows: Row[]) {
  let release!: (how: 'rest' | 'break') => void;
  const gate = new Promise<'rest' | 'break'>((resolve) => (release = resolve));
  const bytes = new TextEncoder().encode(JSON.stringify(rows));
  mswServer.use(
    http.post('*/api/erp/get_cari_extre', () => {
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
  return { release };
}

const grid = () => screen.getByRole('grid', { name: 'Ekstre satırları' });
const section = () => grid().closest('section')!;
const bodyRows = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('.statement-page tbody tr[data-row-id]'));
const cellTexts = (tr: HTMLTableRowElement) => Array.from(tr.cells).map((c) => c.textContent ?? '');

describe('a long statement over a slow link', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows its first lines with their final running balance before the last byte; the whole statement replaces them', async () => {
    const { rows, debits } = statementRows();
    const statement = twoPartStatement(rows);
    await renderApp('/accounts/1000', { loggedIn: true });

    const incomplete = await screen.findByTestId('table-incomplete');
    const complete = rowsWithin(rows, FIRST_PART);
    expect(complete).toBeGreaterThan(300);
    expect(complete).toBeLessThan(N);
    const shownCount = Number(/^İlk (\d+) satır; devamı geliyor\./.exec(incomplete.textContent ?? '')?.[1]);
    expect(shownCount).toBeGreaterThan(0);
    expect(shownCount).toBeLessThanOrEqual(complete);
    // The facts still waiting for the whole statement say so with "…", never a message's raw {placeholder}.
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent('…');
    expect(document.body.textContent).not.toMatch(/\{[a-z]+\}/i);

    // Every line on screen: its date, amount and running balance as in the whole statement.
    const shown = bodyRows();
    expect(shown.length).toBeGreaterThan(10);
    let balance = 0;
    const expected = debits.map((d) => (balance += d));
    for (const tr of shown) {
      const i = Number(tr.dataset.rowId);
      const c = cellTexts(tr);
      expect(c[0]).toBe(trDate(rows[i]!.ACTION_DATE));
      expect(c[3]).toBe(trMoney(debits[i]!));
      expect(c[5]).toBe(withSide(expected[i]!));
    }
    expect(shown[0]!.dataset.rowId).toBe('0');
    expect(cellTexts(shown[0]!)[5]).toBe(withSide(debits[0]!));
    // These invoices are two years past due on their own, but the payment is still on its way:
    // nothing is marked overdue, the open-debit facts wait, nothing is summed or exported.
    expect(document.querySelectorAll('.statement-row--overdue')).toHaveLength(0);
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent('…');
    expect(screen.getByTestId('sum-average-due')).toHaveTextContent('…');
    expect(screen.queryByTestId('sum-balance')).not.toBeInTheDocument();
    expect(section().querySelector('tfoot')).toBeNull();
    expect(within(section()).getByRole('button', { name: 'CSV indir' })).toBeDisabled();
    expect(within(section()).getByRole('button', { name: 'Excel indir' })).toBeDisabled();

    await act(async () => statement.release('rest'));
    // The whole statement: the payment closes every invoice — 0,00, nothing overdue.
    const total = debits.reduce((s, d) => s + d, 0);
    await waitFor(() => expect(screen.getByTestId('sum-balance')).toHaveTextContent(/^0,00$/));
    expect(screen.getByTestId('sum-debit')).toHaveTextContent(trMoney(total));
    expect(screen.getByTestId('sum-credit')).toHaveTextContent(trMoney(total));
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent(/^0,00$/);
    expect(screen.queryByTestId('table-incomplete')).not.toBeInTheDocument();
    expect(document.querySelectorAll('.statement-row--overdue')).toHaveLength(0);
    expect(within(section()).getByRole('status')).toHaveTextContent(/^1\.200 satır$/);
    expect(within(section()).getByRole('button', { name: 'CSV indir' })).toBeEnabled();
  });

  it('a start date past the lines in so far: no devir row from the first lines alone; the whole statement gives the real one', async () => {
    const { rows, debits } = statementRows();
    const from = '2024-09-01';
    const statement = twoPartStatement(rows);
    expect(rows[rowsWithin(rows, FIRST_PART) - 1]!.ACTION_DATE < from).toBe(true); // the first part ends before it
    const { queryClient } = await renderApp(`/accounts/1000?from=${from}`, { loggedIn: true });
    // The first part is in and read (its lines are in the query's cache entry, not complete yet): still no
    // rows — a devir of only those lines would be a false figure.
    await waitFor(() => expect(queryClient.getQueryData(statementKeys.detail('1000'))).toMatchObject({ complete: false }));
    expect(bodyRows()).toHaveLength(0);
    expect(screen.queryByText('01.09.2024 öncesi devir')).not.toBeInTheDocument();
    // Nor a totals row of those lines, nor "nothing found": the statement is still loading.
    expect(screen.queryByTestId('sum-balance')).not.toBeInTheDocument();
    expect(screen.queryByText(/bulunamadı|yok/i)).not.toBeInTheDocument();

    await act(async () => statement.release('rest'));
    // The whole statement: its devir row.
    await screen.findByText('01.09.2024 öncesi devir');
    const before = rows.map((r, i) => (r.ACTION_DATE < from ? (debits[i] ?? 0) : 0)).reduce((a, b) => a + b, 0);
    const opening = cellTexts(bodyRows()[0]!);
    expect(opening[2]).toBe('01.09.2024 öncesi devir');
    expect(opening[3]).toBe(trMoney(before));
    expect(opening[5]).toBe(withSide(before));
  });

  it('lines not in date order: nothing is shown before the whole statement (a later line could sort first)', async () => {
    const { rows, debits } = statementRows();
    // The ERP sends the second invoice before the first (a later date, then an earlier one).
    rows[0] = { ...rows[0]!, ACTION_DATE: '2024-01-05', DUE_DATE: '2024-02-04' };
    const statement = twoPartStatement(rows);
    // The reader's prefix parser, watched (it still does its work): the test waits until the start of
    // the answer still arriving has been read, then asserts what that reading showed.
    const parsePrefix = vi.spyOn(reader, 'parsePrefix');
    const { queryClient } = await renderApp('/accounts/1000', { loggedIn: true });
    // The first part is in and read (its first line the moved one, parsed) — and not put into the
    // query's cache entry: no lines are shown.
    const readStart = () =>
      parsePrefix.mock.results.some((r) => r.type === 'return' && Array.isArray(r.value) && (r.value[0] as Row | undefined)?.ACTION_DATE === '2024-01-05');
    await waitFor(() => expect(readStart()).toBe(true));
    expect(queryClient.getQueryState(statementKeys.detail('1000'))).toMatchObject({ data: undefined, fetchStatus: 'fetching' });
    expect(screen.queryByTestId('table-incomplete')).not.toBeInTheDocument();
    expect(bodyRows()).toHaveLength(0);

    await act(async () => statement.release('rest'));
    await screen.findByTestId('sum-balance');
    // In date order: the lines dated 02.01.2024 first (answer positions 1 and 2), the moved one after those of 04.01.
    const first = bodyRows()[0]!;
    expect(first.dataset.rowId).toBe('1');
    expect(cellTexts(first)[5]).toBe(withSide(debits[1]!));
  });

  it('breaks off after its first lines were shown: the failure is said and those lines are gone', async () => {
    // (no console error is allowed: a broken answer is shown, never logged)
    const statement = twoPartStatement(statementRows().rows);
    await renderApp('/accounts/1000', { loggedIn: true });
    await screen.findByTestId('table-incomplete');
    expect(bodyRows().length).toBeGreaterThan(0);

    await act(async () => statement.release('break'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ERP’nin yanıtı yarıda kesildi');
    expect(bodyRows()).toEqual([]);
    expect(screen.queryByTestId('table-incomplete')).not.toBeInTheDocument();
  });
});
