/** Money as the API shows it (signed minor units + side), answers read from their events, differences. */
import { daysInMonth, todayIso } from '../../src/domain/dates';
import type { IsoDate } from '../../src/domain/types';
import type { BabsFigures } from '../../src/domain/babs/reconcile';
import type { EventRow } from './events';

export interface Money {
  currency: string;
  balance: number;
  side: 'B' | 'A' | '';
}

export const signedMoney = (currency: string, balance: number): Money => ({ currency, balance, side: balance > 0 ? 'B' : balance < 0 ? 'A' : '' });

/** A counterpart's figure: amount ≥ 0 and a side → signed (B = they owe us: +). */
export const fromSide = (currency: string, amount: number, side: 'B' | 'A'): Money => signedMoney(currency, side === 'A' ? -amount : amount);

/** ours − theirs per currency (every currency of either side). */
export function differenceOf(ours: readonly Money[], theirs: readonly Money[]): Money[] {
  const currencies = [...new Set([...ours.map((m) => m.currency), ...theirs.map((m) => m.currency)])];
  return currencies.map((cur) => {
    const o = ours.find((m) => m.currency === cur)?.balance ?? 0;
    const t = theirs.find((m) => m.currency === cur)?.balance ?? 0;
    return signedMoney(cur, o - t);
  });
}

export function answerOf(e: EventRow) {
  const d = e.detail as Record<string, unknown>;
  return {
    kind: d.kind as 'agreed' | 'disagreed',
    channel: String(d.channel ?? 'web'),
    balances: (d.balances as Money[] | undefined) ?? [],
    note: String(d.note ?? ''),
    name: String(d.name ?? ''),
    title: String(d.title ?? ''),
    // The day in Istanbul (a web answer at 23:30 UTC on 31.12 is given on 01.01).
    date: String(d.date ?? todayIso(e.at)),
    at: e.at.toISOString(),
    recordedBy: e.byUser,
    /** BA/BS letters: their count and KDV-hariç total per our form. */
    babs: (d.babs as BabsFigures | undefined) ?? null,
    attachment: (d.attachment as { id: string; fileName: string; size: number; type: string } | null | undefined) ?? null,
  };
}

/**
 * The last day of TTK md. 94's month for a letter sent at `sentAt`: the day received counted in
 * Istanbul (a letter sent at 22:30 UTC on 31.01 arrives on 01.02), the month ending on the same-numbered
 * day of the next month (TBK md. 92; 31.01 → 28/29.02), on which an objection can still be made.
 */
export function ttk94LastDay(sentAt: Date): IsoDate {
  const received = todayIso(sentAt);
  let y = Number(received.slice(0, 4));
  let m = Number(received.slice(5, 7)) + 1;
  if (m > 12) {
    m = 1;
    y++;
  }
  const d = Math.min(Number(received.slice(8, 10)), daysInMonth(y, m));
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Whether TTK md. 94's month from `sentAt` is over at `now`: from the Istanbul midnight after its last day. */
export const ttk94MonthOver = (sentAt: Date, now: Date): boolean => todayIso(now) > ttk94LastDay(sentAt);
