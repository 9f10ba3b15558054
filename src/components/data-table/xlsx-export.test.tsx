// Excel export (table-export.ts → xlsx-writer.ts): the file the button produces, opened with an
// independent reader (exceljs, not the library that wrote it): sheet name, frozen header, cell types,
// values, number and date formats, column widths, the totals row.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { ACCOUNTS, COLUMNS, Harness, blobBytes, type Account } from './data-table.fixtures';
import type { DataColumn } from './types';
import { sheetName } from './table-export';

/** Clicks a download button and returns the downloaded file's name and bytes. */
async function download(buttonName: string): Promise<{ name: string; blob: Blob; bytes: Uint8Array }> {
  const user = userEvent.setup();
  let blob: Blob | undefined;
  Object.assign(URL, {
    createObjectURL: vi.fn((b: Blob) => {
      blob = b;
      return 'blob:test';
    }),
    revokeObjectURL: vi.fn(),
  });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  try {
    await user.click(screen.getByRole('button', { name: buttonName }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1), { timeout: 10_000 });
    const anchor = click.mock.instances[0] as unknown as HTMLAnchorElement;
    return { name: anchor.download, blob: blob!, bytes: await blobBytes(blob!) };
  } finally {
    click.mockRestore();
  }
}

async function openXlsx(bytes: Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  return wb;
}

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('DataTable Excel export', () => {
  it('writes every sorted row with typed cells, formats, a frozen header, fitting widths and the totals row', async () => {
    render(<Harness sorting={[{ id: 'balance', desc: false }]} csvFileName="cariler.csv" sheetName="Cariler: liste [tümü] / 2026 yılı hesap özeti" />);
    const file = await download('Excel indir');
    expect(file.name).toBe('cariler.xlsx');
    expect(file.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const wb = await openXlsx(file.bytes);
    expect(wb.worksheets).toHaveLength(1);
    const ws = wb.worksheets[0]!;
    // []:/ are not allowed in a sheet name, 31 characters at most (counted by hand).
    expect(ws.name).toBe('Cariler liste tümü 2026 yılı he');
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });

    expect((ws.getRow(1).values as unknown[]).slice(1)).toEqual(['Ad', 'İl', 'Bakiye', 'Tarih']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);

    // The fixture's twelve accounts by balance ascending (ties in ERP order, the empty balance last),
    // written by hand from data-table.fixtures.tsx: [name, city, balance in TL, date].
    const expected: [string, string, number | null, Date][] = [
      ['Sarı Kalem', 'Sivas', -1000, utc(2025, 5, 5)],
      ['Cam Sanayi', 'Bursa', -25, utc(2025, 12, 1)],
      ['Ilgaz Orman', 'Çankırı', 0, utc(2026, 1, 31)],
      ['Zeki Market', 'Zonguldak', 0.07, utc(2026, 1, 10)],
      ['Çelik Yapı', 'Ankara', 0.99, utc(2026, 2, 15)],
      ['Ünal Kuyumcu', 'Ürgüp', 5, utc(2025, 8, 8)],
      ['Ömer Usta', 'Konya', 20, utc(2026, 3, 1)],
      ['Ozan Tekstil', 'Denizli', 20, utc(2024, 6, 30)],
      ['Uğur Boya', 'Uşak', 123.45, utc(2026, 1, 1)],
      ['Şahin Gıda', 'İzmir', 1500, utc(2026, 1, 31)],
      ['İĞDIR TİCARET LTD. ŞTİ.', 'Iğdır', 10000, utc(2026, 1, 5)],
      ['ISPARTA GÜL A.Ş.', 'Isparta', null, utc(2025, 11, 30)],
    ];
    expect(ws.rowCount).toBe(1 + expected.length + 1);
    expected.forEach(([name, city, balance, date], i) => {
      const row = ws.getRow(i + 2);
      expect(row.getCell(1).type).toBe(ExcelJS.ValueType.String);
      expect(row.getCell(1).value).toBe(name);
      expect(row.getCell(2).value).toBe(city);
      if (balance === null) {
        expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Null);
      } else {
        expect(row.getCell(3).type).toBe(ExcelJS.ValueType.Number);
        expect(row.getCell(3).value).toBe(balance);
        expect(row.getCell(3).numFmt).toBe('#,##0.00');
      }
      expect(row.getCell(4).type).toBe(ExcelJS.ValueType.Date);
      expect(row.getCell(4).value).toEqual(date);
      expect(row.getCell(4).numFmt).toBe('dd.mm.yyyy');
    });

    // Totals row: 1500 − 25 + 0,99 + 10000 + 0 + 20 + 20 − 1000 + 123,45 + 5 + 0,07 = 10644,51 TL.
    const totals = ws.getRow(expected.length + 2);
    expect(totals.getCell(1).value).toBe('Toplam');
    expect(totals.getCell(3).type).toBe(ExcelJS.ValueType.Number);
    expect(totals.getCell(3).value).toBe(10644.51);
    expect(totals.getCell(3).numFmt).toBe('#,##0.00');
    expect(totals.getCell(3).font?.bold).toBe(true);

    // Widths fit the longest value: "İĞDIR TİCARET LTD. ŞTİ." is 23 characters, "31.01.2026" 10.
    expect(ws.getColumn(1).width).toBeGreaterThanOrEqual(23);
    expect(ws.getColumn(1).width).toBeLessThan(30);
    expect(ws.getColumn(4).width).toBeGreaterThanOrEqual(10);
    expect(ws.getColumn(4).width).toBeLessThan(16);
  });

  it('exports only the search matches, like the CSV', async () => {
    render(<Harness initialQuery="Şahin" csvFileName="cariler.csv" />);
    const ws = (await openXlsx((await download('Excel indir')).bytes)).worksheets[0]!;
    expect(ws.name).toBe('Cariler'); // the table's aria-label when the page names no sheet
    expect(ws.getRow(2).getCell(1).value).toBe('Şahin Gıda');
    expect(ws.getRow(3).getCell(1).value).toBe('Toplam');
    expect(ws.getRow(3).getCell(3).value).toBe(1500);
    expect(ws.rowCount).toBe(3);
  });

  it('a document carries its context (issue 25): title rows, the id even while hidden, the totals, a file name that says what it is — Excel and CSV alike', async () => {
    // An id column the chooser hides by default, but every export carries (exportAlways).
    const columns: DataColumn<Account>[] = [{ id: 'id', header: 'Firma ID', value: (r) => r.id, defaultHidden: true, exportAlways: true }, ...COLUMNS];
    const head = {
      company: 'Örnek Ticaret ve Sanayi A.Ş.',
      title: 'Cari Listesi',
      asOf: '2026-11-15',
      // 15:40 in Istanbul (UTC+3).
      madeAt: new Date(Date.UTC(2026, 10, 24, 12, 40)),
    };
    render(<Harness columns={columns} documentHead={head} sorting={[{ id: 'balance', desc: true }]} />);
    expect(screen.queryByRole('columnheader', { name: /Firma ID/ })).toBeNull();
    const file = await download('Excel indir');
    expect(file.name).toBe('Cari Listesi - 15.11.2026.xlsx');
    const ws = (await openXlsx(file.bytes)).worksheets[0]!;
    const col1 = (r: number) => ws.getRow(r).getCell(1).value;
    expect([1, 2, 3, 4].map(col1)).toEqual(['Örnek Ticaret ve Sanayi A.Ş.', 'Cari Listesi', 'Tarih: 15.11.2026', 'Oluşturulma: 24.11.2026 15:40']);
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(col1(5)).toBeNull();
    // Header under a blank row, frozen with the title rows above it.
    expect((ws.getRow(6).values as unknown[]).slice(1)).toEqual(['Firma ID', 'Ad', 'İl', 'Bakiye', 'Tarih']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 6 });
    // Highest balance first: İĞDIR (A4, 10.000,00), then Şahin (A1, 1.500,00).
    expect((ws.getRow(7).values as unknown[]).slice(1, 4)).toEqual(['A4', 'İĞDIR TİCARET LTD. ŞTİ.', 'Iğdır']);
    expect(ws.getRow(8).getCell(1).value).toBe('A1');
    // 12 rows, then the totals row: Σ = 10644,51 TL (counted by hand in the test above).
    const totals = ws.getRow(7 + ACCOUNTS.length);
    expect(totals.getCell(1).value).toBe('Toplam');
    expect(totals.getCell(4).value).toBe(10644.51);
    expect(ws.rowCount).toBe(7 + ACCOUNTS.length);

    const csv = await download('CSV indir');
    expect(csv.name).toBe('Cari Listesi - 15.11.2026.csv');
    const lines = new TextDecoder('utf-8', { ignoreBOM: true })
      .decode(csv.bytes)
      .replace(/^\uFEFF/, '')
      .split('\r\n');
    expect(lines.slice(0, 7)).toEqual([
      'Örnek Ticaret ve Sanayi A.Ş.',
      'Cari Listesi',
      'Tarih: 15.11.2026',
      'Oluşturulma: 24.11.2026 15:40',
      '',
      'Firma ID;Ad;İl;Bakiye;Tarih',
      'A4;İĞDIR TİCARET LTD. ŞTİ.;Iğdır;10000,00;05.01.2026',
    ]);
    expect(lines[6 + ACCOUNTS.length]).toBe('Toplam;;;10644,51;');
  });

  it('sheet names: Excel rules, never empty', () => {
    expect(sheetName("'Ekstre: 1001'")).toBe('Ekstre 1001');
    expect(sheetName('[]*?')).toBe('Tablo');
    expect(sheetName('Yaşlandırma')).toBe('Yaşlandırma');
  });
});
