/**
 * The .xlsx file's parts, written directly (SpreadsheetML strings deflated by the platform's
 * CompressionStream; zip.ts puts them in the ZIP): 100,000 accounts in well under a second, the two
 * large parts each in a Web Worker (xlsx-worker.ts) or, where there is none (tests), in the page
 * (xlsx-writer.ts). No library: the sheet is simple.
 *
 * Input is a SheetPlan — typed arrays and the shared strings' indices, so it crosses to the worker
 * cheaply (the page, which reads every cell anyway, collects the distinct texts: SharedStrings):
 *   - title rows (our company, the document, the account, the period, when made), the first bold;
 *   - one header row, bold, frozen with the title rows above it;
 *   - the data rows: money as numbers formatted #,##0.00 (Turkish Excel shows 1.234,56), dates as real
 *     dates dd.mm.yyyy, numbers as numbers, text as text (never a formula), empty as empty;
 *   - the totals rows, bold.
 */

import { deflate, type ZipEntry } from './zip';

/** Cell types in SheetPlan.types. */
export const CELL = { empty: 0, money: 1, number: 2, date: 3, text: 4 } as const;

export interface PlanRows {
  /** One per cell, row-major: CELL.* */
  types: Uint8Array;
  /** Money in kuruş, plain numbers, dates as days since 1970-01-01, texts as their shared string's index (by cell type). */
  nums: Float64Array;
  count: number;
}

export interface SheetPlan {
  sheet: string;
  /** The title rows' and the column headers' shared strings. */
  titleRows: number[];
  headers: number[];
  rows: PlanRows;
  /** Totals rows (bold), same layout; count 0 when none. */
  totals: PlanRows;
  /** The shared strings (SharedStrings.list) and how many cells refer to them (SharedStrings.count). */
  strings: string[];
  stringRefs: number;
  /** Column widths in characters. */
  widths: number[];
}

export type Progress = (done: number) => void;

// Styles (cellXfs index): 0 plain, 1 bold, 2 money, 3 money bold, 4 date, 5 date bold, 6 title.
const STYLE = { plain: 0, bold: 1, money: 2, moneyBold: 3, date: 4, dateBold: 5, title: 6 } as const;
const EXCEL_EPOCH_DAYS = 25569; // 1970-01-01 as an Excel serial day

// Characters XML 1.0 cannot hold (C0 controls but tab/LF/CR) are dropped; the markup ones escaped.
// eslint-disable-next-line no-control-regex
const XML_BAD = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
// eslint-disable-next-line no-control-regex
const XML_BAD_ONE = /[&<>"\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const XML_ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
function esc(s: string): string {
  return XML_BAD_ONE.test(s) ? s.replace(XML_BAD, (c) => XML_ESC[c] ?? '') : s;
}

/** A text as an <si>/<t> body: spaces at either end kept (xml:space only where needed). */
function textEl(s: string): string {
  const e = esc(s);
  return e.length > 0 && (e.charCodeAt(0) <= 32 || e.charCodeAt(e.length - 1) <= 32) ? `<t xml:space="preserve">${e}</t>` : `<t>${e}</t>`;
}

/** The workbook's shared strings: each distinct text once (names, cities, categories repeat). */
export class SharedStrings {
  private index = new Map<string, number>();
  readonly list: string[] = [];
  count = 0;
  of(s: string): number {
    this.count++;
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.list.length;
      this.index.set(s, i);
      this.list.push(s);
    }
    return i;
  }
}

const COL_NAMES: string[] = [];
function colName(i: number): string {
  let name = COL_NAMES[i];
  if (name) return name;
  name = '';
  for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return (COL_NAMES[i] = name);
}

/**
 * The sheet's XML is ASCII only (every text is in the shared strings), so it is written straight
 * into bytes: no string per cell, no garbage, no UTF-8 encoding pass.
 */
