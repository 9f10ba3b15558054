/**
 * Returns that name their invoice (İlgili Belge No): Workcube ties an iade faturası to the invoice it
 * returns (INVOICE.RELATED_INVOICE_ID, shown by number on the e-fatura screen); the demo statement
 * carries it as its own column on the accounts that have such a return. Every second return of an
 * account (the 2nd, 4th, …) names the latest invoice written on or before it — usually not the oldest
 * open one, so the ledger's "a return reduces the invoice it names" shows. No random draws: the rest
 * of the dataset is unchanged.
 */
import type { DemoAccount } from './dataset-model';

const RETURN_OF: Record<string, string> = { 'Satış İade Faturası': 'Satış Faturası', 'Alış İade Faturası': 'Alış Faturası' };

/** From `from` on: the hand-made accounts before it keep the figures their tests work out by hand. */
export function linkReturns(accounts: readonly DemoAccount[], from: number): void {
  for (const acc of accounts.slice(from)) {
    let returns = 0;
    const latest = new Map<string, string>();
    for (const l of acc.lines) {
      const of = RETURN_OF[l.type];
      if (!of) {
        if (l.documentNo) latest.set(l.type, l.documentNo);
        continue;
      }
      returns++;
      const named = latest.get(of);
      if (returns % 2 === 0 && named) l.relatedDocumentNo = named;
    }
  }
}
