// The rows shown: Turkish sorting, controlled sort, Turkish-folded search and rowFilter, with the
// summary and totals following them (use-table-model.ts over row-order/).
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { sumMinor } from '../../domain/money';
import { DataTable, TableSearch, sortingToParam, useTableModel, type RowFilter, type SortingState } from '.';
import { type Account, ACCOUNTS, COLUMNS, Harness, grid, names, column } from './data-table.fixtures';

describe('DataTable', () => {
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
    expect(column(2)).toEqual(['-1.000,00', '-25,00', '0,00', '0,07', '0,99', '5,00', '20,00', '20,00', '123,45', '1.500,00', '10.000,00', '']);
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
    // "ı" folds to "i". Haystacks (name + city, folded; legal words like "Sanayi" are kept, so a query
    // of them alone can find them), by hand: Şahin Gıda/İzmir ✓, Cam Sanayi/Bursa ✓, Çelik Yapı ✓, İĞDIR ✓,
    // ISPARTA ✓, Ilgaz ✓, Ömer Usta/Konya ✗, Ozan Tekstil ✓, Sarı Kalem ✓, Uğur Boya/Uşak ✗,
    // Ünal Kuyumcu/Ürgüp ✗, Zeki Market ✓
    expect(names()).toEqual([
      'Şahin Gıda',
      'Cam Sanayi',
      'Çelik Yapı',
      'İĞDIR TİCARET LTD. ŞTİ.',
      'ISPARTA GÜL A.Ş.',
      'Ilgaz Orman',
      'Ozan Tekstil',
      'Sarı Kalem',
      'Zeki Market',
    ]);
    // 150000 - 2500 + 99 + 1000000 + (empty) + 0 + 2000 - 100000 + 7 = 1049606 kuruş
    const totals = grid().querySelector('tfoot tr') as HTMLTableRowElement;
    expect(totals.cells[2]).toHaveTextContent('10.496,06');
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
});

describe('a table model the page owns (useTableModel → <DataTable model>)', () => {
  // The page reads the same view the table shows: its own count and sum agree with the table's rows.
  function ModelPage({ rowFilter = null }: { rowFilter?: RowFilter<Account> | null }) {
    const [q, setQ] = useState('');
    const model = useTableModel({ data: ACCOUNTS, columns: COLUMNS, searchQuery: q, rowFilter });
    const sum = sumMinor(Array.from(model.order, (i) => ACCOUNTS[i]!.balance));
    return (
      <>
        <p data-testid="page-count">{model.order.length}</p>
        <p data-testid="page-sum">{sum}</p>
        <p data-testid="page-sort">{sortingToParam(model.sorting) ?? ''}</p>
        <DataTable model={model} getRowId={(r) => r.id} aria-label="Cariler" virtualize={false} toolbar={<TableSearch value={q} onChange={setQ} />} />
      </>
    );
  }

  it('"an" (Turkish folding, names and cities): Cam Sanayi, Çelik Yapı (Ankara), Ilgaz Orman, Ozan Tekstil — the page counts the rows the table shows', async () => {
    const user = userEvent.setup();
    render(<ModelPage />);
    await user.type(screen.getByRole('searchbox'), 'an');
    await waitFor(() => expect(names()).toEqual(['Cam Sanayi', 'Çelik Yapı', 'Ilgaz Orman', 'Ozan Tekstil']));
    expect(screen.getByTestId('page-count')).toHaveTextContent('4');
    // by hand: -25,00 + 0,99 + 0,00 + 20,00 = -4,01 → -401 kuruş
    expect(screen.getByTestId('page-sum')).toHaveTextContent('-401');
  });

  it('its rowFilter sees each row with its index; the summary counts what the filter keeps', async () => {
    const user = userEvent.setup();
    // The first six rows (A1–A6) with a positive balance: A1 1.500,00, A3 0,99, A4 10.000,00 → 3 rows.
    render(<ModelPage rowFilter={(a, i) => i < 6 && (a.balance ?? 0) > 0} />);
    expect(screen.getByTestId('page-count')).toHaveTextContent('3');
    await user.type(screen.getByRole('searchbox'), 'an');
    // "an" among them: only Çelik Yapı (Ankara)
    await waitFor(() => expect(names()).toEqual(['Çelik Yapı']));
    expect(screen.getByTestId('page-sum')).toHaveTextContent('99');
    expect(screen.getByText('3 satırdan 1 gösteriliyor')).toBeInTheDocument();
  });

  it('a header click sorts through the model: the page sees the sort the table shows', async () => {
    const user = userEvent.setup();
    render(<ModelPage />);
    await user.click(within(screen.getByRole('columnheader', { name: /^Ad/ })).getByRole('button'));
    expect(screen.getByTestId('page-sort')).toHaveTextContent('name');
    expect(names()[0]).toBe('Cam Sanayi');
  });
});