class AsciiOut {
  private buf = new Uint8Array(1 << 20);
  private at = 0;
  private done: Uint8Array[] = [];
  /** The bytes written since the last take. */
  take(): Uint8Array[] {
    if (this.at > 0) {
      this.done.push(this.buf.subarray(0, this.at));
      this.buf = new Uint8Array(1 << 20);
      this.at = 0;
    }
    const out = this.done;
    this.done = [];
    return out;
  }
  private room(n: number): void {
    if (this.at + n <= this.buf.length) return;
    this.done.push(this.buf.subarray(0, this.at));
    this.buf = new Uint8Array(Math.max(1 << 20, n));
    this.at = 0;
  }
  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.at);
    this.at += b.length;
  }
  /** ASCII text (XML markup, numbers written by String()). */
  text(s: string): void {
    this.room(s.length);
    const buf = this.buf;
    let at = this.at;
    for (let i = 0; i < s.length; i++) buf[at++] = s.charCodeAt(i);
    this.at = at;
  }
  /** A non-negative safe integer in decimal. */
  int(n: number): void {
    this.room(16);
    const buf = this.buf;
    if (n < 10) {
      buf[this.at++] = 48 + n;
      return;
    }
    let digits = 0;
    for (let m = n; m >= 1; m = Math.floor(m / 10)) digits++;
    let at = this.at + digits;
    this.at = at;
    for (let m = n; m >= 1; m = Math.floor(m / 10)) buf[--at] = 48 + (m % 10);
  }
  /** Kuruş as an exact decimal: 123450 → "1234.50", -5 → "-0.05" (never float drift). */
  money(minor: number): void {
    this.room(24);
    if (minor < 0) this.buf[this.at++] = 45;
    const abs = Math.abs(minor);
    this.int(Math.floor(abs / 100));
    const kurus = abs % 100;
    if (kurus !== 0) {
      this.buf[this.at++] = 46;
      this.buf[this.at++] = 48 + Math.floor(kurus / 10);
      this.buf[this.at++] = 48 + (kurus % 10);
    }
  }
}

const ascii = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0));
const B = {
  rowOpen: ascii('<row r="'),
  close: ascii('">'),
  rowEnd: ascii('</row>'),
  cOpen: ascii('<c r="'),
  vOpen: ascii('><v>'),
  cEnd: ascii('</v></c>'),
  // attributes after the reference
  money: ascii(`" s="${STYLE.money}`),
  moneyBold: ascii(`" s="${STYLE.moneyBold}`),
  date: ascii(`" s="${STYLE.date}`),
  dateBold: ascii(`" s="${STYLE.dateBold}`),
  bold: ascii(`" s="${STYLE.bold}`),
  quote: ascii('"'),
  str: ascii('" t="s'),
  strBold: ascii(`" t="s" s="${STYLE.bold}`),
};
const COL_BYTES: Uint8Array[] = [];
const colBytes = (i: number) => (COL_BYTES[i] ??= ascii(colName(i)));

function rowXml(out: AsciiOut, r: number, rows: PlanRows, k: number, cols: number, bold: boolean): void {
  out.bytes(B.rowOpen);
  out.int(r);
  out.bytes(B.close);
  const base = k * cols;
  const types = rows.types;
  const nums = rows.nums;
  for (let i = 0; i < cols; i++) {
    const at = base + i;
    const type = types[at];
    if (type === CELL.empty) continue;
    out.bytes(B.cOpen);
    out.bytes(colBytes(i));
    out.int(r);
    switch (type) {
      case CELL.money:
        out.bytes(bold ? B.moneyBold : B.money);
        out.bytes(B.quote);
        out.bytes(B.vOpen);
        out.money(nums[at] as number);
        break;
      case CELL.number:
        if (bold) out.bytes(B.bold);
        out.bytes(B.quote);
        out.bytes(B.vOpen);
        out.text(String(nums[at]));
        break;
      case CELL.date:
        out.bytes(bold ? B.dateBold : B.date);
        out.bytes(B.quote);
        out.bytes(B.vOpen);
        out.int((nums[at] as number) + EXCEL_EPOCH_DAYS);
        break;
      default:
        out.bytes(bold ? B.strBold : B.str);
        out.bytes(B.quote);
        out.bytes(B.vOpen);
        out.int(nums[at] as number);
    }
    out.bytes(B.cEnd);
  }
  out.bytes(B.rowEnd);
}

function textRow(r: number, refs: number[], style: number): string {
  return `<row r="${r}">${refs.map((ref, i) => `<c r="${colName(i)}${r}" t="s" s="${style}"><v>${ref}</v></c>`).join('')}</row>`;
}

/** The shared strings part: `count` how many cells refer to them. */
function* sharedStringsXml(strings: readonly string[], count: number): Generator<string> {
  yield `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${count}" uniqueCount="${strings.length}">`;
  const CHUNK = 20000;
  for (let k = 0; k < strings.length; k += CHUNK) {
    let s = '';
    const end = Math.min(strings.length, k + CHUNK);
    for (let i = k; i < end; i++) s += `<si>${textEl(strings[i] as string)}</si>`;
    yield s;
  }
  yield '</sst>';
}

