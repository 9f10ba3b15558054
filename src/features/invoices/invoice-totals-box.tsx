/**
 * Under the invoice's lines: Σ net, VAT by rate (with its base), Σ VAT, Σ of the lines, and the
 * invoice's own total on its own row (with a warning) only when the lines do not add up to it.
 */
import { formatMoney, formatNumber } from '../../domain/format';
import type { Minor } from '../../domain/types';
import { t } from '../../i18n';
import type { InvoiceTotals } from './invoice-totals';

export interface InvoiceTotalsBoxProps {
  totals: InvoiceTotals;
  /** The invoice's own total and its column's label, when the header has one. */
  headerTotal: Minor | null;
  headerTotalLabel: string | null;
  currency: string;
}

export function InvoiceTotalsBox({ totals, headerTotal, headerTotalLabel, currency }: InvoiceTotalsBoxProps) {
  const withCurrency = (minor: Minor) => (currency ? `${formatMoney(minor)} ${currency}` : formatMoney(minor));
  const headerDiffers = headerTotal !== null && totals.linesTotal !== null && headerTotal !== totals.linesTotal;
  return (
    <div className="invoice-totals" aria-labelledby="invoice-totals-title">
      <h3 id="invoice-totals-title" className="visually-hidden">
        {t('invoices.detail.totals')}
      </h3>
      <table>
        <tbody>
          {totals.netTotal !== null && (
            <tr>
              <th scope="row">{t('invoices.detail.netTotal')}</th>
              <td>{withCurrency(totals.netTotal)}</td>
            </tr>
          )}
          {totals.vatByRate?.map((g) => (
            <tr key={g.rateHundredths}>
              <th scope="row">
                {t('invoices.detail.vatRate', { rate: formatNumber(g.rate, 2) })}{' '}
                <span className="invoice-totals__base">({t('invoices.detail.vatBase', { base: formatMoney(g.base) })})</span>
              </th>
              <td>{withCurrency(g.vat)}</td>
            </tr>
          ))}
          {totals.vatTotal !== null && (
            <tr>
              <th scope="row">{t('invoices.detail.vatTotal')}</th>
              <td>{withCurrency(totals.vatTotal)}</td>
            </tr>
          )}
          {totals.linesTotal !== null && (
            <tr className="invoice-totals__grand">
              <th scope="row">{t(headerDiffers ? 'invoices.detail.linesTotalDiffers' : 'invoices.detail.linesTotal')}</th>
              <td>{withCurrency(totals.linesTotal)}</td>
            </tr>
          )}
          {/* The invoice's own total: its own row only when the lines do not add up to it (or have no total). */}
          {headerTotal !== null && headerTotalLabel !== null && (headerDiffers || totals.linesTotal === null) && (
            <tr>
              <th scope="row">{t('invoices.detail.headerTotal', { label: headerTotalLabel })}</th>
              <td>{withCurrency(headerTotal)}</td>
            </tr>
          )}
        </tbody>
      </table>
      {totals.vatComputed && totals.vatByRate && <p className="invoice-totals__note">{t('invoices.detail.vatComputed')}</p>}
      {headerDiffers && (
        <p className="notice notice--warn" role="alert">
          {t('invoices.detail.mismatch', { lines: formatMoney(totals.linesTotal!), header: formatMoney(headerTotal!) })}
        </p>
      )}
      {currency && <p className="invoice-totals__note">{t('invoices.detail.currency', { currency })}</p>}
    </div>
  );
}
