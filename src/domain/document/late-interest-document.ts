/**
 * Vade farkı as a document: the calculation sheet's rows, Σ vade farkı carried from page to page
 * (nakli yekün), the totals once (KDV on the total). The browser prints it with the columns its
 * table shows; the server (a level-2 reminder, a statement by e-mail) with its own list.
 */
import type { DocumentHead } from './document-head';
import type { DocColumn, DocSpec } from './paginate';
import { tableSpec } from './table-spec';
import { t } from '../../i18n';
import { formatCount, formatDate, formatMoney, formatNumber } from '../format';
import { documentNumberOf } from '../document-number';
import type { LateInterestResult, LateInterestRow } from '../late-interest';
import type { Statement } from '../erp-types';
import type { IsoDate, Minor } from '../types';

export interface SheetRow {
  key: string;
  date: IsoDate | null;
  type: string;
  documentNo: string;
  from: IsoDate;
  to: IsoDate;
  kind: string;
  amount: Minor;
  days: number;
  /** The rates applied ("%9 × 16 gün + %24 × 45 gün"). */
  rate: string;
  interest: Minor;
}

export interface LateInterestFacts {
  side: string;
  rate: string;
  period: string;
  vat: string;
  currency: string;
  totalInterest: Minor;
  totalVat: Minor;
  notes?: readonly string[];
}

export const rateText = (n: number) => formatNumber(n, 4);
const segmentsText = (row: LateInterestRow) =>
  row.segments.map((g) => t('ledger.lateInterest.segment', { rate: rateText(g.rate), days: formatCount(g.days) })).join(' + ');

/** The engine's rows as the sheet shows them (type and document number from the statement's lines). */
export function sheetRowsOf(result: LateInterestResult, lines: Statement['lines'], docKey: string | null): SheetRow[] {
  return result.rows.map((r, k) => ({
    key: `${r.index}-${k}`,
    date: r.date,
    type: lines[r.pos]!.type,
    documentNo: documentNumberOf(lines[r.pos], docKey),
    from: r.from,
    to: r.to,
    kind: t(r.kind === 'closed' ? 'ledger.lateInterest.kind.closed' : 'ledger.lateInterest.kind.open'),
    amount: r.amount,
    days: r.days,
    rate: segmentsText(r),
    interest: r.interest,
  }));
}

const date = (d: IsoDate | null) => (d ? formatDate(d) : '');

/** The printed columns when no screen chose them (the mailed PDF). */
export function lateInterestDocColumns(currency: string): DocColumn<SheetRow>[] {
  return [
    { id: 'date', header: t('ledger.col.date'), text: (r) => date(r.date), chars: 11 },
    { id: 'type', header: t('ledger.col.type'), text: (r) => r.type, chars: 15, wrap: true },
    { id: 'documentNo', header: t('ledger.col.documentNo'), text: (r) => r.documentNo, chars: 15, wrap: true },
    { id: 'from', header: t('ledger.lateInterest.col.from'), text: (r) => date(r.from), chars: 11 },
    { id: 'to', header: t('ledger.lateInterest.col.to'), text: (r) => date(r.to), chars: 12 },
    { id: 'kind', header: t('ledger.lateInterest.col.kind'), text: (r) => r.kind, chars: 8, wrap: true },
    { id: 'amount', header: `${t('ledger.col.amount')} (${currency})`, align: 'end', text: (r) => formatMoney(r.amount), chars: 15 },
    { id: 'days', header: t('ledger.lateInterest.col.days'), align: 'end', text: (r) => formatCount(r.days), chars: 7 },
    { id: 'rate', header: t('ledger.lateInterest.col.rate'), text: (r) => r.rate, chars: 17, wrap: true },
    { id: 'interest', header: `${t('ledger.lateInterest.col.interest')} (${currency})`, align: 'end', text: (r) => formatMoney(r.interest), chars: 15 },
  ];
}

export function lateInterestDocument(
  head: DocumentHead,
  columns: readonly DocColumn<SheetRow>[],
  rows: readonly SheetRow[],
  facts: LateInterestFacts,
): DocSpec<SheetRow> {
  const money = (m: Minor) => `${formatMoney(m)} ${facts.currency}`;
  return tableSpec(head, columns, rows, {
    carry: {
      interest: { kind: 'sum', value: (r) => r.interest, format: formatMoney },
    },
    intro: [
      facts.side,
      t('doc.lateInterest.rate', { rate: facts.rate, period: facts.period, vat: facts.vat, currency: facts.currency }),
      t('doc.lateInterest.total', {
        interest: money(facts.totalInterest),
        vatAmount: money(facts.totalVat),
        total: money(facts.totalInterest + facts.totalVat),
      }),
      ...(facts.notes ?? []),
    ],
    grandTotal: { interest: formatMoney(facts.totalInterest) },
  });
}
