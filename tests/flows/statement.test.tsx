// @vitest long
/**
 * /accounts/:cariId over the real gateway + demo ERP. Every expected figure is computed here from
 * the demo dataset with this file's own arithmetic (integer kuruş, FIFO, day numbers) and its own
 * tr-TR formatting — never with the code under test.
 */
import { DEMO_COMPANY } from '../../server/demo-erp';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { actUntil, answerStatement, mswServer, renderApp, setDemoFail, settled, type DemoShape, type RenderedApp } from '../harness';
import { recordOpened, togglePinned } from '../../src/lib/account-shortcuts';

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

// ---------- independent helpers ----------
interface Line {
  date: string;
  dueDate: string | null;
  type: string;
  debit: number;
  credit: number;
  documentNo: string;
  description: string;
}
const trMoney = (minor: number) => new Intl.NumberFormat('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Math.abs(minor) / 100);
const withSide = (minor: number) => `${trMoney(minor)}${minor > 0 ? ' B' : minor < 0 ? ' A' : ''}`;
const trDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const csvAmount = (minor: number) => `${minor < 0 ? '-' : ''}${Math.trunc(Math.abs(minor) / 100)},${String(Math.abs(minor) % 100).padStart(2, '0')}`;
const dayNo = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
const isoOf = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);
const istanbulToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());

function linesOf(app: RenderedApp, id: string): Line[] {
  return app.env.demoErp.dataset.accountById.get(id)!.lines as Line[];
}

const grid = () => screen.getByRole('grid', { name: 'Ekstre satırları' });
const bodyRows = () => Array.from(grid().querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));
const cellTexts = (tr: HTMLTableRowElement) => Array.from(tr.cells).map((c) => c.textContent ?? '');

async function openStatement(path: string, shape: DemoShape = 'wex') {
  const app = await renderApp(path, { loggedIn: true, shape });
  await screen.findByTestId('sum-balance');
  return app;
}

const SHAPES: DemoShape[] = ['wex']; // one UI pass; every answer shape is read in tests/reader/shapes.test.ts

describe.each(SHAPES)('statement (ERP shape %s)', (shape) => {
  it('date range: earlier lines fold into a devir row, the running balance stays right, totals exact', async () => {
    const app = await openStatement('/accounts/1000?from=2026-01-01&to=2026-06-30', shape);
    const lines = linesOf(app, '1000');
    let openingDebit = 0;
    let openingCredit = 0;
    const inRange: { line: Line; index: number; balance: number }[] = [];
    let balance = 0;
    lines.forEach((l, index) => {
      balance += l.debit - l.credit;
      if (l.date < '2026-01-01') {
        openingDebit += l.debit;
        openingCredit += l.credit;
      } else if (l.date <= '2026-06-30') inRange.push({ line: l, index, balance });
    });
    expect(openingDebit).toBeGreaterThan(0);
    expect(inRange.length).toBeGreaterThan(5);

    const rows = bodyRows();
    expect(rows).toHaveLength(inRange.length + 1);
    const opening = cellTexts(rows[0]!);
    expect(opening[2]).toBe('01.01.2026 öncesi devir');
    expect(opening[3]).toBe(trMoney(openingDebit));
    expect(opening[4]).toBe(trMoney(openingCredit));
    expect(opening[5]).toBe(withSide(openingDebit - openingCredit));
    inRange.forEach(({ line, index, balance: b }, k) => {
      const tr = rows[k + 1]!;
      expect(tr.dataset.rowId).toBe(String(index));
      const c = cellTexts(tr);
      expect(c[0]).toBe(trDate(line.date));
      expect(c[2]).toBe(line.type);
      expect(c[3]).toBe(line.debit ? trMoney(line.debit) : '');
      expect(c[4]).toBe(line.credit ? trMoney(line.credit) : '');
      expect(c[5]).toBe(withSide(b));
    });
    const sumDebit = openingDebit + inRange.reduce((s, r) => s + r.line.debit, 0);
    const sumCredit = openingCredit + inRange.reduce((s, r) => s + r.line.credit, 0);
    expect(screen.getByTestId('sum-debit')).toHaveTextContent(trMoney(sumDebit));
    expect(screen.getByTestId('sum-credit')).toHaveTextContent(trMoney(sumCredit));
    expect(screen.getByTestId('sum-balance')).toHaveTextContent(withSide(sumDebit - sumCredit));
    expect(sumDebit - sumCredit).toBe(inRange[inRange.length - 1]!.balance);
    const totals = cellTexts(grid().querySelector('tfoot tr')!);
    expect(totals.slice(3, 6)).toEqual([trMoney(sumDebit), trMoney(sumCredit), withSide(sumDebit - sumCredit)]);
    expect(screen.getByTestId('statement-range')).toHaveTextContent('01.01.2026 – 30.06.2026');
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date|\[object Object\]/);
  });

  it('sums many 0,10 and 0,20 lines to the exact kuruş (a float sum drifts)', async () => {
    const app = await openStatement('/accounts/1003', shape);
    const lines = linesOf(app, '1003');
    let debit = 0;
    let credit = 0;
    let floatBalance = 0;
    for (const l of lines) {
      debit += l.debit;
      credit += l.credit;
      floatBalance += l.debit / 100 - l.credit / 100;
    }
    expect(debit - credit).toBe(460); // 4,60 (dataset note)
    expect(floatBalance).not.toBe(4.6); // the trap is real
    expect(screen.getByTestId('sum-debit')).toHaveTextContent(trMoney(debit));
    expect(screen.getByTestId('sum-credit')).toHaveTextContent(trMoney(credit));
    expect(screen.getByTestId('sum-balance')).toHaveTextContent('4,60 B');
    // The list balance arrives after the rows (statement first, name later).
    expect(await screen.findByTestId('consistency')).toHaveTextContent('Liste bakiyesi ile ekstre bakiyesi tutuyor (4,60 B, bugün itibarıyla).');
  });
});

