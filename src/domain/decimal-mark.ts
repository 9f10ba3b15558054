/**
 * The decimal mark a number text shows, and the one of a whole column (what its values show) —
 * it decides the ambiguous "1.234" / "1,234" for parseNumber. Import from ./money, the entry.
 */
import { parseNumber, type DecimalMark, type NumberParse } from './money-parse';

/**
 * The decimal mark a number text shows on its own, or null when it shows none: "1.234,56",
 * "0,5", "12,34", "12.345.678" (dots group, so "," is the mark), "1 234,567" → ","; their mirror
 * images → "."; "1.234", "1234", JSON numbers and anything unreadable → null.
 */
export function decimalMarkOf(v: unknown, parsed?: NumberParse): DecimalMark | null {
  if (typeof v !== 'string') return null;
  // `parsed`: the value's parse, already made by the caller (spares parsing it again).
  if (parsed !== undefined && parsed.kind !== 'number') return null;
  let dot = 0;
  let comma = 0;
  let last = -1;
  let digitsAfter = 0;
  let digitsBefore = 0;
  let firstDigit = -1;
  let spaced = false;
  for (let k = 0; k < v.length; k++) {
    const c = v.charCodeAt(k);
    if (c >= 48 && c <= 57) {
      if (firstDigit < 0) firstDigit = c;
      if (dot + comma === 0) digitsBefore++;
      digitsAfter++;
    } else if (c === 46 || c === 44) {
      if (c === 46) dot++;
      else comma++;
      last = c;
      digitsAfter = 0;
    } else if (c === 32 || c === 0xa0 || c === 0x202f) {
      if (dot + comma === 0 && digitsBefore > 0) spaced = true;
      if (dot + comma === 0) digitsBefore = 0;
    }
  }
  if (dot + comma === 0) return null;
  if (parsed === undefined && parseNumber(v, '.').kind !== 'number') return null;
  const mark: DecimalMark = last === 46 ? '.' : ',';
  const other: DecimalMark = mark === '.' ? ',' : '.';
  if (dot > 0 && comma > 0) return mark; // the last one is the decimal mark
  if (dot + comma > 1) return other; // one separator, repeated: it groups thousands
  if (spaced) return mark;
  if (digitsAfter !== 3 || digitsBefore > 3 || firstDigit === 48) return mark;
  return null;
}

/**
 * The decimal mark of a column of number texts: the one its values show (decimalMarkOf), or
 * null when none shows one or they contradict each other ("0,5" and "0.5" in one column).
 */
export function columnDecimalMark(values: ArrayLike<unknown>, n: number = values.length, parsed?: ArrayLike<NumberParse | undefined>): DecimalMark | null {
  let mark: DecimalMark | null = null;
  for (let i = 0; i < n; i++) {
    const m = decimalMarkOf(values[i], parsed?.[i]);
    if (m === null || m === mark) continue;
    if (mark !== null) return null;
    mark = m;
  }
  return mark;
}
