/**
 * Movement classes: what a statement line IS, from its İşlem Türü — one table, extendable per
 * installation (the alias file's `movementType` section, same shape: class → list of type names).
 *
 * Why it matters to the ledger: a return (iade faturası), a discount (iskonto) or a price-difference
 * credit (fiyat farkı) is not a payment. On the side opposite the open items it reduces the invoice it
 * belongs to (by document number, else the oldest open one) from that invoice's own date: it bears
 * no vade farkı and no payment delay. Payments and transfers (virman) close items FIFO on their own
 * date. An opening line (Açılış Fişi) has no real due date (vade farkı leaves it out by default).
 */
import { foldKey } from '../turkish';

export type MovementClass = 'invoice' | 'payment' | 'return' | 'discount' | 'priceDifference' | 'opening' | 'transfer' | 'other';

const CLASSES: readonly MovementClass[] = ['invoice', 'payment', 'return', 'discount', 'priceDifference', 'opening', 'transfer'];

/** The built-in table (Workcube's usual İşlem Türü names). Matched after Turkish case folding, exactly. */
const DEFAULT_TABLE: Record<Exclude<MovementClass, 'other'>, readonly string[]> = {
  invoice: ['Satış Faturası', 'Alış Faturası', 'Fatura', 'Hizmet Faturası', 'Verilen Hizmet Faturası', 'Alınan Hizmet Faturası', 'Vade Farkı Faturası'],
  payment: [
    'Tahsilat',
    'Ödeme',
    'Nakit Tahsilat',
    'Nakit Ödeme',
    'Gelen Havale',
    'Giden Havale',
    'Havale',
    'EFT',
    'Kredi Kartı Tahsilat',
    'Kredi Kartı Ödeme',
    'Çek',
    'Senet',
    'Çek Girişi',
    'Çek Çıkışı',
    'Senet Girişi',
    'Senet Çıkışı',
  ],
  return: ['Satış İade Faturası', 'Alış İade Faturası', 'İade', 'İade Faturası'],
  discount: ['İskonto', 'Satış İskontosu', 'Alış İskontosu', 'İskonto Faturası'],
  priceDifference: ['Fiyat Farkı', 'Fiyat Farkı Faturası', 'Verilen Fiyat Farkı Faturası', 'Alınan Fiyat Farkı Faturası'],
  opening: ['Açılış Fişi', 'Açılış', 'Devir', 'Devir Fişi'],
  transfer: ['Virman', 'Virman Fişi', 'Mahsup Fişi'],
};

let index = new Map<string, MovementClass>();
let extra: Partial<Record<MovementClass, string[]>> = {};
/**
 * The class of each İşlem Türü as written, once folded: a statement of 50,000 lines has a handful
 * of distinct types, and Turkish case folding per line was a fifth of the open-item engine's time.
 * Emptied with the table; bounded (an answer of odd types cannot grow it without end).
 */
let byType = new Map<string, MovementClass>();
const BY_TYPE_MAX = 1024;

const fold = (type: string): string => foldKey(type);

function build(): void {
  const next = new Map<string, MovementClass>();
  for (const c of CLASSES) for (const name of DEFAULT_TABLE[c as Exclude<MovementClass, 'other'>]) next.set(fold(name), c);
  // The installation's names win over the built-in ones.
  for (const c of CLASSES) for (const name of extra[c] ?? []) next.set(fold(name), c);
  index = next;
  byType = new Map();
}
build();

/** The class of an İşlem Türü ('other' when the table does not know it: then it acts like a payment or an invoice by its side). */
export function classifyMovement(type: string | null | undefined): MovementClass {
  if (!type) return 'other';
  let c = byType.get(type);
  if (c === undefined) {
    c = index.get(fold(type)) ?? 'other';
    if (byType.size >= BY_TYPE_MAX) byType.clear();
    byType.set(type, c);
  }
  return c;
}

/** A credit that reduces an invoice rather than paying it (no interest, no payment delay). */
export const reducesInvoice = (c: MovementClass): boolean => c === 'return' || c === 'discount' || c === 'priceDifference';

/** Merges an installation's table ({ return: ["…"], payment: ["…"] }); malformed parts are ignored. */
export function extendMovementClasses(table: unknown): void {
  if (typeof table !== 'object' || table === null || Array.isArray(table)) return;
  const next: Partial<Record<MovementClass, string[]>> = { ...extra };
  for (const [key, names] of Object.entries(table as Record<string, unknown>)) {
    if (!(CLASSES as readonly string[]).includes(key) || !Array.isArray(names)) continue;
    const c = key as MovementClass;
    next[c] = [...(next[c] ?? []), ...names.filter((n): n is string => typeof n === 'string')];
  }
  extra = next;
  build();
}

/** Back to the built-in table (tests). */
export function resetMovementClasses(): void {
  extra = {};
  build();
}
