import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { ErpTimeoutError } from '../../api/errors';
import { formatMoney } from '../../lib/format';
import { sumMinor } from '../../lib/money';
import { DataTable, TableSearch, type DataColumn, type DataTableProps, type SortingState } from '.';

interface Account {
  id: string;
  name: string;
  city: string;
  balance: number | null;
  date: string;
}

// Hand-written rows in "ERP order". Balances in kuruş.
const ACCOUNTS: Account[] = [
  { id: 'A1', name: 'Şahin Gıda', city: 'İzmir', balance: 150000, date: '2026-01-31' },
  { id: 'A2', name: 'Cam Sanayi', city: 'Bursa', balance: -2500, date: '2025-12-01' },
  { id: 'A3', name: 'Çelik Yapı', city: 'Ankara', balance: 99, date: '2026-02-15' },
  { id: 'A4', name: 'İĞDIR TİCARET LTD. ŞTİ.', city: 'Iğdır', balance: 1000000, date: '2026-01-05' },
  { id: 'A5', name: 'ISPARTA GÜL A.Ş.', city: 'Isparta', balance: null, date: '2025-11-30' },
  { id: 'A6', name: 'Ilgaz Orman', city: 'Çankırı', balance: 0, date: '2026-01-31' },
  { id: 'A7', name: 'Ömer Usta', city: 'Konya', balance: 2000, date: '2026-03-01' },
  { id: 'A8', name: 'Ozan Tekstil', city: 'Denizli', balance: 2000, date: '2024-06-30' },
  { id: 'A9', name: 'Sarı Kalem', city: 'Sivas', balance: -100000, date: '2025-05-05' },
  { id: 'A10', name: 'Uğur Boya', city: 'Uşak', balance: 12345, date: '2026-01-01' },
  { id: 'A11', name: 'Ünal Kuyumcu', city: 'Ürgüp', balance: 500, date: '2025-08-08' },
  { id: 'A12', name: 'Zeki Market', city: 'Zonguldak', balance: 7, date: '2026-01-10' },
];

const COLUMNS: DataColumn<Account>[] = [
  { id: 'name', header: 'Ad', value: (r) => r.name, primary: true },
  { id: 'city', header: () => 'İl', value: (r) => r.city },
  {
    id: 'balance',
    header: 'Bakiye',
    kind: 'money',
    value: (r) => r.balance,
    footer: (rows) => formatMoney(sumMinor(rows.map((r) => r.balance))),
  },
  { id: 'date', header: 'Tarih', kind: 'date', value: (r) => r.date },
];

function Harness(props: Partial<DataTableProps<Account>> & { initialQuery?: string }) {
  const { initialQuery = '', ...rest } = props;
  const [q, setQ] = useState(initialQuery);
  const ref = useRef<HTMLInputElement>(null);
  return (
    <DataTable
      data={ACCOUNTS}
      columns={COLUMNS}
      getRowId={(r) => r.id}
      searchQuery={q}
      searchInputRef={ref}
      toolbar={<TableSearch ref={ref} value={q} onChange={setQ} />}
      aria-label="Cariler"
      virtualize={false}
      {...rest}
    />
  );
}

// jsdom's Blob has no arrayBuffer(); FileReader reads the exact bytes.
function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

const grid = () => screen.getByRole('grid', { name: 'Cariler' });
const bodyRows = () => Array.from(grid().querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));
const names = () => bodyRows().map((tr) => tr.cells[0]?.textContent);
const column = (i: number) => bodyRows().map((tr) => tr.cells[i]?.textContent);

