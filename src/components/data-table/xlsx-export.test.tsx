// Excel export (table-export.ts → xlsx-writer.ts): the file the button produces, opened with an
// independent reader (exceljs, not the library that wrote it): sheet name, frozen header, cell types,
// values, number and date formats, column widths, the totals row.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import ExcelJS from 'exceljs';
import { Harness, blobBytes } from './data-table.fixtures';
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

  it('sheet names: Excel rules, never empty', () => {
    expect(sheetName("'Ekstre: 1001'")).toBe('Ekstre 1001');
    expect(sheetName('[]*?')).toBe('Tablo');
    expect(sheetName('Yaşlandırma')).toBe('Yaşlandırma');
  });
});
