/**
 * An account's documents as PDFs for collections mails (reminders, statements by e-mail): the open
 * items, the vade farkı calculation and the statement — the same document definitions the browser's
 * "PDF indir" uses (src/domain/document), with their own column lists, rendered by the server's
 * PDF writer (server/pdf/render.ts).
 */
import { accountLedger, effectiveAsOf } from '../../src/domain/ledger';
import { bucketLabel } from '../../src/domain/ledger/bucket-label';
import { formatDate, formatDateTime, formatMoney } from '../../src/domain/format';
import { t } from '../../src/i18n';
import { openItemsDocColumns, openItemsDocument, type OpenRow } from '../../src/domain/document/open-items-document';
import { lateInterestDocColumns, lateInterestDocument, sheetRowsOf, rateText } from '../../src/domain/document/late-interest-document';
import { statementDocColumns, statementDocument } from '../../src/domain/document/statement-document';
import { DEFAULT_RATE, DEFAULT_VAT_RATE, lateInterest } from '../../src/domain/late-interest';
import { computeStatement } from '../../src/domain/running-balance';
import { addDays, todayIso } from '../../src/domain/dates';
import { documentNumberOf } from '../../src/domain/document-number';
import type { Statement } from '../../src/domain/erp-types';
import type { IsoDate } from '../../src/domain/types';
import { renderPdf } from '../pdf/render';

export type DocKind = 'openItems' | 'lateInterest' | 'statement';
export const DOC_KINDS: readonly DocKind[] = ['openItems', 'lateInterest', 'statement'];
export const DOC_NAMES: Record<DocKind, string> = { openItems: 'Açık kalemler', lateInterest: 'Vade farkı hesabı', statement: 'Hesap ekstresi' };

export interface DocInput {
  company: string;
  account: { id: string; name: string };
  lines: Statement['lines'];
  docKey: string | null;
  currencies: readonly string[];
  asOf: IsoDate;
  now: Date;
}

/** A document is as of today at the latest (the account view's rule: a day that has not come is today). */
const asOfToday = (i: DocInput): DocInput => ({ ...i, asOf: effectiveAsOf(i.asOf, todayIso(i.now)) });

const head = (i: DocInput, kind: 'openItems' | 'lateInterest' | 'statement') => ({
  company: i.company,
  title: t(`doc.title.${kind}`),
  short: t(`doc.short.${kind}`),
  account: i.account,
  asOf: i.asOf,
  madeAt: i.now,
});

export async function openItemsPdf(
  company: string,
  account: { id: string; name: string },
  lines: Statement['lines'],
  docKey: string | null,
  currencies: readonly string[],
  asOf: IsoDate,
  now: Date,
): Promise<Buffer> {
  return documentPdf('openItems', { company, account, lines, docKey, currencies, asOf, now });
}

/** The statement for the last year up to `asOf` (devir before it), in TL, the ERP's accounting currency. */
function statementPart(i: DocInput) {
  const s = computeStatement(i.lines, { from: addDays(i.asOf, -365), to: i.asOf, today: i.asOf });
  const rows = s.opening ? [s.opening, ...s.rows] : s.rows;
  return { kind: 'table' as const, spec: statementDocument(head(i, 'statement'), statementDocColumns(i.docKey), rows, s) as never };
}

/** Vade farkı at the legal rate (kanuni faiz, the schedule in force on each late day), due basis, KDV 20. */
function lateInterestParts(i: DocInput) {
  return i.currencies.map((currency) => {
    const r = lateInterest(i.lines, { asOf: i.asOf, currency, rate: DEFAULT_RATE, period: 'annual', vatRate: DEFAULT_VAT_RATE });
    const spec = lateInterestDocument(head(i, 'lateInterest'), lateInterestDocColumns(currency), sheetRowsOf(r, i.lines, i.docKey), {
      side: t(r.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      rate: t(`ledger.lateInterest.schedule.${DEFAULT_RATE}`),
      period: t('ledger.lateInterest.period.annual'),
      vat: rateText(DEFAULT_VAT_RATE),
      currency,
      totalInterest: r.totalInterest,
      totalVat: r.totalVat,
    });
    return { kind: 'table' as const, spec: spec as never };
  });
}

/**
 * The open items document's parts, one per currency (the mutabakat letter encloses them too), from the
 * account view as the open-items page: TL is the lines written in TL; as of today at the latest.
 */
export function openItemsParts(input: DocInput) {
  const i = asOfToday(input);
  const ledger = accountLedger(i.lines, { asOf: i.asOf });
  return i.currencies.flatMap((currency) => {
    const r = ledger.view(currency)?.items;
    if (!r) return [];
    // The bucket by its label, as the open-items page shows it ("0-30 Gün"), not its key.
    const labels = new Map<string, string>(r.buckets.map((b) => [b.key, bucketLabel(b)]));
    labels.set('undated', t('aging.bucket.undated'));
    const rows: OpenRow[] = r.items
      .filter((x) => x.remaining > 0)
      .map((x) => ({
        index: x.index,
        date: x.date,
        dueDate: x.dueDate,
        type: i.lines[x.pos]!.type,
        documentNo: documentNumberOf(i.lines[x.pos], i.docKey),
        amount: x.amount,
        remaining: x.remaining,
        days: x.days,
        bucket: labels.get(x.bucket) ?? x.bucket,
      }));
    const money = (m: number) => `${formatMoney(m)} ${currency}`;
    const spec = openItemsDocument(head(i, 'openItems'), openItemsDocColumns(currency), rows, {
      side: t(r.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'),
      openTotal: money(r.openTotal),
      overdue: money(r.overdueTotal),
      overdueCount: r.overdueCount,
      basis: t('ledger.basis.due'),
      currency,
    });
    return { kind: 'table' as const, spec: spec as never };
  });
}

export async function documentPdf(kind: DocKind, input: DocInput): Promise<Buffer> {
  const i = asOfToday(input);
  const parts = kind === 'statement' ? [statementPart(i)] : kind === 'lateInterest' ? lateInterestParts(i) : openItemsParts(i);
  return renderPdf(parts, `${DOC_NAMES[kind]} ${i.account.name} ${formatDate(i.asOf)}`, formatDateTime(i.now));
}

export const attachmentName = (kind: DocKind, name: string, day: IsoDate) =>
  `${DOC_NAMES[kind]} - ${name.replace(/[\\/:*?"<>|\r\n\t]+/g, ' ').slice(0, 80)} - ${formatDate(day)}.pdf`;
