/**
 * The Excel (.xlsx) writer: loaded on demand by exportXlsx (table-export.ts), its own chunk, never part
 * of the first screen. What the file holds (one sheet, named after the page):
 *   - the document's title rows (our company, the document, the account, the period or as-of date,
 *     when made), the first bold;
 *   - the column headers, bold, frozen with the title rows (they stay on screen while scrolling);
 *   - one row per exported row: money as numbers (kuruş / 100) formatted #,##0.00 (Excel shows them in
 *     the user's locale: 1.234,56 in Turkish Excel), dates as real dates dd.mm.yyyy, plain numbers as
 *     numbers, text as text (never a formula; cut at Excel's 32,767 characters a cell, ending in …), empty as empty;
 *   - the totals row(s), bold, when the screen has totals;
 *   - column widths that fit the longest value (capped, long names still show ~60 characters).
 *
 * Speed (100,000 accounts ≤ 1 s, bench `export.accountsXlsxMs`): the page only reads each cell once
 * into typed arrays and the shared strings (in slices, yielding between them, with progress); the
 * two large parts of the file are written by xlsx-build.ts in two Web Workers at once (xlsx-worker.ts:
 * the worksheet in one, the shared strings in the other; both started on the click, while the page
 * reads the cells) — the page stays usable meanwhile — or in the page where workers are unavailable
 * (tests).
 */
import { formatDate, formatMoney, formatNumber } from '../../domain/format';
import { downloadBlob } from '../../lib/download';
import { workerRpc } from '../../lib/worker-rpc';
import { CELL, fixedEntries, SharedStrings, sheetEntry, stringsEntry, type PlanRows, type SheetPlan } from './xlsx-build';
import type { XlsxJob } from './xlsx-worker';
import { zipFile, type ZipEntry } from './zip';
import type { ExportCell, ExportModel } from './types';

export const MONEY_FORMAT = '#,##0.00';
export const DATE_FORMAT = 'dd.mm.yyyy';
const MIN_WIDTH = 6;
const MAX_WIDTH = 60;
/** Rows read per slice before the page gets the thread back (and the progress moves). */
const SLICE = 5000;

/** 0…1 of the whole job. */
export type ExportProgress = (fraction: number) => void;

function dayNumber(iso: string): number {
  return Math.round(Date.UTC(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10))) / 86_400_000);
}

/** Characters the cell shows (for the column width). */
function shownLength(c: ExportCell): number {
  if (c == null) return 0;
  switch (c.type) {
    case 'money':
      return formatMoney(c.minor).length;
    case 'number':
      return formatNumber(c.value).length;
    case 'date':
      return 10;
    case 'text':
      return c.text.length;
  }
}

/** Excel's most characters in a cell (UTF-16 units): a longer text is cut to it, its last one "…". */
export const EXCEL_CELL_CHARS = 32_767;

function cellText(text: string): string {
  if (text.length <= EXCEL_CELL_CHARS) return text;
  let end = EXCEL_CELL_CHARS - 1;
  // Never half a surrogate pair.
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return text.slice(0, end) + '…';
}

function emptyRows(count: number, cols: number): PlanRows {
  return { types: new Uint8Array(count * cols), nums: new Float64Array(count * cols), count };
}

function put(rows: PlanRows, at: number, c: ExportCell, sst: SharedStrings): void {
  if (c == null) return;
  switch (c.type) {
    case 'money':
      rows.types[at] = CELL.money;
      rows.nums[at] = c.minor;
      return;
    case 'number':
      rows.types[at] = CELL.number;
      rows.nums[at] = c.value;
      return;
    case 'date':
      rows.types[at] = CELL.date;
      rows.nums[at] = dayNumber(c.iso);
      return;
    case 'text':
      if (c.text === '') return;
      rows.types[at] = CELL.text;
      rows.nums[at] = sst.of(cellText(c.text));
  }
}

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The model read into a SheetPlan: every cell once, in slices of SLICE rows (the page keeps
 * answering between them). Money stays in kuruş (exact); widths from what each cell shows.
 */
