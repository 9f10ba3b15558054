/**
 * The demo dataset's foreign-currency accounts: the day's USD / EUR rate and the accounts turned into
 * export / import accounts (dataset.ts applies it after generating).
 */
import type { IsoDate, Minor } from '../../src/domain/types';
import { DATASET_START, dayNumber, divRoundHalfUp, type DemoAccount } from './dataset-model';
/** TL per unit × 10,000 on a business date (deterministic, rising over time like the real rates). */
export function rateOf(currency: 'USD' | 'EUR', date: IsoDate): number {
  const k = dayNumber(date) - dayNumber(DATASET_START);
  const usd = 352_000 + 130 * k + ((k * 7919) % 300);
  return currency === 'USD' ? usd : divRoundHalfUp(usd * 109, 100);
}

/** Foreign amount of a TL amount at the day's rate, minor units, rounded half-up. */
export function foreignAmount(tl: Minor, currency: 'USD' | 'EUR', date: IsoDate): Minor {
  return divRoundHalfUp(tl * 10_000, rateOf(currency, date));
}

/** How many foreign-currency accounts each size has, and in which order the currencies are given. */
const FOREIGN_PLAN: ReadonlyArray<{ category: 'customer' | 'supplier'; currency: 'USD' | 'EUR' }> = [
  { category: 'customer', currency: 'USD' },
  { category: 'customer', currency: 'EUR' },
  { category: 'supplier', currency: 'USD' },
  { category: 'customer', currency: 'USD' },
  { category: 'supplier', currency: 'EUR' },
];

/**
 * Turns five ordinary accounts (the first that fit the plan, in list order after the special
 * accounts) into export/import accounts: every invoice and payment line also carries its currency and
 * its foreign amount at the day's rate; opening and virman lines stay TL (so such an account holds
 * two currencies). TL amounts, balances, invoices and the ERP's aging are unchanged.
 */
export function applyForeignCurrency(accounts: DemoAccount[], from: number, minLines: number): void {
  const plan = [...FOREIGN_PLAN];
  for (let i = from; i < accounts.length && plan.length > 0; i++) {
    const acc = accounts[i]!;
    const customer = acc.category !== 'Tedarikçi';
    const at = plan.findIndex((p) => (p.category === 'customer') === customer);
    if (at < 0 || acc.lines.length < minLines || (customer ? acc.balance <= 0 : acc.balance >= 0)) continue;
    const { currency } = plan.splice(at, 1)[0]!;
    acc.currency = currency;
    let balance = 0;
    for (const l of acc.lines) {
      const tl = l.debit + l.credit;
      if (l.type === 'Açılış Fişi' || l.type === 'Virman') {
        l.currency = 'TL';
        l.currencyAmount = tl;
        continue;
      }
      l.currency = currency;
      l.currencyAmount = foreignAmount(tl, currency, l.date);
      balance += l.debit > 0 ? l.currencyAmount : -l.currencyAmount;
    }
    acc.currencyBalance = balance;
  }
}
