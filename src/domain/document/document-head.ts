/**
 * What a document is (a printed list, a statement, an export or a PDF must stand on its
 * own when it is sent): our company's title (GET /api/config, as the letters use), the document's
 * title, the account, the period or the as-of date, and when it was made. One description, read by
 * the exports' title rows (table-export.ts), the print document's page head (print-document.tsx), the
 * PDF (pdf-document.ts) and the file names.
 */
import { t } from '../../i18n';
import { formatDate, formatDateTime } from '../format';
import type { IsoDate } from '../types';

export interface DocumentHead {
  /** Our company's title ('' when the server has none). */
  company: string;
  /** "Cari Hesap Ekstresi", "Cari Listesi", … */
  title: string;
  /** Short name for file names ("Ekstre"); default: the title. */
  short?: string;
  account?: { id: string; name: string };
  /** The period the document covers; an open end is null. */
  period?: { from: IsoDate | null; to: IsoDate | null };
  /** The day the figures are as of (lists, aging, letters). */
  asOf?: IsoDate;
  /** When it was made (default: now). */
  madeAt?: Date;
}

/** "01.01.2026 – 31.12.2026", "… – 31.12.2026" (open start), "Tüm hareketler". */
export function periodText(period: DocumentHead['period']): string | null {
  if (!period) return null;
  if (!period.from && !period.to) return t('doc.period.all');
  return `${period.from ? formatDate(period.from) : t('doc.period.openStart')} – ${period.to ? formatDate(period.to) : t('doc.period.openEnd')}`;
}

/** The account as one line: "1012 · Anadolu Gıda A.Ş." (only the id while its name is unknown). */
export function accountText(account: DocumentHead['account']): string | null {
  if (!account) return null;
  return account.name && account.name !== account.id ? t('doc.account', { id: account.id, name: account.name }) : account.id;
}

/** A document page's head: our company and the title (left), the account and period or as-of date (middle). */
export function headParts(head: DocumentHead): { left: string[]; middle: string[] } {
  const account = accountText(head.account);
  const period = periodText(head.period);
  return {
    left: [head.company, head.title].filter(Boolean),
    middle: [
      account ? `${t('doc.accountLabel')}: ${account}` : '',
      period ? `${t('doc.periodLabel')}: ${period}` : head.asOf ? `${t('doc.asOfLabel')}: ${formatDate(head.asOf)}` : '',
    ].filter(Boolean),
  };
}

/** The head as lines of text (export title rows, in this order). */
export function headLines(head: DocumentHead): string[] {
  const lines: string[] = [];
  if (head.company) lines.push(head.company);
  lines.push(head.title);
  const account = accountText(head.account);
  if (account) lines.push(`${t('doc.accountLabel')}: ${account}`);
  const period = periodText(head.period);
  if (period) lines.push(`${t('doc.periodLabel')}: ${period}`);
  if (head.asOf && !head.period) lines.push(`${t('doc.asOfLabel')}: ${formatDate(head.asOf)}`);
  lines.push(`${t('doc.madeAtLabel')}: ${formatDateTime(head.madeAt ?? new Date())}`);
  return lines;
}

/** Characters no file system takes in a name (and control characters). */
// eslint-disable-next-line no-control-regex
const BAD_FILE_CHARS = /[\\/:*?"<>|\u0000-\u001F]/g;

/**
 * A file name that says what the file is: "Anadolu Gıda A.Ş. - Ekstre - 01.01.2026-31.12.2026.pdf",
 * "Cari Listesi - 24.11.2026.xlsx".
 */
export function documentFileName(head: DocumentHead, ext: string): string {
  const parts: string[] = [];
  if (head.account) parts.push(head.account.name);
  parts.push(head.short ?? head.title);
  const p = head.period;
  if (p && (p.from || p.to))
    parts.push(`${p.from ? formatDate(p.from) : t('doc.period.openStart')}-${p.to ? formatDate(p.to) : formatDate(head.asOf ?? todayOf(head))}`);
  else parts.push(formatDate(head.asOf ?? todayOf(head)));
  const name = parts
    .map((s) => s.replace(BAD_FILE_CHARS, ' ').replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' - ');
  return `${name.slice(0, 180)}.${ext}`;
}

function todayOf(head: DocumentHead): IsoDate {
  const d = formatDateTime(head.madeAt ?? new Date()).slice(0, 10);
  return `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}`;
}
