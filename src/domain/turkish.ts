/**
 * Turkish text folding: the one place that knows İ/ı/I/i, ş, ğ, ü, ö, ç.
 * Used for search (client-side filters), ERP key matching and status values.
 */

const FOLD: Record<string, string> = {
  ı: 'i',
  İ: 'i',
  I: 'i',
  i: 'i',
  ş: 's',
  Ş: 's',
  ğ: 'g',
  Ğ: 'g',
  ü: 'u',
  Ü: 'u',
  ö: 'o',
  Ö: 'o',
  ç: 'c',
  Ç: 'c',
  â: 'a',
  Â: 'a',
  î: 'i',
  Î: 'i',
  û: 'u',
  Û: 'u',
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

// Legal-form words ("A.Ş.", "Ltd. Şti.", "San. ve Tic.", "İnşaat"): abbreviated or written out, each
// is one canonical form. Applied to already folded text.
const LEGAL_CANON: Record<string, string> = {
  as: 'as',
  anonim: 'as',
  ltd: 'ltd',
  limited: 'ltd',
  sti: 'sti',
  sirketi: 'sti',
  san: 'san',
  sanayi: 'san',
  tic: 'tic',
  ticaret: 'tic',
  ith: 'ith',
  ithalat: 'ith',
  ihr: 'ihr',
  ihracat: 'ihr',
  paz: 'paz',
  pazarlama: 'paz',
  ins: 'ins',
  insaat: 'ins',
  taah: 'taah',
  taahhut: 'taah',
  kol: 'koll',
  koll: 'koll',
  kom: 'kom',
  ve: 've',
};
const LEGAL_RE =
  /(?<![a-z0-9])(a\.?\s?s|ltd|limited|sti|sirketi|san|sanayi|ve|tic|ticaret|ith|ithalat|ihr|ihracat|paz|pazarlama|ins|insaat|taah|taahhut|koll?|kom|anonim)\.?(?![a-z0-9])/g;
// A legal form in search text: "~ins~". Users cannot type "~" (it is a separator in queries), so a
// marker only ever matches the legal form as a whole word ("A.Ş." finds "A.Ş.", not "Aslan").
const marker = (word: string) => `~${LEGAL_CANON[word.replace(/[.\s]/g, '')] ?? word}~`;
// Symbols that carry meaning in names ("A+ Yapı", "Öztürk & Oğulları", "%100") are kept in the
// search text as words of their own ("a + yapi"; "öztürk&oğulları" = "öztürk & oğulları"); every
// other character but letters and digits separates words.
const SYMBOLS = /[+&%@#$*=€£]/g;
const SEPARATORS = /[^a-z0-9+&%@#$*=€£~]+/g;

/**
 * Folded search text of a value (a haystack): Turkish letters folded, punctuation turned into
 * spaces except the symbols above, each legal-form word followed by its marker ("insaat ~ins~").
 * Folded once per row by the table (components/data-table/row-order/search-fold.ts); queries go through queryTokens.
 */
export function searchText(s: string): string {
  return foldTr(s)
    .replace(/~/g, ' ')
    .replace(LEGAL_RE, (m) => ` ${m.replace(/[.\s]/g, '')} ${marker(m)} `)
    .replace(SYMBOLS, ' $& ')
    .replace(SEPARATORS, ' ')
    .trim();
}

/**
 * Splits a user's query into folded tokens. Legal-form words are dropped when the query has other
 * words ("demir a.ş." finds "DEMİR LTD. ŞTİ."). A query of legal-form words alone: written out or
 * punctuated ("İnşaat", "A.Ş.") it means the legal form (its marker: "İnş." and "İNŞAAT"); typed as the
 * bare short form ("as", "san", "ltd") it is also an ordinary piece of a name ("Aslan", "Tasarım",
 * "Kocabaşlar") and is searched as typed — the short form is inside its marker ("~as~"), so every
 * spelling of the legal form is found as well. Empty query → [].
 */
export function queryTokens(q: string): string[] {
  const bare = new Set<string>();
  const words = foldTr(q)
    .replace(/~/g, ' ')
    .replace(LEGAL_RE, (m) => {
      if (LEGAL_CANON[m] !== m) return ` ${marker(m)} `;
      bare.add(m);
      return ` ${m} `;
    })
    .replace(SYMBOLS, ' $& ')
    .replace(SEPARATORS, ' ')
    .trim();
  if (!words) return [];
  const tokens = words.split(' ');
  const plain = tokens.filter((t) => !t.startsWith('~') && !bare.has(t));
  return plain.length > 0 ? plain : tokens;
}

/** True when every token occurs in the (already searchText-folded) haystack. */
export function matchesTokens(haystack: string, tokens: readonly string[]): boolean {
  for (const t of tokens) if (!haystack.includes(t)) return false;
  return true;
}

let collator: Intl.Collator | undefined;
/**
 * The one collator for all Turkish sorting, made at its first use: constructing one costs 10–20 ms
 * of the page's start-up (its locale data), and most pages open without sorting anything.
 */
export const trCollator = (): Intl.Collator => (collator ??= new Intl.Collator('tr', { sensitivity: 'base', numeric: true }));
export const compareTr = (a: string, b: string): number => trCollator().compare(a, b);

/** Title case with Turkish rules, one form for every spelling: "ANTALYA", "antalya" → "Antalya"; "İZMİR" → "İzmir"; "ığdır" → "Iğdır". */
export function titleCaseTr(s: string): string {
  return s.toLocaleLowerCase('tr-TR').replace(/(^|[\s\-/(])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toLocaleUpperCase('tr-TR'));
}
