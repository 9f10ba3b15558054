/** Balances per currency (a letter's ours / theirs / difference): one line each, never added across currencies. */
import type { Money } from '../../api/mutabakat-types';
import { BalanceText, balanceText } from '../balance';

export function MoneyList({ items, testId }: { items: readonly Money[] | null; testId?: string }) {
  if (!items || items.length === 0) return null;
  return (
    <span className="money-list" data-testid={testId}>
      {items.map((m) => (
        <span key={m.currency} className="money-list__item">
          <BalanceText minor={m.balance} currency={m.currency} />
        </span>
      ))}
    </span>
  );
}

/** The same as text (exports, print): "1.234,56 TL B; 10,00 USD A". */
export function moneyText(items: readonly Money[] | null): string {
  return (items ?? []).map((m) => balanceText(m.balance, m.currency)).join('; ');
}

/** Sort value: the first currency's balance (the letter's own currency comes first). */
export const firstBalance = (items: readonly Money[] | null) => items?.[0]?.balance ?? null;
