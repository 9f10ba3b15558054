/**
 * One campaign letter from its statement: the balance from the one ledger engine (letterBalance →
 * running-balance → ledger), the browser's own letter definition (letterPdf), the PDF and its SHA-256.
 * No database, no network: it runs in the letter threads (pdf-worker.ts via pdf-pool.ts), so the
 * statement's parse, the fold and the PDF's CPU never hold the gateway's event loop. The statement
 * comes as the ERP's raw answer (parsed here, in the thread) or already read (a test's ERP source).
 */
import { createHash } from 'node:crypto';
import { letterBalances, letterRows } from '../../src/domain/letter/letter-balance';
import { accountCurrencies } from '../../src/domain/ledger';
import { letterPdf } from '../../src/domain/letter/letter-pdf';
import { isDocumentNumberColumn } from '../../src/domain/document-number';
import { prepareStatement } from '../../src/domain/running-balance';
import { parseErpBody, readAccounts, readStatement } from '../../src/domain/reader';
import { formatDate } from '../../src/domain/format';
import type { Account, CompanyInfo, Statement } from '../../src/domain/erp-types';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import type { CampaignOptions, LetterSnapshot } from '../db/schema';
import { openItemsParts } from '../tahsilat/documents';
import { renderPdf } from '../pdf/render';

export interface LetterInput {
  accountId: string;
  account: Pick<Account, 'name' | 'province' | 'district' | 'currency'> | null;
  /** The ERP's answer to get_cari_extre, unread … */
  raw?: { status: number; body: ArrayBuffer };
  /** … or the statement already read. */
  statement?: Statement;
  asOf: string;
  options: CampaignOptions;
  company: CompanyInfo;
  ttk94Clause: boolean;
  /** Today (Istanbul), the moment written in the PDF's metadata, and that moment as ISO (the enclosures' heads). */
  today: string;
  madeAt: string;
  at: string;
}

export interface BuiltLetter {
  name: string;
  snapshot: LetterSnapshot;
  pdf: Uint8Array;
  sha256: string;
}

export async function buildLetter(i: LetterInput): Promise<BuiltLetter> {
  const statement = i.statement ?? readStatement(parseErpBody(new TextDecoder().decode(i.raw!.body), i.raw!.status));
  const p = prepareStatement(statement.lines, i.today);
  const b = letterBalances(p, i.asOf, i.account?.currency);
  const warnings: string[] = [];
  if (b.undated) warnings.push(`Tarihi okunamayan ${b.undated} satır bakiyeye dahil.`);
  if (b.unreadable) warnings.push(`Tutarı okunamayan ${b.unreadable} satır var: bakiye güvenilir değil.`);
  if (!i.account) warnings.push(`Firma ID ${i.accountId} ERP'nin cari listesinde bulunamadı.`);
  const rows = i.options.statementLines ? letterRows(p, i.options.from, i.asOf, i.today) : null;
  const docKey = statement.extraColumns.find(isDocumentNumberColumn)?.key ?? null;
  const name = i.account?.name ?? `Firma ${i.accountId}`;
  const props = {
    company: i.company,
    account: { id: i.accountId, name, province: i.account?.province, district: i.account?.district },
    asOf: i.asOf,
    issuedOn: i.today,
    balance: b.balance,
    rows,
    from: i.options.from,
    currency: b.currency,
    localBalance: b.localBalance,
    docKey,
    declaredMissing: b.declaredMissing,
    ttk94Clause: i.ttk94Clause,
    balances: b.balances,
    audit: i.options.audit ?? null,
  };
  const parts: PdfPart[] = [letterPdf(props) as PdfPart];
  // Campaign option "açık kalemler": the open items at the as-of date, one table per currency of the
  // letter, the open-items page's own document (what its "PDF indir" gives).
  const open = i.options.openItems
    ? openItemsParts({
        company: i.company.title,
        account: { id: i.accountId, name },
        lines: statement.lines,
        docKey,
        currencies: openCurrencies(statement, i.asOf, b.balances),
        asOf: i.asOf,
        now: new Date(i.at),
      })
    : [];
  parts.push(...open);
  const pdf = await renderPdf(parts, `Mutabakat ${name} ${formatDate(i.asOf)}`, i.madeAt);
  const sha256 = createHash('sha256').update(pdf).digest('hex');
  const snapshot: LetterSnapshot = {
    ours: b.balances.map((x) => ({ currency: x.currency, balance: x.balance })),
    localBalance: b.localBalance,
    warnings,
    lines: rows?.length ?? 0,
  };
  return { name, snapshot, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength), sha256 };
}

/** The open items' currencies: the letter's own (a TL-only statement of a USD-declared account: TL). */
function openCurrencies(statement: Statement, asOf: string, balances: readonly { currency: string }[]): string[] {
  const own = accountCurrencies(statement.lines.filter((l) => l.date === null || l.date <= asOf));
  const wanted = balances.map((x) => x.currency).filter((c) => own.includes(c));
  return wanted.length ? wanted : own.slice(0, 1);
}

/**
 * The accounts of a campaign from the ERP's account list (get_cari, unread: at 100,000 accounts 17 MB of
 * JSON, hundreds of ms to read), so that reading runs in a letter thread and only the campaign's
 * accounts cross back.
 */
export function campaignAccounts(raw: { status: number; body: ArrayBuffer }, ids: readonly string[]): Account[] {
  const wanted = new Set(ids);
  return readAccounts(parseErpBody(new TextDecoder().decode(raw.body), raw.status)).accounts.filter((a) => wanted.has(a.id));
}