/** The worksheet XML as bytes, in pieces (a few thousand rows each), reporting rows done. */
function* sheetXml(plan: SheetPlan, progress?: Progress): Generator<Uint8Array> {
  const enc = new TextEncoder();
  const cols = plan.headers.length;
  // Title rows, a blank row, then the header: the header row is frozen with everything above it.
  const head = plan.titleRows.length ? plan.titleRows.length + 1 : 0;
  const headerRow = head + 1;
  const last = colName(Math.max(0, cols - 1)) + (headerRow + plan.rows.count + plan.totals.count);
  let head0 =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<dimension ref="A1:${last}"/>` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="A${headerRow + 1}" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
    '<sheetFormatPr defaultRowHeight="15"/>' +
    `<cols>${plan.widths.map((w, i) => `<col min="${i + 1}" max="${i + 1}" width="${w}" customWidth="1"/>`).join('')}</cols><sheetData>`;
  plan.titleRows.forEach((ref, i) => (head0 += textRow(i + 1, [ref], i === 0 ? STYLE.title : STYLE.plain)));
  head0 += textRow(headerRow, plan.headers, STYLE.bold);
  yield enc.encode(head0);
  const out = new AsciiOut();
  const CHUNK = 4000;
  for (let k = 0; k < plan.rows.count; k += CHUNK) {
    const end = Math.min(plan.rows.count, k + CHUNK);
    for (let j = k; j < end; j++) rowXml(out, headerRow + 1 + j, plan.rows, j, cols, false);
    yield* out.take();
    progress?.(end);
  }
  for (let j = 0; j < plan.totals.count; j++) rowXml(out, headerRow + 1 + plan.rows.count + j, plan.totals, j, cols, true);
  out.text('</sheetData><pageMargins left="0.5" right="0.5" top="0.6" bottom="0.6" header="0.3" footer="0.3"/></worksheet>');
  yield* out.take();
}

const STYLES_XML =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
  '<numFmts count="2"><numFmt numFmtId="164" formatCode="#,##0.00"/><numFmt numFmtId="165" formatCode="dd.mm.yyyy"/></numFmts>' +
  '<fonts count="3"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="13"/><name val="Calibri"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="7">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="164" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  '<xf numFmtId="165" fontId="1" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" applyFont="1"/>' +
  '<xf numFmtId="0" fontId="2" fillId="0" borderId="0" xfId="0" applyFont="1"/>' +
  '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>';

function workbookXml(sheet: string): string {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
    `<sheets><sheet name="${esc(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`
  );
}

const STATIC_FILES: [string, string][] = [
  [
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
      '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
      '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
      '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
  ],
  [
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  ],
  [
    'xl/_rels/workbook.xml.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
  ],
  ['xl/styles.xml', STYLES_XML],
];

const utf8 = new TextEncoder();

/** A part of the file, deflated (the ZIP container: zip.ts). */
async function entry(name: string, chunks: Iterable<Uint8Array>): Promise<ZipEntry> {
  const { crc, size, out, outSize } = await deflate(chunks);
  return { name: utf8.encode(name), crc, size, compressed: out, compressedSize: outSize, offset: 0 };
}

/** The small fixed parts: content types, relations, styles, the workbook (the sheet's name). */
export async function fixedEntries(sheet: string): Promise<ZipEntry[]> {
  const parts: [string, string][] = [...STATIC_FILES, ['xl/workbook.xml', workbookXml(sheet)]];
  return Promise.all(parts.map(([name, text]) => entry(name, [utf8.encode(text)])));
}

/** The worksheet part. `progress(rowsDone)` is called as it is written. */
export function sheetEntry(plan: SheetPlan, progress?: Progress): Promise<ZipEntry> {
  return entry('xl/worksheets/sheet1.xml', sheetXml(plan, progress));
}

/** The shared strings part: the distinct texts (SharedStrings.list) and how many cells refer to them. */
export function stringsEntry(strings: readonly string[], count: number): Promise<ZipEntry> {
  return entry(
    'xl/sharedStrings.xml',
    (function* () {
      for (const piece of sharedStringsXml(strings, count)) yield utf8.encode(piece);
    })(),
  );
}
