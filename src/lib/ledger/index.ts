/**
 * THE ledger arithmetic of an account (pure, integer minor units, no React). Every figure of an
 * account that depends on its statement comes from here: the statement's running balance, devir row
 * and totals (per currency), its overdue marks, overdue total and ortalama vade, the FIFO aging
 * panel, the letters' balances, Özet, the open-items statement, vade farkı and payment behaviour.
 *
 * Two parts:
 * 1. `ledgerColumn` + `foldRange`: one currency's amounts of each line and ONE fold for a date range
 *    (devir row before `from`, lines up to `to`, running balance, totals, what is incomplete).
 *    TL is one currency among others: its amounts are the lines' BORC/ALACAK; a foreign currency's
 *    amounts are the lines in that currency (the foreign amount takes the side of the TL amount).
 * 2. `openItems`: the open-item engine (FIFO "bakiye yaşlandırma", the rule of the ERP's own aging,
 *    agingOf in server/demo-erp/dataset.ts), symmetric for debits and credits.
 *
 * THE OPEN-ITEM RULE (documented choices):
 * 1. Lines: those of the currency, with `asOf` only lines whose transaction date is on or before it.
 *    A line with no transaction date always takes part (its day is unknown, so it is never "after
 *    the as-of date"; with a due date it ages by it). Lines whose amount in the currency could not
 *    be read are left out and counted (`unreadable`): the figures are then `incomplete`.
 * 2. A negative debit counts as a credit and a negative credit as a debit (a reversal).
 * 3. Side: the side of the balance — debit (borç, a customer owing us) when Σ debit ≥ Σ credit,
 *    else credit (alacak, we owe a supplier). The side's movements are the items; every movement of
 *    the other side forms one pool, whatever its date, that closes the items in basis-date order,
 *    earliest first: basis "due" = due date, else transaction date; basis "transaction" =
 *    transaction date, else due date. Ties: transaction date, ERP order (index), position. An item
 *    with no date at all comes last (never assumed paid before a dated one).
 *    So the open items are always the latest ones and Σ open = |balance| exactly.
 * 4. Which movement closed what: the pool is consumed in transaction-date order (undated last).
 *    An item is closed on the date of the last movement that closed it, or its own date when that is
 *    later (an advance closes an invoice the day the invoice is written).
 * 5. Days past due = as-of − basis date. An item due ON the as-of date is 0 days: not yet due.
 *    Overdue = open and days > 0. Buckets: not due (days ≤ 0), then for edges [30, 60, 90, 120]:
 *    1–30, 31–60, 61–90, 91–120, over 120 (the ERP's "0-30 Gün" … "120 Gün Üstü").
 * 6. Ortalama vade = Σ(open × basis day) / Σ open over the dated open items, exact, rounded to a day;
 *    a tie (exactly half a day) goes to the earlier day (never pushed later by rounding).
 */
export * from './lines';
export * from './fold';
export * from './buckets';
export * from './open-items';
export * from './movements';
export * from './account';
