/**
 * Promises to pay judged from the statement, never by hand (pure, integer minor units).
 * Rule: a promise (amount, currency, taken on T, due D) is covered by the account's payments in its
 * currency (credit movements of the account view's column: TL is the lines written in TL) dated from T up to D + grace days. The
 * promises of an account take the payments in due order, each payment counted once, so two promises
 * are never kept by the same money. Covered → kept (late when the covering payment is after D);
 * window still open → pending; window closed → partly kept with the shortfall, or broken.
 */
import { ledgerColumn, type LedgerLine } from '../../src/domain/ledger';
import { addDays, compareIsoDate } from '../../src/domain/dates';
import type { IsoDate, Minor } from '../../src/domain/types';

export type PromiseStatus = 'pending' | 'kept' | 'partial' | 'broken';

export interface PromiseInput {
  id: string;
  amount: Minor;
  currency: string;
  takenOn: IsoDate;
  due: IsoDate;
  createdAt?: number;
}

export interface PromiseVerdict {
  id: string;
  status: PromiseStatus;
  paid: Minor;
  shortfall: Minor;
  /** The day the promise was covered (kept). */
  keptOn: IsoDate | null;
  late: boolean;
  /** The last day payments count for it (due + grace). */
  windowEnd: IsoDate;
}

export function judgePromises(promises: readonly PromiseInput[], lines: readonly LedgerLine[], today: IsoDate, graceDays: number): Map<string, PromiseVerdict> {
  const out = new Map<string, PromiseVerdict>();
  const byCurrency = new Map<string, PromiseInput[]>();
  for (const p of promises) byCurrency.set(p.currency, [...(byCurrency.get(p.currency) ?? []), p]);
  for (const [currency, list] of byCurrency) {
    // The account view's column of the currency (TL: the lines written in TL, as the open-items page).
    const col = ledgerColumn(lines, currency, true);
    const pay: { date: IsoDate; left: Minor }[] = [];
    lines.forEach((l, i) => {
      if (col.member[i] && !col.unreadable[i] && col.credit[i]! > 0 && l.date) pay.push({ date: l.date, left: col.credit[i]! });
    });
    pay.sort((a, b) => compareIsoDate(a.date, b.date));
    const ordered = [...list].sort((a, b) => compareIsoDate(a.due, b.due) || (a.createdAt ?? 0) - (b.createdAt ?? 0));
    for (const p of ordered) {
      const windowEnd = addDays(p.due, graceDays);
      let paid = 0;
      let keptOn: IsoDate | null = null;
      for (const m of pay) {
        if (paid >= p.amount) break;
        if (m.left <= 0 || compareIsoDate(m.date, p.takenOn) < 0 || compareIsoDate(m.date, windowEnd) > 0) continue;
        const take = Math.min(m.left, p.amount - paid);
        m.left -= take;
        paid += take;
        if (paid >= p.amount) keptOn = m.date;
      }
      const open = compareIsoDate(today, windowEnd) <= 0;
      const status: PromiseStatus = keptOn ? 'kept' : open ? 'pending' : paid > 0 ? 'partial' : 'broken';
      out.set(p.id, {
        id: p.id,
        status,
        paid,
        shortfall: status === 'kept' ? 0 : p.amount - paid,
        keptOn,
        late: keptOn !== null && compareIsoDate(keptOn, p.due) > 0,
        windowEnd,
      });
    }
  }
  return out;
}