export async function sheetPlan<T>(sheet: string, model: ExportModel<T>, progress?: ExportProgress): Promise<SheetPlan> {
  const { columns, rows } = model;
  const cols = columns.length;
  const widths = columns.map((c) => Math.max(...c.header.split(/\s+/).map((w) => w.length), Math.min(c.header.length, 24)));
  const plan = emptyRows(rows.length, cols);
  const sst = new SharedStrings();
  const titleRows = (model.titleRows ?? []).map((x) => sst.of(cellText(x)));
  const headers = columns.map((c) => sst.of(cellText(c.header)));
  const fit = (i: number, n: number) => {
    if (n > (widths[i] as number)) widths[i] = n;
  };
  const cellFns = columns.map((c) => c.cell);
  for (let k = 0; k < rows.length; k += SLICE) {
    const end = Math.min(rows.length, k + SLICE);
    for (let j = k; j < end; j++) {
      const row = rows[j] as T;
      const base = j * cols;
      for (let i = 0; i < cols; i++) {
        const cell = (cellFns[i] as (r: T) => ExportCell)(row);
        if (cell == null) continue;
        put(plan, base + i, cell, sst);
        fit(i, cell.type === 'text' ? cell.text.length : cell.type === 'date' ? 10 : cell.type === 'money' ? moneyWidth(cell.minor) : shownLength(cell));
      }
    }
    if (end < rows.length) {
      progress?.((end / rows.length) * 0.4);
      await yieldToPage();
    }
  }
  const totalRows = [...(model.totals ? [model.totals] : []), ...(model.moreTotals ?? [])];
  const totals = emptyRows(totalRows.length, cols);
  totalRows.forEach((r, j) =>
    r.forEach((cell, i) => {
      put(totals, j * cols + i, cell, sst);
      fit(i, shownLength(cell));
    }),
  );
  return {
    sheet,
    titleRows,
    headers,
    rows: plan,
    totals,
    strings: sst.list,
    stringRefs: sst.count,
    // + 2: padding, and bold digits in the totals row are a little wider.
    widths: widths.map((w) => Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w + 2))),
  };
}

/** Width of a money cell as shown (1.234.567,89): digits, group dots, comma, sign — without formatting it. */
function moneyWidth(minor: number): number {
  const lira = Math.floor(Math.abs(minor) / 100);
  const digits = lira < 10 ? 1 : Math.floor(Math.log10(lira)) + 1;
  return digits + Math.floor((digits - 1) / 3) + 3 + (minor < 0 ? 1 : 0);
}

// ───────────── the workers (two, started on the first export) ─────────────

const startWorker = () => new Worker(new URL('./xlsx-worker.ts', import.meta.url), { type: 'module' });
const sheetWorker = workerRpc<XlsxJob, ZipEntry>(startWorker, 'xlsx');
const stringsWorker = workerRpc<XlsxJob, ZipEntry>(startWorker, 'xlsx-strings');

/**
 * The .xlsx Blob of a plan: the worksheet and the shared strings each in its worker, both at once (the
 * worksheet is most of the work); a part whose worker cannot run is made here.
 */
async function planBlob(plan: SheetPlan, progress?: ExportProgress): Promise<Blob> {
  const rows = plan.rows.count;
  const written = (done: number) => progress?.(0.4 + 0.6 * (done / Math.max(1, rows)));
  const transfer = [plan.rows.types.buffer, plan.rows.nums.buffer, plan.totals.types.buffer, plan.totals.nums.buffer];
  const strings = stringsWorker.call({ part: 'strings', strings: plan.strings, count: plan.stringRefs }) ?? stringsEntry(plan.strings, plan.stringRefs);
  // The worksheet needs the texts' indices only: their list goes to the other worker, not to this one.
  const sheet = sheetWorker.call({ part: 'sheet', plan: { ...plan, strings: [] } }, { transfer, progress: written }) ?? sheetEntry(plan, written);
  const [fixed, sheetPart, stringsPart] = await Promise.all([fixedEntries(plan.sheet), sheet, strings]);
  // The parts in the order Excel's own files have them.
  return zipFile([...fixed, sheetPart, stringsPart]);
}

/** The .xlsx file as a Blob. */
export async function xlsxBlob<T>(sheet: string, model: ExportModel<T>, progress?: ExportProgress): Promise<Blob> {
  // The workers start while the page reads the cells (a module worker takes ~70 ms to be ready).
  sheetWorker.start();
  stringsWorker.start();
  return planBlob(await sheetPlan(sheet, model, progress), progress);
}

export async function writeXlsx<T>(fileName: string, sheet: string, model: ExportModel<T>, progress?: ExportProgress): Promise<void> {
  const blob = await xlsxBlob(sheet, model, progress);
  progress?.(1);
  downloadBlob(fileName, blob);
}

/** For the column-width rule's tests: what a date cell shows. */
export const shownDate = formatDate;
