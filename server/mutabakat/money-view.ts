/** Money as the API shows it (signed minor units + side), answers read from their events, differences. */
import { todayIso } from '../../src/domain/dates';
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

/** The same moment one calendar month later (TTK md. 94's month; 31.01 → 28/29.02). */
export function addMonth(d: Date): Date {
  const out = new Date(d.getTime());
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + 1);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}
