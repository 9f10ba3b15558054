/** A balance as plain text, without React or CSS: the browser's letters and the server's PDFs share it. */
import { t } from '../../i18n';
import { formatBalance } from '../format';

/** The same as plain text ("1.234,56 B", "1.234,56 USD B"), for sentences and titles. */
export function balanceText(minor: number, currency?: string): string {
  const { text, side } = formatBalance(minor);
  const amount = currency ? `${text} ${currency}` : text;
  return side ? `${amount} ${t(side === 'B' ? 'common.side.B' : 'common.side.A')}` : amount;
}
