/** How the auditor's pages word a letter's state and its balances (one place for the letters table and the letter panel). */
import type { Money } from '../../api/mutabakat-types';
import { formatMoney } from '../../domain/format';
import { t, type MessageKey } from '../../i18n';

export const moneyText = (list: readonly Money[] | null | undefined) =>
  (list ?? []).map((m) => `${formatMoney(Math.abs(m.balance))} ${m.currency}${m.side ? ` ${m.side}` : ''}`).join('; ');
const STATE: Readonly<Record<string, MessageKey>> = {
  preparing: 'den.state.preparing',
  prepare_failed: 'den.state.prepare_failed',
  queued: 'den.state.queued',
  sent: 'den.state.sent',
  failed: 'den.state.failed',
  agreed: 'den.state.agreed',
  disagreed: 'den.state.disagreed',
  cancelled: 'den.state.cancelled',
};
export const stateText = (s: string) => (STATE[s] ? t(STATE[s]) : s);
