/**
 * Totals of an invoice search by document type and currency: a sum of sales, purchase and return
 * invoices together (or of TL and USD) means nothing, so the list has no totals row and this block
 * shows one line per (type, currency) over the rows the list shows.
 */
import type { ErpColumn } from '../../domain/erp-types';
import type { ErpRow } from '../../components/data-table/erp-columns';
import { t } from '../../i18n';
import { formatCount, formatMoney } from '../../domain/format';
import { addMinor } from '../../domain/money';
import type { InvoiceLayout } from './invoice-fields';

export interface InvoiceTypeTotal {
  type: string;
  currency: string;
  count: number;
  /** Σ kuruş per money column key. */
  sums: Record<string, number>;
}

/** One entry per (document type, currency), in first-seen order; amounts summed exactly in kuruş. */
export function invoiceTypeTotals(rows: readonly ErpRow[], moneyKeys: readonly string[], layout: InvoiceLayout): InvoiceTypeTotal[] {
  const groups = new Map<string, InvoiceTypeTotal>();
  for (const row of rows) {
    const type = layout.text(row, layout.typeKey);
    const currency = layout.text(row, layout.currencyKey);
    const key = `${type}\u0000${currency}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { type, currency, count: 0, sums: Object.fromEntries(moneyKeys.map((k) => [k, 0])) }));
    g.count++;
    for (const k of moneyKeys) {
      const cell = row[k];
      if (cell?.kind === 'number') g.sums[k] = addMinor(g.sums[k] ?? 0, cell.minor);
    }
  }
  return [...groups.values()];
}

export function InvoiceTypeTotals({ totals, moneyColumns }: { totals: readonly InvoiceTypeTotal[]; moneyColumns: readonly ErpColumn[] }) {
  if (totals.length === 0 || moneyColumns.length === 0) return null;
  return (
    <section className="invoice-type-totals" aria-labelledby="invoice-type-totals-title">
      <h2 id="invoice-type-totals-title">{t('invoices.typeTotals.title')}</h2>
      <table data-testid="invoice-type-totals">
        <thead>
          <tr>
            <th scope="col">{t('invoices.typeTotals.type')}</th>
            <th scope="col">{t('invoices.typeTotals.currency')}</th>
            <th scope="col" className="num">
              {t('invoices.typeTotals.count')}
            </th>
            {moneyColumns.map((c) => (
              <th key={c.key} scope="col" className="num">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {totals.map((g) => (
            <tr key={`${g.type}\u0000${g.currency}`}>
              <th scope="row">{g.type || t('invoices.typeTotals.noType')}</th>
              <td>{g.currency || '—'}</td>
              <td className="num">{formatCount(g.count)}</td>
              {moneyColumns.map((c) => (
                <td key={c.key} className="num">
                  {formatMoney(g.sums[c.key] ?? 0)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
