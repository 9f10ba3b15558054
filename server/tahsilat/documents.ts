/**
 * The open items of an account as a PDF, from the browser's own document definition
 * (openItemsDocument) rendered by the server's pdfmake (server/mutabakat/pdf.ts): what a reminder or
 * a statement e-mail attaches is what "PDF indir" gives on the open-items page.
 */
import { openItems } from '../../src/domain/ledger';
import { formatDate, formatDateTime, formatMoney } from '../../src/domain/format';
import { t } from '../../src/i18n';
// Known exception (to be moved to src/domain): the open-items document still builds on the table's column
// definitions (components/data-table); the reminder PDF must be the page's own document.
// eslint-disable-next-line import-x/no-restricted-paths
import { openItemsColumns, openItemsDocument, type OpenRow } from '../../src/features/open-items/open-items-document';
import { documentNumberOf } from '../../src/domain/document-number';
import type { Statement } from '../../src/domain/erp-types';
import type { IsoDate } from '../../src/domain/types';
import type { PdfPart } from '../../src/domain/document/pdf-document';
import { renderPdf } from '../mutabakat/pdf';

export async function openItemsPdf(company: string, account: { id: string; name: string }, lines: Statement['lines'], docKey: string | null, currencies: readonly string[], asOf: IsoDate, now: Date): Promise<Buffer> {
  return renderPdf(openItemsParts(company, account, lines, docKey, currencies, asOf, now), `Açık kalemler ${account.name} ${formatDate(asOf)}`, formatDateTime(now));
}

/**
 * The open items document's parts, one per currency (the mutabakat letter encloses them too).
 * `ownLines`: TL is the lines written in TL only (the account view's rule, as the letter's per-currency balances).
 */
export function openItemsParts(company: string, account: { id: string; name: string }, lines: Statement['lines'], docKey: string | null, currencies: readonly string[], asOf: IsoDate, now: Date, ownLines = false): PdfPart[] {
  return currencies.map((currency) => {
    const r = openItems(lines, { asOf, currency, ownLines });
    const rows: OpenRow[] = r.items.filter((i) => i.remaining > 0).map((i) => ({
      index: i.index, date: i.date, dueDate: i.dueDate, type: lines[i.pos]!.type, documentNo: documentNumberOf(lines[i.pos], docKey), amount: i.amount, remaining: i.remaining, days: i.days, bucket: i.bucket,
    }));
    const money = (m: number) => `${formatMoney(m)} ${currency}`;
    const spec = openItemsDocument({ company, title: t('doc.title.openItems'), short: t('doc.short.openItems'), account, asOf, madeAt: now }, openItemsColumns(currency), rows, {
      side: t(r.side === 'debit' ? 'ledger.side.debit' : 'ledger.side.credit'), openTotal: money(r.openTotal), overdue: money(r.overdueTotal), overdueCount: r.overdueCount,
      basis: t('ledger.basis.due'), currency,
    });
    return { kind: 'table' as const, spec: spec as never };
  });
}
