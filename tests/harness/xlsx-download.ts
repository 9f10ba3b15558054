/** Flow tests: press an "Excel indir" button and open the file the page offers for download. */
import { screen, waitFor } from '@testing-library/react';
import ExcelJS from 'exceljs';
import { expect, vi } from 'vitest';
import type { RenderedApp } from './render-app';

/** Presses `button` (default: the page's one "Excel indir") and returns the file's name and its one sheet. */
export async function downloadXlsx(app: RenderedApp, button?: HTMLElement): Promise<{ name: string; ws: ExcelJS.Worksheet }> {
  let blob: Blob | undefined;
  const orig = { c: URL.createObjectURL, r: URL.revokeObjectURL };
  Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), 'blob:x'), revokeObjectURL: () => {} });
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  let name = '';
  try {
    await app.user.click(button ?? screen.getByRole('button', { name: 'Excel indir' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1), { timeout: 15_000 });
    name = (click.mock.instances[0] as unknown as HTMLAnchorElement).download;
  } finally {
    Object.assign(URL, { createObjectURL: orig.c, revokeObjectURL: orig.r });
    click.mockRestore();
  }
  const bytes = await new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob!);
  });
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes);
  expect(wb.worksheets).toHaveLength(1);
  return { name, ws: wb.worksheets[0]! };
}
