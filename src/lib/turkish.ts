/**
 * Turkish text folding: the one place that knows İ/ı/I/i, ş, ğ, ü, ö, ç.
 * Used for search (client-side filters), ERP key matching and status values.
 */

const FOLD: Record<string, string> = {
  ı: 'i', İ: 'i', I: 'i', i: 'i',
  ş: 's', Ş: 's', ğ: 'g', Ğ: 'g', ü: 'u', Ü: 'u', ö: 'o', Ö: 'o', ç: 'c', Ç: 'c',
  â: 'a', Â: 'a', î: 'i', Î: 'i', û: 'u', Û: 'u',
};
const FOLD_RE = /[ıİIişŞğĞüÜöÖçÇâÂîÎûÛ]/g;

/** Lower-cases with Turkish rules and folds Turkish letters to ASCII: "İĞDIR Şube" → "igdir sube". */
export function foldTr(s: string): string {
  return s.replace(FOLD_RE, (ch) => FOLD[ch] ?? ch).toLowerCase();
}

/** Folds a key: Turkish letters folded, lower-cased, everything but letters and digits removed. */
export function foldKey(s: string): string {
  return foldTr(s).replace(/[^a-z0-9]/g, '');
}

// Legal-form suffixes that should not decide a match ("A.Ş.", "Ltd. Şti.", "San. ve Tic.").
// Applied to already folded text.
const LEGAL_SUFFIX_RE =
  /\b(a\.?\s?s\.?|ltd\.?|limited|sti\.?|sirketi|san\.?|sanayi|ve|tic\.?|ticaret|ith\.?|ihr\.?|paz\.?|pazarlama|ins\.?|insaat|koll?\.?|kom\.?|anonim|a\.s)(?=\s|$|[.,])/g;

/** Folded text with legal suffixes and punctuation removed, spaces collapsed: used as a search haystack. */
export function searchText(s: string): string {
  return foldTr(s)
    .replace(LEGAL_SUFFIX_RE, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Splits a user's query into folded tokens (legal suffixes dropped). Empty query → []. */
export function queryTokens(q: string): string[] {
  const t = searchText(q);
  return t ? t.split(' ') : [];
}

/** True when every token occurs in the (already searchText-folded) haystack. */
export function matchesTokens(haystack: string, tokens: readonly string[]): boolean {
  for (const t of tokens) if (!haystack.includes(t)) return false;
  return true;
}

/** One collator for all Turkish sorting (create once: constructing collators is expensive). */
export const trCollator = new Intl.Collator('tr', { sensitivity: 'base', numeric: true });
export const compareTr = (a: string, b: string): number => trCollator.compare(a, b);
