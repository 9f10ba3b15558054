/**
 * Which Ba/Bs form a document belongs to, from its type (the invoice answer's type column, else the
 * statement's İşlem Türü). A return is reported on the OTHER form, not netted: a sales return is a
 * document the customer issues to us (our Ba), a purchase return one we issue (our Bs).
 * What the document IS comes from the one movement-class table (src/domain/ledger/movements.ts, which an
 * installation extends): a payment, opening or transfer is no Ba/Bs document; a return is one. Its
 * direction (which the table does not hold) from the words after Turkish folding: satış / verilen,
 * alış / alınan; a type with no direction ("Fatura") is not guessed.
 */
import { foldKey } from '../turkish';
import { classifyMovement } from '../ledger/movements';

export type BabsKind = 'sale' | 'purchase' | 'saleReturn' | 'purchaseReturn';
export type BabsForm = 'bs' | 'ba';

export const formOf = (k: BabsKind): BabsForm => (k === 'sale' || k === 'purchaseReturn' ? 'bs' : 'ba');

export type KindResult = { ok: true; kind: BabsKind } | { ok: false; reason: string };

export function babsKind(type: string | null | undefined): KindResult {
  const text = (type ?? '').trim();
  if (!text) return { ok: false, reason: 'belge türü yok' };
  const f = foldKey(text);
  const cls = classifyMovement(text);
  if (cls === 'payment' || cls === 'opening' || cls === 'transfer') return { ok: false, reason: `“${text}” bir fatura değil (ödeme, açılış ya da virman)` };
  const isReturn = cls === 'return' || f.includes('iade');
  const sale = f.includes('satis') || f.includes('verilen');
  const purchase = f.includes('alis') || f.includes('alinan');
  if (sale === purchase) return { ok: false, reason: `belge türü “${text}” satış mı alış mı belli değil` };
  if (sale) return { ok: true, kind: isReturn ? 'saleReturn' : 'sale' };
  return { ok: true, kind: isReturn ? 'purchaseReturn' : 'purchase' };
}
