/**
 * Turkish text ranking: distinct text values ranked in trCollator order, fast. Runs on the page and
 * in the Web Worker (rank-worker.ts), so it imports nothing from React or the table.
 */
import { trCollator } from '../../../domain/turkish';

// A code-unit key whose plain `<` order matches trCollator (tr, base, numeric) for usual text:
// whitespace < punctuation (CLDR root order) < digits (compared as numbers) < letters (Turkish
// alphabet, case-insensitive). The key only speeds the sort up: the result is checked against
// trCollator pair by pair and recomputed with the collator itself if any pair disagrees.
// Built with native lower-casing and one regex pass (no per-character Map lookups): a–z stay as
// they are; a Turkish letter becomes its base letter + U+007F (above every letter), so ç sorts
// after every c… word and before d (ı after h…, before i); everything else maps below "a".
const PUNCT = '_-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const KEY_CHAR = new Map<string, string>([
  ['ç', 'c\u007f'],
  ['ğ', 'g\u007f'],
  ['ı', 'h\u007f'],
  ['ö', 'o\u007f'],
  ['ş', 's\u007f'],
  ['ü', 'u\u007f'],
  ['â', 'a'],
  ['î', 'i'],
  ['û', 'u'],
  [' ', '\u0001'],
  ['\t', '\u0001'],
  ['\n', '\u0001'],
  ['\r', '\u0001'],
  ['\u00a0', '\u0001'],
]);
for (let p = 0; p < PUNCT.length; p++) KEY_CHAR.set(PUNCT[p] as string, String.fromCharCode(0x10 + p));
const TURKISH_UPPER_I = /[Iİ]/g;
const KEY_PARTS = /[0-9]+|[^a-z]/g;

function keyPart(m: string): string {
  const c = m.charCodeAt(0);
  if (c >= 48 && c <= 57) {
    // A digit run compares as a number: "@" + (length without leading zeros) + digits, all below "a".
    let start = 0;
    while (start < m.length - 1 && m.charCodeAt(start) === 48) start++;
    const len = m.length - start;
    return len < 32 ? '@' + String.fromCharCode(0x41 + len) + m.slice(start) : '\uffff' + m;
  }
  const mapped = KEY_CHAR.get(m);
  if (mapped !== undefined) return mapped;
  const base = m.normalize('NFD')[0] as string;
  return base >= 'a' && base <= 'z' ? base : '\uffff' + m;
}

function collationKey(s: string): string {
  return s
    .replace(TURKISH_UPPER_I, (ch) => (ch === 'I' ? 'ı' : 'i'))
    .toLowerCase()
    .replace(KEY_PARTS, keyPart);
}

/**
 * Indices of `keys` in code-unit order. First a numeric sort on the first two code units (a typed
 * array sort, no comparator calls), then full string comparisons only inside runs that share them.
 */
function sortByKeys(keys: readonly string[]): number[] {
  const u = keys.length;
  const byKey = (a: number, b: number) => {
    const ka = keys[a] as string;
    const kb = keys[b] as string;
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  };
  if (u >= 1048576) return Array.from({ length: u }, (_, i) => i).sort(byKey);
  const packed = new Float64Array(u);
  for (let i = 0; i < u; i++) {
    const k = keys[i] as string;
    // (c0 + 1) * 65537 + (c1 + 1): 0 for a missing character, so "a" < "a…"; < 2^33, index below 2^20.
    const c0 = k.length > 0 ? k.charCodeAt(0) + 1 : 0;
    const c1 = k.length > 1 ? k.charCodeAt(1) + 1 : 0;
    packed[i] = (c0 * 65537 + c1) * 1048576 + i;
  }
  packed.sort();
  const order = new Array<number>(u);
  for (let i = 0; i < u; i++) order[i] = (packed[i] as number) % 1048576;
  let runStart = 0;
  for (let i = 1; i <= u; i++) {
    if (i < u && Math.floor((packed[i] as number) / 1048576) === Math.floor((packed[runStart] as number) / 1048576)) continue;
    if (i - runStart > 1) {
      const run = order.slice(runStart, i).sort(byKey);
      for (let k = 0; k < run.length; k++) order[runStart + k] = run[k] as number;
    }
    runStart = i;
  }
  return order;
}

/** Ranks of distinct text values in trCollator order (equal under the collator → equal rank). */
export function textRanks(uniq: string[]): Int32Array {
  const u = uniq.length;
  const keys = uniq.map(collationKey);
  let order = sortByKeys(keys);
  const rank = new Int32Array(u);
  let ok = true;
  let r = 0;
  for (let k = 1; k < u; k++) {
    const c = trCollator().compare(uniq[order[k - 1] as number] as string, uniq[order[k] as number] as string);
    if (c > 0) {
      ok = false;
      break;
    }
    if (c < 0) r++;
    rank[order[k] as number] = r;
  }
  if (ok) return rank;
  // Rare text the fast key does not model: sort with the collator itself.
  order = Array.from({ length: u }, (_, i) => i);
  order.sort((a, b) => trCollator().compare(uniq[a] as string, uniq[b] as string));
  r = 0;
  rank[order[0] as number] = 0;
  for (let k = 1; k < u; k++) {
    if (trCollator().compare(uniq[order[k - 1] as number] as string, uniq[order[k] as number] as string) < 0) r++;
    rank[order[k] as number] = r;
  }
  return rank;
}