describe('DataTable', () => {
  it('shows rows in ERP order with tr-TR money and dates, right-aligned numbers and a totals row', () => {
    render(<Harness />);
    expect(names()).toEqual(ACCOUNTS.map((a) => a.name));
    // Money and dates written by hand in tr-TR form.
    expect(column(2).slice(0, 5)).toEqual(['1.500,00', '-25,00', '0,99', '10.000,00', '']);
    expect(column(3).slice(0, 2)).toEqual(['31.01.2026', '01.12.2025']);
    expect(bodyRows()[0]?.cells[2]).toHaveClass('num', 'dt-align-end');
    // 150000 - 2500 + 99 + 1000000 + 0 + 2000 + 2000 - 100000 + 12345 + 500 + 7 = 1064451 kuruş
    const totals = grid().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(totals.cells[0]).toHaveTextContent('Toplam');
    expect(totals.cells[2]).toHaveTextContent('10.644,51');
    expect(screen.getByText('12 satır')).toBeInTheDocument();
  });

  it('sorts text by Turkish alphabet on header click (Ç after C, ı before i, Ö after O, Ş after S, Ü after U), then descending', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const header = screen.getByRole('columnheader', { name: /^Ad/ });
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual([
      'Cam Sanayi',
      'Çelik Yapı',
      'Ilgaz Orman', // I = dotless ı: ıl… < ıs… < i…
      'ISPARTA GÜL A.Ş.',
      'İĞDIR TİCARET LTD. ŞTİ.',
      'Ozan Tekstil',
      'Ömer Usta',
      'Sarı Kalem',
      'Şahin Gıda',
      'Uğur Boya',
      'Ünal Kuyumcu',
      'Zeki Market',
    ]);
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()[0]).toBe('Zeki Market');
    expect(names()[11]).toBe('Cam Sanayi');
    // third click: back to ERP order
    await user.click(within(header).getByRole('button'));
    expect(header).not.toHaveAttribute('aria-sort');
    expect(names()[0]).toBe('Şahin Gıda');
  });

  it('sorts money numerically (not as text), ties keep ERP order, empty last', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(within(screen.getByRole('columnheader', { name: /Bakiye/ })).getByRole('button'));
    expect(column(2)).toEqual([
      '-1.000,00',
      '-25,00',
      '0,00',
      '0,07',
      '0,99',
      '5,00',
      '20,00',
      '20,00',
      '123,45',
      '1.500,00',
      '10.000,00',
      '',
    ]);
    // the two 20,00 rows: Ömer Usta (A7) comes before Ozan Tekstil (A8) as in the ERP answer
    expect(names().slice(6, 8)).toEqual(['Ömer Usta', 'Ozan Tekstil']);
    await user.click(within(screen.getByRole('columnheader', { name: /Bakiye/ })).getByRole('button'));
    expect(column(2).slice(0, 3)).toEqual(['10.000,00', '1.500,00', '123,45']);
    expect(names().slice(3, 5)).toEqual(['Ömer Usta', 'Ozan Tekstil']);
    expect(column(2)[11]).toBe('');
  });

  it('sorts dates chronologically', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(within(screen.getByRole('columnheader', { name: /Tarih/ })).getByRole('button'));
    expect(column(3).slice(0, 4)).toEqual(['30.06.2024', '05.05.2025', '08.08.2025', '30.11.2025']);
    expect(column(3)[11]).toBe('01.03.2026');
  });

  it('is controllable: renders the given sort and reports header clicks for the URL', async () => {
    const user = userEvent.setup();
    const onSortingChange = vi.fn<(s: SortingState) => void>();
    render(<Harness sorting={[{ id: 'balance', desc: true }]} onSortingChange={onSortingChange} />);
    expect(names()[0]).toBe('İĞDIR TİCARET LTD. ŞTİ.');
    await user.click(within(screen.getByRole('columnheader', { name: /İl/ })).getByRole('button'));
    expect(onSortingChange).toHaveBeenLastCalledWith([{ id: 'city', desc: false }]);
    // still controlled by the prop until the page changes it
    expect(names()[0]).toBe('İĞDIR TİCARET LTD. ŞTİ.');
  });

  it.each([
    ['ığdır', ['İĞDIR TİCARET LTD. ŞTİ.']],
    ['IĞDIR', ['İĞDIR TİCARET LTD. ŞTİ.']],
    ['igdir ltd şti', ['İĞDIR TİCARET LTD. ŞTİ.']],
    ['isparta', ['ISPARTA GÜL A.Ş.']],
    ['ısparta a.ş.', ['ISPARTA GÜL A.Ş.']],
    ['sahin gida', ['Şahin Gıda']],
    ['ürgüp', ['Ünal Kuyumcu']],
    ['çankırı ilgaz', ['Ilgaz Orman']],
  ])('filters with Turkish folding and ignores legal suffixes: %s', (query, expected) => {
    render(<Harness initialQuery={query} />);
    expect(names()).toEqual(expected);
    expect(screen.getByText(`12 satırdan ${expected.length} gösteriliyor`)).toBeInTheDocument();
  });

  it('totals follow the filter', () => {
    render(<Harness initialQuery="ı" />);
    // "ı" folds to "i". Haystacks (name + city, folded, legal words like "Sanayi", "Ticaret", "Ltd. Şti."
    // dropped), by hand: Şahin Gıda/İzmir ✓, Cam Sanayi/Bursa ✗ ("cam bursa"), Çelik Yapı ✓, İĞDIR ✓,
    // ISPARTA ✓, Ilgaz ✓, Ömer Usta/Konya ✗, Ozan Tekstil ✓, Sarı Kalem ✓, Uğur Boya/Uşak ✗,
    // Ünal Kuyumcu/Ürgüp ✗, Zeki Market ✓
    expect(names()).toEqual([
      'Şahin Gıda',
      'Çelik Yapı',
      'İĞDIR TİCARET LTD. ŞTİ.',
      'ISPARTA GÜL A.Ş.',
      'Ilgaz Orman',
      'Ozan Tekstil',
      'Sarı Kalem',
      'Zeki Market',
    ]);
    // 150000 + 99 + 1000000 + (empty) + 0 + 2000 - 100000 + 7 = 1052106 kuruş
    const totals = grid().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(totals.cells[2]).toHaveTextContent('10.521,06');
  });

  it('"/" focuses the search box, typing filters, Esc clears it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const search = screen.getByRole('searchbox', { name: 'Tabloda ara' });
    expect(search).not.toHaveFocus();
    await user.keyboard('/');
    expect(search).toHaveFocus();
    expect(search).toHaveValue('');
    await user.keyboard('uşak');
    expect(names()).toEqual(['Uğur Boya']);
    await user.keyboard('{Escape}');
    expect(search).toHaveValue('');
    expect(names()).toHaveLength(12);
  });

  it('keyboard: the grid is one tab stop; arrows move the active row, Enter opens it', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const onRowFocus = vi.fn<(r: Account) => void>();
    render(<Harness onRowOpen={onRowOpen} onRowFocus={onRowFocus} />);
    // Tab order: search box, CSV button, then the grid (one stop; cells' links are tabIndex -1).
    await user.tab();
    await user.tab();
    await user.tab();
    expect(grid()).toHaveFocus();
    const activeText = () =>
      (document.getElementById(grid().getAttribute('aria-activedescendant') ?? '') as HTMLTableRowElement | null)?.cells[0]?.textContent;
    expect(activeText()).toBe('Şahin Gıda');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeText()).toBe('Çelik Yapı');
    expect(onRowFocus).toHaveBeenLastCalledWith(ACCOUNTS[2]);
    await user.keyboard('{ArrowUp}');
    expect(activeText()).toBe('Cam Sanayi');
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledTimes(1);
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[1]);
    await user.keyboard('{End}');
    expect(activeText()).toBe('Zeki Market');
    await user.keyboard('{ArrowDown}');
    expect(activeText()).toBe('Zeki Market');
    await user.keyboard('{Home}');
    expect(activeText()).toBe('Şahin Gıda');
    await user.keyboard('{PageDown}');
    // jsdom has no layout: page size falls back to (720 - 40 - 38) / 36 → 17 - 1 rows, clamped at the end
    expect(activeText()).toBe('Zeki Market');
    // the next tab stop is the first sortable header, not another row
    await user.tab();
    expect(screen.getByRole('button', { name: /^Ad/ })).toHaveFocus();
  });

  it('opens a row by double-click and by clicking the primary link', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    render(<Harness onRowOpen={onRowOpen} />);
    await user.dblClick(screen.getByText('Uşak'));
    expect(onRowOpen).toHaveBeenLastCalledWith(ACCOUNTS[9]);
    await user.click(screen.getByRole('button', { name: 'Zeki Market' }));
    expect(onRowOpen).toHaveBeenLastCalledWith(ACCOUNTS[11]);
    expect(onRowOpen).toHaveBeenCalledTimes(2);
  });

  it('primary column with href renders a real link; a plain click calls onRowOpen instead of navigating', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const cols: DataColumn<Account>[] = [{ ...COLUMNS[0]!, href: (r) => `/cariler/${r.id}` }, COLUMNS[1]!];
    render(<Harness columns={cols} onRowOpen={onRowOpen} />);
    const link = screen.getByRole('link', { name: 'Ilgaz Orman' });
    expect(link).toHaveAttribute('href', '/cariler/A6');
    expect(link).toHaveAttribute('tabindex', '-1');
    await user.click(link);
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[5]);
  });

  it('applies rowClassName (e.g. overdue highlight)', () => {
    render(<Harness rowClassName={(r) => ((r.balance ?? 0) < 0 ? 'is-overdue' : undefined)} />);
    const overdue = bodyRows().filter((tr) => tr.classList.contains('is-overdue'));
    expect(overdue.map((tr) => tr.dataset.rowId)).toEqual(['A2', 'A9']);
  });

  it('exports ALL filtered + sorted rows as Turkish Excel CSV, byte for byte', async () => {
    const user = userEvent.setup();
    let blob: Blob | undefined;
    const createObjectURL = vi.fn((b: Blob) => {
      blob = b;
      return 'blob:test';
    });
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    try {
      render(<Harness initialQuery="a" sorting={[{ id: 'balance', desc: false }]} csvFileName="cariler.csv" />);
      await user.click(screen.getByRole('button', { name: 'CSV indir' }));
      expect(click).toHaveBeenCalledTimes(1);
      const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
      expect(anchor.download).toBe('cariler.csv');
      expect(blob?.type).toBe('text/csv;charset=utf-8');
      const bytes = await blobBytes(blob!);
      expect(Array.from(bytes.slice(0, 3))).toEqual([0xef, 0xbb, 0xbf]);
      // Rows whose folded name/city contain "a" — all but İĞDIR ("igdir igdir" once Ticaret/Ltd/Şti are
      // dropped) — sorted by balance ascending, ties in ERP order, empty last; written by hand:
      expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
        '\uFEFFAd;İl;Bakiye;Tarih\r\n' +
          'Sarı Kalem;Sivas;-1000,00;05.05.2025\r\n' +
          'Cam Sanayi;Bursa;-25,00;01.12.2025\r\n' +
          'Ilgaz Orman;Çankırı;0,00;31.01.2026\r\n' +
          'Zeki Market;Zonguldak;0,07;10.01.2026\r\n' +
          'Çelik Yapı;Ankara;0,99;15.02.2026\r\n' +
          'Ünal Kuyumcu;Ürgüp;5,00;08.08.2025\r\n' +
          'Ömer Usta;Konya;20,00;01.03.2026\r\n' +
          'Ozan Tekstil;Denizli;20,00;30.06.2024\r\n' +
          'Uğur Boya;Uşak;123,45;01.01.2026\r\n' +
          'Şahin Gıda;İzmir;1500,00;31.01.2026\r\n' +
          'ISPARTA GÜL A.Ş.;Isparta;;30.11.2025\r\n',
      );
    } finally {
      click.mockRestore();
    }
  });

  it('shows the error message (userMessage) in role=alert and retries', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    render(<Harness data={[]} error={new ErpTimeoutError()} onRetry={onRetry} />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('ERP zamanında yanıt vermedi. Lütfen tekrar deneyin.');
    await user.click(within(alert).getByRole('button', { name: 'Tekrar dene' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    // no "0 satır" next to the error
    expect(screen.queryByText(/satır/)).not.toBeInTheDocument();
  });

  it('rowFilter keeps rows besides the search: summary, rows, totals and CSV follow both', async () => {
    // Positive balances only (a facet-like filter): A1 1.500,00, A3 0,99, A4 10.000,00, A7 20,00,
    // A8 20,00, A10 123,45, A11 5,00, A12 0,07 → 8 rows.
    const positive = (r: Account) => (r.balance ?? 0) > 0;
    render(<Harness rowFilter={positive} />);
    expect(screen.getByText('8 satır')).toBeInTheDocument();
    expect(column(2)).toEqual(['1.500,00', '0,99', '10.000,00', '20,00', '20,00', '123,45', '5,00', '0,07']);
    // 150000 + 99 + 1000000 + 2000 + 2000 + 12345 + 500 + 7 = 1166951 kuruş
    expect((grid().querySelector('tfoot tr') as HTMLTableRowElement).cells[2]).toHaveTextContent('11.669,51');
    // + search "ı" (see 'totals follow the filter'): Şahin Gıda, Çelik Yapı, İĞDIR, Ozan Tekstil, Zeki Market
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Tabloda ara' }), 'ı');
    expect(names()).toEqual(['Şahin Gıda', 'Çelik Yapı', 'İĞDIR TİCARET LTD. ŞTİ.', 'Ozan Tekstil', 'Zeki Market']);
    expect(screen.getByText('8 satırdan 5 gösteriliyor')).toBeInTheDocument();
    // 150000 + 99 + 1000000 + 2000 + 7 = 1152106 kuruş
    expect((grid().querySelector('tfoot tr') as HTMLTableRowElement).cells[2]).toHaveTextContent('11.521,06');
  });

  it('a grid focused before its rows arrived has the first row active, and Enter opens it', async () => {
    const user = userEvent.setup();
    const onRowOpen = vi.fn<(r: Account) => void>();
    const { rerender } = render(<Harness data={[]} loading onRowOpen={onRowOpen} />);
    act(() => grid().focus());
    expect(grid()).not.toHaveAttribute('aria-activedescendant');
    rerender(<Harness onRowOpen={onRowOpen} />);
    expect(grid()).toHaveFocus();
    expect(grid()).toHaveAttribute('aria-activedescendant', bodyRows()[0]!.id);
    await user.keyboard('{Enter}');
    expect(onRowOpen).toHaveBeenCalledWith(ACCOUNTS[0]);
  });

  it('never shows a raw error body', () => {
    render(<Harness data={[]} error={new Error('<html><body>500 Internal</body></html>')} />);
    const alert = screen.getByRole('alert');
    expect(alert).not.toHaveTextContent('<html>');
    expect(alert).toHaveTextContent('Beklenmeyen bir hata oluştu');
  });

  it('empty data shows the empty state; a search without matches says so', () => {
    const { unmount } = render(<Harness data={[]} />);
    expect(screen.getByText('Kayıt bulunamadı')).toBeInTheDocument();
    unmount();
    render(<Harness initialQuery="xyzzy" emptyMessage={undefined} />);
    expect(screen.getByText('Aramanızla eşleşen kayıt yok')).toBeInTheDocument();
    expect(screen.getByText('12 satırdan 0 gösteriliyor')).toBeInTheDocument();
  });

  it('loading without data shows a busy skeleton', () => {
    render(<Harness data={[]} loading />);
    expect(grid()).toHaveAttribute('aria-busy', 'true');
    expect(grid().querySelectorAll('.dt-skeleton-row')).toHaveLength(8);
    expect(screen.getByText('Yükleniyor…')).toBeInTheDocument();
    expect(screen.queryByText('Kayıt bulunamadı')).not.toBeInTheDocument();
  });
});

describe('DataTable virtualization', () => {
  interface Line {
    n: number;
    label: string;
  }
  const LINES: Line[] = Array.from({ length: 1000 }, (_, i) => ({ n: i + 1, label: `Satır ${i + 1}` }));
  const LINE_COLUMNS: DataColumn<Line>[] = [
    { id: 'label', header: 'Açıklama', value: (r) => r.label },
    { id: 'n', header: 'No', kind: 'number', value: (r) => r.n },
  ];
  const rendered = () => Array.from(document.querySelectorAll<HTMLTableRowElement>('tbody tr[data-row-id]'));

  it('renders only a window of rows, but counts all of them', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    const rows = rendered();
    // jsdom has no layout: the fallback viewport (720px) shows ~19 rows of 36px, plus overscan.
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.length).toBeLessThan(60);
    expect(rows[0]?.cells[0]).toHaveTextContent('Satır 1');
    expect(screen.getByRole('grid', { name: 'Satırlar' })).toHaveAttribute('aria-rowcount', '1001');
    expect(screen.getByText('1.000 satır')).toBeInTheDocument();
  });

  it('puts every row in the DOM for printing and virtualizes again afterwards', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" />);
    const windowed = rendered().length;
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(rendered()).toHaveLength(1000);
    expect(rendered()[999]?.cells[0]).toHaveTextContent('Satır 1000');
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(rendered()).toHaveLength(windowed);
  });

  it('sorting a virtualized table shows the new first rows', () => {
    render(<DataTable data={LINES} columns={LINE_COLUMNS} aria-label="Satırlar" defaultSorting={[{ id: 'n', desc: true }]} />);
    expect(rendered()[0]?.cells[0]).toHaveTextContent('Satır 1000');
    fireEvent.click(within(screen.getByRole('columnheader', { name: /Açıklama/ })).getByRole('button'));
    // text sort with numeric collation: "Satır 1", "Satır 2", ... (not "Satır 10" after "Satır 1")
    expect(rendered().slice(0, 3).map((r) => r.cells[0]?.textContent)).toEqual(['Satır 1', 'Satır 2', 'Satır 3']);
  });
});
