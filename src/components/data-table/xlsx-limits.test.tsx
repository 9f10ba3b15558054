// Issue 36 (8): Excel holds at most 32,767 characters in a cell; a longer ERP text (here 1 MB) is cut
// to that limit and marked with "…" — never a file Excel repairs or refuses. Opened with exceljs.
import ExcelJS from 'exceljs';
import { blobBytes } from './data-table.fixtures';
import { xlsxBlob } from './xlsx-writer';

const EXCEL_CELL_MAX = 32_767; // Excel's specification: "Total number of characters that a cell can contain"

describe('Excel cell limit', () => {
  it('a 1,000,000-character text becomes 32,766 of its characters and "…" (32,767 in all); a short one is untouched', async () => {
    const huge = 'Ş'.repeat(600_000) + 'x'.repeat(400_000);
    const model = {
      columns: [{ id: 'a', header: 'Açıklama', kind: 'text' as const, text: (r: string) => r, cell: (r: string) => ({ type: 'text' as const, text: r }) }],
      rows: [huge, 'kısa açıklama'],
      totals: null,
      titleRows: ['Başlık ' + 'T'.repeat(50_000)],
    };
    const blob = await xlsxBlob('Sayfa', model);
    const wb = new ExcelJS.Workbook();
    const bytes = await blobBytes(blob);
    await wb.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const texts = ws.getColumn(1).values.filter((v): v is string => typeof v === 'string');
    const cut = texts.find((v) => v.startsWith('ŞŞŞ'))!;
    expect(cut.length).toBe(EXCEL_CELL_MAX);
    expect(cut).toBe('Ş'.repeat(32_766) + '…');
    expect(texts).toContain('kısa açıklama');
    const title = texts.find((v) => v.startsWith('Başlık'))!;
    expect(title.length).toBe(EXCEL_CELL_MAX);
    expect(title.endsWith('T…')).toBe(true);
  });
});
