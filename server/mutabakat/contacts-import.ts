/**
 * Contacts from a CSV or .xlsx file (`Firma ID`, `E-posta`, optional `Cc`, `Yetkili`, `VKN/TCKN`): a preview that
 * names every rejected row and why; a commit that writes all rows or none.
 */
import ExcelJS from 'exceljs';
import { foldKey } from '../../src/domain/turkish';
import type { Db } from '../db/open';
import { checkTaxId } from '../../src/domain/babs/tax-id';
import { badAddress, isAddress, putContact, splitAddresses } from './contacts';
import { MutError, MUT_MESSAGES, badRequest } from '../app/errors';
import type { Actor } from './events';
import type { ImportResult, ImportRow } from '../../src/contract/contacts-import';

const XLSX_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** RFC 4180 CSV with `;` or `,` (whichever the header line has more of). */
export function parseCsv(text: string): string[][] {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const sep = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === sep) {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1254').decode(bytes);
  }
}

async function xlsxRows(bytes: Uint8Array): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  } catch {
    throw badRequest([{ field: 'file', message: 'Dosya okunamadı: geçerli bir .xlsx dosyası değil.' }]);
  }
  const ws = wb.worksheets[0];
  if (!ws) return [];
  const out: string[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => {
    const cells: string[] = [];
    for (let c = 1; c <= Math.max(ws.columnCount, row.cellCount); c++) {
      const v = row.getCell(c).value as unknown;
      const text =
        v && typeof v === 'object'
          ? 'text' in (v as object)
            ? String((v as { text: unknown }).text)
            : 'result' in (v as object)
              ? String((v as { result: unknown }).result)
              : ''
          : v == null
            ? ''
            : String(v);
      cells.push(text);
    }
    out.push(cells);
  });
  return out;
}

export async function readTable(bytes: Uint8Array): Promise<string[][]> {
  const isXlsx = XLSX_MAGIC.every((b, i) => bytes[i] === b);
  return isXlsx ? xlsxRows(bytes) : parseCsv(decodeText(bytes));
}

const COLUMNS = { id: 'firmaid', to: 'eposta', cc: 'cc', person: 'yetkili', taxId: 'vkntckn' } as const;
const HEADERS = { id: 'Firma ID', to: 'E-posta', cc: 'Cc', person: 'Yetkili', taxId: 'VKN/TCKN' } as const;
const TAX_HEADERS = new Set(['vkntckn', 'vkn', 'tckn', 'vergino', 'vergikimlikno', 'vergikimliknumarasi']);

/** The rows checked: `accounts` = the ERP's accounts by id (name), or null when the ERP list is not used. */
export async function previewImport(bytes: Uint8Array, fileName: string, accounts: ReadonlyMap<string, string> | null): Promise<ImportResult> {
  const table = await readTable(bytes);
  const header = (table[0] ?? []).map((h) => foldKey(h.trim()));
  const col = (k: keyof typeof COLUMNS) => (k === 'taxId' ? header.findIndex((h) => TAX_HEADERS.has(h)) : header.indexOf(COLUMNS[k]));
  const missing = (['id', 'to'] as const).filter((k) => col(k) < 0);
  if (missing.length) throw badRequest(missing.map((k) => ({ field: HEADERS[k], message: `“${HEADERS[k]}” sütunu yok.` })));
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  table.slice(1).forEach((cells, i) => {
    const line = i + 2;
    const get = (k: keyof typeof COLUMNS) => (col(k) >= 0 ? (cells[col(k)] ?? '').trim() : '');
    if (cells.every((c) => c.trim() === '')) return;
    const accountId = get('id');
    const to = splitAddresses(get('to'));
    const cc = splitAddresses(get('cc'));
    const person = get('person');
    const tax = col('taxId') >= 0 ? checkTaxId(get('taxId')) : null;
    let reason: string | null = null;
    if (!accountId) reason = 'Firma ID boş.';
    else if (!/^\d{1,18}$/.test(accountId)) reason = `Firma ID “${accountId.slice(0, 40)}” sayı değil.`;
    else if (accounts && !accounts.has(accountId)) reason = `Firma ID ${accountId} ERP'de yok.`;
    else if (seen.has(accountId)) reason = `Firma ID ${accountId} dosyada ${seen.get(accountId)}. satırda da var.`;
    else if (to.length === 0) reason = 'E-posta boş.';
    else {
      const bad = [...to, ...cc].find((a) => !isAddress(a));
      if (bad) reason = badAddress(bad);
      else if (person.length > 200) reason = 'Yetkili adı en fazla 200 karakter olabilir.';
      else if (tax && !tax.ok) reason = tax.message;
    }
    if (accountId && !seen.has(accountId)) seen.set(accountId, line);
    rows.push({
      line,
      accountId,
      to,
      cc,
      person,
      ...(tax?.ok ? { taxId: tax.value } : {}),
      accountName: accounts?.get(accountId) ?? null,
      ok: reason === null,
      reason,
    });
  });
  if (rows.length === 0) throw badRequest([{ field: 'file', message: 'Dosyada başlık satırından sonra hiç satır yok.' }]);
  const rejected = rows.filter((r) => !r.ok).length;
  return { fileName, rows, accepted: rows.length - rejected, rejected, saved: false };
}

/** All rows in one transaction, or none (any rejected row → 422 with the preview). */
export async function commitImport(db: Db, preview: ImportResult, by: Actor, at: Date): Promise<ImportResult> {
  if (preview.rejected > 0) throw new MutError('import_rejected', MUT_MESSAGES.importRejected, { extra: { preview } });
  await db.transaction(async (tx) => {
    for (const r of preview.rows)
      await putContact(tx, r.accountId, { to: r.to, cc: r.cc, person: r.person, ...(r.taxId !== undefined ? { taxId: r.taxId } : {}) }, by, at);
  });
  return { ...preview, saved: true };
}