describe('statement', () => {
  it('header from the list when the link is opened directly (one list request), and a Back link to /accounts', async () => {
    const app = await openStatement('/accounts/1004');
    const a = app.env.demoErp.dataset.accountById.get('1004')!;
    expect(await screen.findByRole('heading', { level: 1, name: a.name })).toBeInTheDocument();
    expect(screen.getByText(a.category)).toBeInTheDocument();
    expect(screen.getByText(`${a.province} / ${a.district}`)).toBeInTheDocument();
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual(['']);
    expect(screen.getByRole('link', { name: /Cari listesine dön/ })).toHaveAttribute('href', '/accounts');
    expect(document.title).toBe(`${a.name} — Ekstre — Cari Ekran`);
  });

  it('a pinned account opened by its link: its facts come from get_cari asked with its name (a few rows), not the whole list', async () => {
    // 1001's name holds " and & (sent as they are; the ERP's filter finds it).
    const name = 'Öz-Çağ "Yıldız" Gıda & Tic. Ltd. Şti.';
    togglePinned({ id: '1001', name });
    const app = await openStatement('/accounts/1001');
    const a = app.env.demoErp.dataset.accountById.get('1001')!;
    expect(a.name).toBe(name);
    expect(await screen.findByText(a.category)).toBeInTheDocument();
    expect(screen.getByText(`${a.province} / ${a.district}`)).toBeInTheDocument();
    // The list's balance, in the consistency line: 839.290,24 borç (the dataset's 83,929,024 kuruş).
    expect(await screen.findByTestId('consistency')).toHaveTextContent('839.290,24 B');
    await settled(app);
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual([name]);
  });

  it('a pinned account whose search by name fails at the ERP: the whole list gives the facts, no error shown', async () => {
    const name = 'Kuruşçu Kırtasiye Ltd. Şti.';
    togglePinned({ id: '1003', name });
    const app = await renderApp('/accounts/1003', {
      loggedIn: true,
      demoErp: { failRules: [{ operation: 'get_cari', param: 'firma_ismi', value: name, mode: 'html500' }] },
    });
    expect(await screen.findByTestId('consistency')).toHaveTextContent('Liste bakiyesi ile ekstre bakiyesi tutuyor (4,60 B, bugün itibarıyla).');
    await settled(app);
    const asked = app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi);
    expect(asked.at(-1)).toBe('');
    expect(asked.slice(0, -1).length).toBeGreaterThan(0);
    expect(asked.slice(0, -1).every((q) => q === name)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a kept name the ERP no longer has (renamed since): the whole list is asked once, the current name shown and kept, nothing asked again', async () => {
    recordOpened({ id: '1004', name: 'Iğdır Tarım (eski unvan)' });
    const app = await openStatement('/accounts/1004');
    const a = app.env.demoErp.dataset.accountById.get('1004')!;
    expect(await screen.findByRole('heading', { level: 1, name: a.name })).toBeInTheDocument();
    expect(screen.getByText(`${a.province} / ${a.district}`)).toBeInTheDocument();
    await settled(app);
    expect(app.env.demoErp.requests.filter((r) => r.operation === 'get_cari').map((r) => r.params.firma_ismi)).toEqual(['Iğdır Tarım (eski unvan)', '']);
    expect(JSON.parse(localStorage.getItem('cari-ekran.account-shortcuts.v1') ?? 'null')).toMatchObject({ recent: [{ id: '1004', name: a.name }] });
  });

  it('consistency badge: says so visibly when the list balance and the statement differ', async () => {
    mswServer.use(
      http.post('*/api/erp/get_cari', () =>
        HttpResponse.json([
          { FIRMA_ID: '1003', FIRMA_KATEGORI: 'Müşteri', FIRMA_ADI: 'Kuruşçu Kırtasiye Ltd. Şti.', FIRMA_IL: 'Ankara', FIRMA_ILCE: 'Keçiören', BAKIYE: '4.70' },
        ]),
      ),
    );
    await openStatement('/accounts/1003');
    const badge = await screen.findByTestId('consistency');
    expect(badge).toHaveAttribute('role', 'alert');
    expect(badge).toHaveTextContent('cari listesindeki bakiye (4,70 B) ekstrenin tüm hareketlerle bugünkü bakiyesinden (4,60 B) farklı');
  });

  it('consistency badge under a date range says what it compares (today’s balance) and what the table shows', async () => {
    const app = await openStatement('/accounts/1000?from=2025-06-01&to=2025-12-31');
    const lines = linesOf(app, '1000');
    const today = lines.reduce((s, l) => s + l.debit - l.credit, 0);
    const atEnd = lines.filter((l) => l.date <= '2025-12-31').reduce((s, l) => s + l.debit - l.credit, 0);
    expect(atEnd).not.toBe(today); // the table's closing balance differs from the list's
    expect(screen.getByTestId('sum-balance')).toHaveTextContent(withSide(atEnd));
    expect(await screen.findByTestId('consistency')).toHaveTextContent(
      `Liste bakiyesi ekstrenin bugünkü bakiyesiyle tutuyor (${withSide(today)}); tablodaki bakiye 31.12.2025 itibarıyladır.`,
    );
    // Overdue, ortalama vade and the account's balance are as of the range's end, and say so.
    expect(screen.getByText('Vadesi geçmiş (31.12.2025 itibarıyla)')).toBeInTheDocument();
    expect(screen.getByText('Ortalama vade')).toBeInTheDocument();
    expect(screen.getByTestId('account-balance')).toHaveTextContent(withSide(atEnd));
  });

  it('a from-date after the to-date is swapped with a visible word; an unknown id is one clear “Cari bulunamadı”', async () => {
    const app = await openStatement('/accounts/1000?from=2026-03-15&to=2026-02-01');
    expect(screen.getByTestId('statement-range')).toHaveTextContent('01.02.2026 – 15.03.2026');
    expect(screen.getByTestId('range-swapped')).toHaveTextContent('tarihler yer değiştirildi');
    await act(() => app.router.navigate('/accounts/999999'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cari bulunamadı' })).toBeInTheDocument();
    expect(document.body.textContent!.match(/bulunamad/gi)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Sabitle|Yazdır/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'CSV indir' })).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    await app.user.click(screen.getByRole('link', { name: '← Cari listesine dön' }));
    await waitFor(() => expect(app.path()).toBe('/accounts'));
  });

  it('presets (this month, this year, last 12 months, all) and typed dates go into the URL', async () => {
    const app = await openStatement('/accounts/1000');
    const today = istanbulToday();
    const y = today.slice(0, 4);
    const presets = within(screen.getByRole('group', { name: 'Tarih aralığı' }));
    expect(presets.getByRole('button', { name: 'Tümü' })).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(presets.getByRole('button', { name: 'Bu yıl' }));
    expect(app.path()).toBe(`/accounts/1000?from=${y}-01-01&to=${y}-12-31`);
    await waitFor(() => expect(screen.getByTestId('statement-range')).toHaveTextContent(`01.01.${y} – 31.12.${y}`));
    expect(presets.getByRole('button', { name: 'Bu yıl' })).toHaveAttribute('aria-pressed', 'true');

    await app.user.click(presets.getByRole('button', { name: 'Bu ay' }));
    const m = +today.slice(5, 7);
    const lastDay = new Date(Date.UTC(+y, m, 0)).getUTCDate();
    expect(app.path()).toBe(`/accounts/1000?from=${today.slice(0, 7)}-01&to=${today.slice(0, 7)}-${lastDay}`);

    await app.user.click(presets.getByRole('button', { name: 'Son 12 ay' }));
    const yearAgo = `${+y - 1}${today.slice(4)}`; // not 29 Feb: the test clock is in November
    expect(app.path()).toBe(`/accounts/1000?from=${isoOf(dayNo(yearAgo) + 1)}&to=${today}`);

    await app.user.click(presets.getByRole('button', { name: 'Tümü' }));
    expect(app.path()).toBe('/accounts/1000');

    const fromBox = screen.getByRole('textbox', { name: 'Başlangıç' });
    await waitFor(() => expect(fromBox).toHaveValue(''));
    await app.user.type(fromBox, '15.03.2026{Enter}');
    expect(app.path()).toBe('/accounts/1000?from=2026-03-15');
    await waitFor(() => expect(bodyRows()[0]).toHaveTextContent('15.03.2026 öncesi devir'));
    await app.user.clear(fromBox);
    await app.user.type(fromBox, '31.02.2026{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Tarih okunamadı');
    expect(app.path()).toBe('/accounts/1000?from=2026-03-15');

    // An end before the start: the two dates are swapped.
    const toBox = screen.getByRole('textbox', { name: 'Bitiş' });
    await app.user.type(toBox, '01.02.2026{Enter}');
    expect(app.path()).toBe('/accounts/1000?from=2026-02-01&to=2026-03-15');
    await waitFor(() => expect(screen.getByTestId('statement-range')).toHaveTextContent('01.02.2026 – 15.03.2026'));
    await waitFor(() => expect(fromBox).toHaveValue('01.02.2026'));
    expect(toBox).toHaveValue('15.03.2026');
  });

  it('type filter tells the truth: /accounts/1001?type=Tahsilat shows the Σ of the shown lines, named so; no running balance; the real balance stays', async () => {
    // Failing first: the running balance jumped between rows and the Toplam row mixed the devir in —
    // Toplam, the last row and the real balance were different figures with nothing said.
    const app = await renderApp('/accounts/1001?type=Tahsilat', { loggedIn: true });
    await screen.findByTestId('sum-credit');
    const lines = linesOf(app, '1001');
    const tahsilat = lines.filter((l) => l.type === 'Tahsilat');
    const shownCredit = tahsilat.reduce((s, l) => s + l.credit, 0);
    const shownDebit = tahsilat.reduce((s, l) => s + l.debit, 0);
    const real = lines.reduce((s, l) => s + l.debit - l.credit, 0);
    await waitFor(() => expect(bodyRows()).toHaveLength(tahsilat.length));
    expect(bodyRows().every((tr) => tr.cells[2]!.textContent === 'Tahsilat')).toBe(true);
    // No "Bakiye" column: a running balance read down a filtered list is nobody's figure.
    expect(within(grid()).queryByRole('columnheader', { name: /^Bakiye/ })).toBeNull();
    const foot = grid().querySelector('tfoot')!;
    expect(foot).toHaveTextContent('Gösterilen satırların toplamı (Tahsilat)');
    expect(screen.getByTestId('sum-credit')).toHaveTextContent(trMoney(shownCredit));
    expect(screen.getByTestId('sum-debit')).toHaveTextContent(trMoney(shownDebit));
    expect(screen.getByTestId('statement-filtered')).toHaveTextContent('bu satırların toplamıdır, hesabın bakiyesi değildir');
    // The account's real balance stays in the header.
    expect(screen.getByTestId('account-balance')).toHaveTextContent(withSide(real));
    expect(app.path()).toBe('/accounts/1001?type=Tahsilat');
  });

  it('supplier 1012: overdue payables from the open-item engine — 19.196,50 A at the ERP’s date, like the ERP — not "0,00 / —"', async () => {
    // Failing first: the statement aged only debits, so a supplier showed "Vadesi geçmiş 0,00 / Ortalama vade —".
    const app = await openStatement('/accounts/1012?to=2026-11-15');
    const ds = app.env.demoErp.dataset;
    expect(ds.today).toBe('2026-11-15');
    const lines = linesOf(app, '1012');
    const asOf = ds.today;
    // This file's own FIFO on the credit side: our payments (borç) pay the supplier's invoices
    // (alacak) earliest due first; what is left and due before the as-of date is overdue.
    let paid = lines.reduce((s, l) => s + l.debit, 0);
    const invoices = lines
      .map((l, index) => ({ index, due: l.dueDate ?? l.date, date: l.date, amount: l.credit }))
      .filter((d) => d.amount > 0)
      .sort((a, b) => (a.due !== b.due ? (a.due < b.due ? -1 : 1) : a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.index - b.index));
    let overdue = 0;
    let count = 0;
    for (const d of invoices) {
      const p = Math.min(paid, d.amount);
      paid -= p;
      if (d.amount - p > 0 && d.due < asOf) {
        overdue += d.amount - p;
        count++;
      }
    }
    expect(overdue).toBe(1919650); // 19.196,50 A: the ERP's own overdue for 1012 (Σ of its overdue buckets)
    expect(screen.getByText('Vadesi geçmiş (15.11.2026 itibarıyla)')).toBeInTheDocument();
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent(`19.196,50 A (${count} kalem)`);
    expect(screen.getByTestId('sum-average-due')).not.toHaveTextContent('—');
    expect(bodyRows().filter((tr) => tr.classList.contains('statement-row--overdue'))).toHaveLength(count);
  });

  it('as of a date: the range end decides what is overdue (debit due 31.01.2026 paid 15.12.2026, to=15.11.2026 → 1.000,00 overdue)', async () => {
    // Failing first: the statement matched every payment, also those after the chosen date, so the
    // statement said 0,00 where the aging panel (as of the same date) said 1.000,00 in 120+.
    answerStatement([
      { ACTION_DATE: '01.01.2026', DUE_DATE: '31.01.2026', ACTION_NAME: 'Satış Faturası', BORC: '1000,00', ALACAK: '0,00' },
      { ACTION_DATE: '15.12.2026', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: '0,00', ALACAK: '1000,00' },
    ]);
    await openStatement('/accounts/1003?to=2026-11-15');
    expect(screen.getByText('Vadesi geçmiş (15.11.2026 itibarıyla)')).toBeInTheDocument();
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent('1.000,00 B (1 kalem)');
    expect(bodyRows().filter((tr) => tr.classList.contains('statement-row--overdue'))).toHaveLength(1);
  });

  it('a USD supplier: overdue in USD beside the TL figure, each from its own lines', async () => {
    // 01.01.2026 opening 1.000,00 TL alacak (a TL line); 15.01 invoice 64.000,00 TL = 2.000,00 USD
    // due 14.02; 01.02 our payment 33.000,00 TL = 1.000,00 USD. As of 01.03.2026:
    // USD: 1.000,00 USD A open, due 14.02 → overdue (1 kalem).
    // TL: the payment closes the opening 1.000,00 and 32.000,00 of the invoice → 32.000,00 A overdue.
    answerStatement([
      {
        ACTION_DATE: '01.01.2026',
        DUE_DATE: '',
        ACTION_NAME: 'Açılış Fişi',
        BORC: '0,00',
        ALACAK: '1000,00',
        OTHER_MONEY: 'TL',
        OTHER_CASH_ACT_VALUE: '1000,00',
      },
      {
        ACTION_DATE: '15.01.2026',
        DUE_DATE: '14.02.2026',
        ACTION_NAME: 'Alış Faturası',
        BORC: '0,00',
        ALACAK: '64000,00',
        OTHER_MONEY: 'USD',
        OTHER_CASH_ACT_VALUE: '2000,00',
      },
      { ACTION_DATE: '01.02.2026', DUE_DATE: '', ACTION_NAME: 'Ödeme', BORC: '33000,00', ALACAK: '0,00', OTHER_MONEY: 'USD', OTHER_CASH_ACT_VALUE: '1000,00' },
    ]);
    await openStatement('/accounts/1003?to=2026-03-01');
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent('32.000,00 A (1 kalem)');
    expect(screen.getByTestId('fx-overdue-USD')).toHaveTextContent('Vadesi geçmiş 1.000,00 USD A (1 kalem)');
  });

  it('payment behaviour: amount-weighted days late and days to pay of the closed items', async () => {
    // Invoice 1.000,00 on 01.01.2026 due 31.01.2026; paid 600,00 on 10.02 (10 days late, 40 days
    // after the invoice) and 400,00 on 02.03 (30 days late, 60 days). Late (600×10 + 400×30)/1.000
    // = 18 days; to pay (600×40 + 400×60)/1.000 = 48 days.
    answerStatement([
      { ACTION_DATE: '01.01.2026', DUE_DATE: '31.01.2026', ACTION_NAME: 'Satış Faturası', BORC: '1000,00', ALACAK: '0,00' },
      { ACTION_DATE: '10.02.2026', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: '0,00', ALACAK: '600,00' },
      { ACTION_DATE: '02.03.2026', DUE_DATE: '', ACTION_NAME: 'Tahsilat', BORC: '0,00', ALACAK: '400,00' },
    ]);
    await openStatement('/accounts/1003?to=2026-03-31');
    expect(screen.getByTestId('sum-days-late')).toHaveTextContent('18 gün');
    expect(screen.getByTestId('sum-days-to-pay')).toHaveTextContent('48 gün');
    // As of 15.02 only the first payment is in: 10 days late, 40 days to pay.
  });

  it('shows every extra key; an invoice-like document number opens that invoice straight away', async () => {
    const app = await openStatement('/accounts/1000?from=2026-01-01&to=2026-03-31');
    expect(screen.getByRole('columnheader', { name: 'Belge No' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^A[cç][ıi]klama$/i })).toBeInTheDocument();
    const inRange = linesOf(app, '1000').filter((l) => l.date >= '2026-01-01' && l.date <= '2026-03-31');
    const invoice = inRange.find((l) => l.type === 'Satış Faturası')!;
    const receipt = inRange.find((l) => l.type === 'Tahsilat')!;
    expect(screen.getByText(receipt.documentNo).closest('a')).toBeNull();
    expect(screen.getAllByText(invoice.description).length).toBeGreaterThan(0);
    // The number is unique in the dataset: the link lands on the invoice itself, not on a search list.
    const target = app.env.demoErp.dataset.invoices.filter((i) => i.number === invoice.documentNo);
    expect(target).toHaveLength(1);
    fireEvent.click(screen.getByRole('link', { name: invoice.documentNo }));
    await waitFor(() => expect(app.path()).toBe(`/invoices/${target[0]!.id}`));
    expect(await screen.findByRole('heading', { level: 1, name: `Fatura ${invoice.documentNo}` })).toBeInTheDocument();
  });

  it('overdue debits (FIFO) are highlighted; overdue total and ortalama vade of open debits', async () => {
    const app = await openStatement('/accounts/1004');
    const lines = linesOf(app, '1004');
    const today = istanbulToday();
    let credits = lines.reduce((s, l) => s + l.credit, 0);
    const debits = lines
      .map((l, index) => ({ index, due: l.dueDate ?? l.date, amount: l.debit }))
      .filter((d) => d.amount > 0)
      .sort((a, b) => (a.due === b.due ? a.index - b.index : a.due < b.due ? -1 : 1));
    let overdue = 0;
    const overdueIdx: number[] = [];
    let openSum = 0;
    let weighted = 0;
    for (const d of debits) {
      const paid = Math.min(credits, d.amount);
      credits -= paid;
      const open = d.amount - paid;
      if (open <= 0) continue;
      openSum += open;
      weighted += open * dayNo(d.due);
      if (d.due < today) {
        overdue += open;
        overdueIdx.push(d.index);
      }
    }
    expect(overdueIdx.length).toBeGreaterThan(0);
    const avg = isoOf(Math.round(weighted / openSum));
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent(`${trMoney(overdue)} B (${overdueIdx.length} kalem)`);
    expect(screen.getByTestId('sum-average-due')).toHaveTextContent(trDate(avg));
    const highlighted = bodyRows()
      .filter((tr) => tr.classList.contains('statement-row--overdue'))
      .map((tr) => Number(tr.dataset.rowId));
    expect(highlighted.sort((a, b) => a - b)).toEqual(overdueIdx.sort((a, b) => a - b));
    for (const tr of bodyRows().filter((r) => r.classList.contains('statement-row--overdue'))) expect(tr).toHaveTextContent('vadesi geçti');
  });

  it('"today" follows the clock: a page left open past midnight flags the debit that fell due', async () => {
    const app = await openStatement('/accounts/1004');
    const lines = linesOf(app, '1004');
    // Open debits by this file's own FIFO (as above); the one due last decides the test.
    let credits = lines.reduce((s, l) => s + l.credit, 0);
    const open = lines
      .map((l, index) => ({ index, due: l.dueDate ?? l.date, amount: l.debit }))
      .filter((d) => d.amount > 0)
      .sort((a, b) => (a.due === b.due ? a.index - b.index : a.due < b.due ? -1 : 1))
      .filter((d) => {
        const paid = Math.min(credits, d.amount);
        credits -= paid;
        return d.amount - paid > 0;
      });
    const last = open[open.length - 1]!;
    const row = () => bodyRows().find((tr) => tr.dataset.rowId === String(last.index))!;
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // Noon in Istanbul on its due day: not overdue yet.
      vi.setSystemTime(new Date(`${last.due}T09:00:00Z`));
      act(() => void window.dispatchEvent(new Event('focus')));
      await waitFor(() => expect(row()).not.toHaveClass('statement-row--overdue'));
      // The next day (the tab was left open; the page re-checks the day): now overdue.
      vi.setSystemTime(new Date(dayNo(last.due) * 86_400_000 + 86_400_000 + 9 * 3_600_000));
      act(() => void window.dispatchEvent(new Event('focus')));
      await waitFor(() => expect(row()).toHaveClass('statement-row--overdue'));
      expect(screen.getByTestId('sum-overdue')).toHaveTextContent(`(${open.length} kalem)`);
    } finally {
      vi.useRealTimers();
    }
  });

  it('exports the statement (devir row, lines, running balance, extra keys) as CSV, byte for byte', async () => {
    const app = await openStatement('/accounts/1004?from=2026-01-01');
    const lines = linesOf(app, '1004');
    // The title lines name the account: wait for its name (it may come with the account list).
    await screen.findByRole('heading', { level: 1, name: app.env.demoErp.dataset.accountById.get('1004')!.name });
    let blob: Blob | undefined;
    const orig = { c: URL.createObjectURL, r: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => {} });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      await app.user.click(screen.getByRole('button', { name: 'CSV indir' }));
    } finally {
      Object.assign(URL, { createObjectURL: orig.c, revokeObjectURL: orig.r });
      click.mockRestore();
    }
    const quote = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    let balance = 0;
    let od = 0;
    let oc = 0;
    const out = ['İşlem Tarihi;Vade Tarihi;İşlem Türü;Borç;Alacak;Bakiye (+ borçlu / − alacaklı);Belge No;Açıklama'];
    const body: string[] = [];
    for (const l of lines) {
      balance += l.debit - l.credit;
      if (l.date < '2026-01-01') {
        od += l.debit;
        oc += l.credit;
        continue;
      }
      body.push(
        [trDate(l.date), l.dueDate ? trDate(l.dueDate) : '', l.type, csvAmount(l.debit), csvAmount(l.credit), csvAmount(balance), l.documentNo, l.description]
          .map(quote)
          .join(';'),
      );
    }
    out.push(['', '', '01.01.2026 öncesi devir', csvAmount(od), csvAmount(oc), csvAmount(od - oc), '', ''].join(';'), ...body);
    // The totals line (issue 25: as on screen and in the Excel file): Σ borç, Σ alacak, closing balance.
    const debit = lines.reduce((s, l) => s + l.debit, 0);
    const credit = lines.reduce((s, l) => s + l.credit, 0);
    out.push(['Toplam', '', '', csvAmount(debit), csvAmount(credit), csvAmount(balance), '', ''].join(';'));
    const name = app.env.demoErp.dataset.accountById.get('1004')!.name;
    const head = [DEMO_COMPANY.title, 'Cari Hesap Ekstresi', `Cari: 1004 · ${quote(name)}`, 'Dönem: 01.01.2026 – bugün'];
    const expected = `\uFEFF${head.join('\r\n')}\r\nOluşturulma: MADE\r\n\r\n${out.join('\r\n')}\r\n`;
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blob!);
    });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const made = /Oluşturulma: (\d\d\.\d\d\.\d{4} \d\d:\d\d)\r\n/.exec(text)?.[1] ?? '';
    expect(made).not.toBe('');
    expect(text).toBe(expected.replace('MADE', made));
  });

  it('print: the statement prints as a document — our company, the account, the period, "Sayfa 1 / 1", the grand total — built only while printing', async () => {
    const app = await openStatement('/accounts/1004?from=2026-01-01&to=2026-06-30');
    const acc = app.env.demoErp.dataset.accountById.get('1004')!;
    // The account's name comes by its own call, which can land after the statement on a busy machine.
    await screen.findByRole('heading', { name: acc.name });
    const print = vi.fn();
    const orig = window.print;
    window.print = print;
    try {
      await app.user.click(screen.getByRole('button', { name: 'Yazdır' }));
    } finally {
      window.print = orig;
    }
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('print-document')).toBeNull();
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    const doc = screen.getByTestId('print-document');
    expect(doc).toHaveTextContent(DEMO_COMPANY.title);
    expect(doc).toHaveTextContent('Cari Hesap Ekstresi');
    expect(doc).toHaveTextContent(`Cari: 1004 · ${acc.name}`);
    expect(doc).toHaveTextContent('Dönem: 01.01.2026 – 30.06.2026');
    expect(doc).toHaveTextContent('Sayfa 1 / 1');
    // The grand total once: Σ borç / Σ alacak up to 30.06.2026 (devir included), written by hand from the dataset.
    const upTo = acc.lines.filter((l) => l.date <= '2026-06-30');
    const grand = doc.querySelector('.print-doc__grand')!;
    expect(grand).toHaveTextContent(trMoney(upTo.reduce((x, l) => x + l.debit, 0)));
    expect(grand).toHaveTextContent(trMoney(upTo.reduce((x, l) => x + l.credit, 0)));
    expect(doc.querySelectorAll('.print-doc__grand')).toHaveLength(1);
    // Navigation and controls are marked not to print; the document stands beside the app in <body>
    // (on paper the body prints only the document).
    expect(screen.getByRole('banner')).toHaveClass('no-print');
    expect(doc.parentElement).toBe(document.body);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(screen.queryByTestId('print-document')).toBeNull();
  });

  it('an account without transactions says so', async () => {
    await openStatement('/accounts/1009');
    expect(screen.getByText('Bu carinin hiç hareketi yok.')).toBeInTheDocument();
    expect(screen.getByTestId('sum-balance')).toHaveTextContent(/^0,00$/);
  });

  async function statementWithFailure(fail: 'html500' | 'malformed-numbers', id: string) {
    const app = await renderApp('/bos-sayfa', { loggedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' });
    setDemoFail(fail);
    await actUntil(app, () => app.router.navigate(`/accounts/${id}`));
    return app;
  }

  it('an ERP failure is announced in plain Turkish with a retry that works', async () => {
    await statementWithFailure('html500', '1004');
    const alerts = await screen.findAllByRole('alert');
    for (const a of alerts) expect(a.textContent).not.toMatch(/<|html|coldfusion/i);
    const tableAlert = alerts.find((a) => within(a).queryByRole('button', { name: 'Tekrar dene' }) && a.closest('.dt'))!;
    setDemoFail('none');
    await act(async () => {
      fireEvent.click(within(tableAlert).getByRole('button', { name: 'Tekrar dene' }));
    });
    expect(await screen.findByTestId('sum-balance')).toBeInTheDocument();
  });

  it('unreadable amounts are shown raw, marked and counted — never as 0 or NaN', async () => {
    await statementWithFailure('malformed-numbers', '1000');
    expect(await screen.findByText(/değer okunamadı/)).toBeInTheDocument();
    expect(grid().querySelectorAll('.cell-invalid').length).toBeGreaterThan(0);
    expect(document.body.textContent).not.toMatch(/NaN|undefined|Invalid Date/);
  });

  it('from the first unreadable amount on, the running balance and the totals say "eksik", never a figure', async () => {
    const app = await statementWithFailure('malformed-numbers', '1000');
    await screen.findByText(/değer okunamadı/);
    // malformed-numbers corrupts the first amount column (borç) of every fourth row: row 1 (the
    // account's second line, in date order in the demo) is the first unreadable one.
    const lines = linesOf(app, '1000');
    const rows = bodyRows();
    const balanceCol = Array.from(grid().querySelectorAll('thead th')).findIndex((th) => th.textContent?.startsWith('Bakiye'));
    const balanceOf = (tr: HTMLTableRowElement) => tr.cells[balanceCol]!.textContent ?? '';
    // Line 0 is readable: its balance is its own borç − alacak.
    expect(balanceOf(rows[0]!)).toBe(withSide(lines[0]!.debit - lines[0]!.credit));
    // Every shown row from line 1 on is "eksik".
    for (const tr of rows.slice(1)) expect(balanceOf(tr)).toMatch(/^eksik/);
    expect(screen.getByTestId('sum-balance')).toHaveTextContent(/^eksik/);
    expect(screen.getByTestId('sum-debit')).toHaveTextContent(/^eksik/);
    expect(screen.getByTestId('sum-overdue')).toHaveTextContent(/^eksik/);
    expect(screen.getByTestId('statement-incomplete')).toHaveTextContent(`${trDate(lines[1]!.date)} tarihli “${lines[1]!.type}” satırındaki tutar okunamadı`);
    // The list's balance can be neither confirmed nor contradicted.
    expect(screen.queryByText('Liste bakiyesi ile ekstre bakiyesi tutuyor.')).toBeNull();
  });
});
