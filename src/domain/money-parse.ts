/**
 * Reading numbers the ERP sends (erp-contract §6) exactly, from their text: parseNumber
 * (import it from ./money, the entry; the column's decimal mark is in ./decimal-mark).
 *
 * Accepted: JSON numbers; strings "1234.56", "1234,56", "1.234,56", "1,234.56", "00123",
 * a leading "-" (or "+"), accounting negatives "(1.234,56)", space / no-break-space / narrow
 * no-break-space grouping "1 234,50", exponent form "1.5E7" (ColdFusion writes large doubles so);
 * "" / null / undefined / whitespace = empty.
 *
 * Separator rules (documented choice, docs/team-contracts.md "Numbers"):
 * - both "." and "," present: the one that comes last is the decimal separator and occurs once;
 *   the other one groups thousands and must group correctly ("1.234.567,8", "1,234.56").
 * - only one separator, occurring several times: thousands grouping ("1.234.567" = 1234567),
 *   which must be well-formed, else the value is invalid.
 * - only one separator, occurring once: the decimal separator ("1.5" = 1,5; "12,34" = 12,34;
 *   "0,123" and "1234.567" too, since "0" or four digits never start a thousands group) —
 *   EXCEPT when exactly three digits follow it and one to three digits (not starting with 0)
 *   precede it: "1.234" / "1,234" is 1234 in one installation and 1,234 in another. Such a value
 *   is read with the decimal mark of its column (`mark`, from columnDecimalMark: what the
 *   column's other values show); with no known mark it is invalid with `ambiguous: true` —
 *   shown raw and flagged, never guessed.
 * - space grouping ("1 234,50", "1 234.567"): the spaces group thousands, so a lone separator
 *   after them is the decimal mark whatever follows it.
 *
 * Minor units (kuruş) are computed from the decimal digits, never through float arithmetic:
 * the third decimal rounds half away from zero ("0.005" → 1, "-0.005" → -1).
 */
import type { Minor } from './types';

export type NumberParse =
  | { kind: 'empty' }
  | {
      kind: 'number';
      /** The value as a JS number (for display of non-money numbers; never summed). */
      value: number;
      /** Hundredths, rounded half away from zero from the exact decimal text. */
      minor: Minor;
      /** How many decimal digits the text had. */
      decimals: number;
      raw: string;
    }
  /** `ambiguous`: a lone "." or "," followed by three digits, with no decimal mark known for its column. */
  | { kind: 'invalid'; raw: string; ambiguous?: true };

/** The decimal separator of a column of number texts; null = not known. */
export type DecimalMark = '.' | ',';

export const EMPTY_NUMBER: NumberParse = Object.freeze({ kind: 'empty' }) as NumberParse;

/**
 * Parses one ERP value as a number. Never throws; unreadable → { kind: 'invalid', raw }.
 * `mark`: the decimal separator of the value's column (columnDecimalMark), which decides only the
 * ambiguous "1.234" / "1,234" form; without it that form is invalid with `ambiguous: true`.
 */
export function parseNumber(input: unknown, mark?: DecimalMark | null): NumberParse {
  if (input === null || input === undefined) return EMPTY_NUMBER;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { kind: 'invalid', raw: String(input) };
    return fromNumber(input);
  }
  if (typeof input !== 'string') return { kind: 'invalid', raw: rawText(input) };
  const raw = input;
  const s = input.trim();
  if (s === '') return EMPTY_NUMBER;
  return parseNumberText(s, raw, mark ?? null);
}

/** Shortest round-trip text of a JSON number, then the exact decimal reading of that text. */
function fromNumber(n: number): NumberParse {
  if (Number.isInteger(n) && Math.abs(n) <= 90_071_992_547_409) {
    // n + 0: JSON "-0.0" is -0, which is zero (never shown "-0").
    return { kind: 'number', value: n + 0, minor: n * 100 + 0, decimals: 0, raw: String(n) };
  }
  // Fast path for amounts with at most 2 decimals: if m/100 (the correctly rounded value of the
  // exact decimal m/100) is n, then n's shortest text is that decimal — no float-to-text needed.
  const m = Math.round(n * 100);
  if (Number.isSafeInteger(m) && m / 100 === n) {
    const abs = Math.abs(m);
    const cents = abs % 100;
    const decimals = cents === 0 ? 0 : cents % 10 === 0 ? 1 : 2;
    const frac = decimals === 0 ? '' : decimals === 1 ? `.${cents / 10}` : `.${cents < 10 ? '0' : ''}${cents}`;
    return { kind: 'number', value: n, minor: m + 0, decimals, raw: `${m < 0 ? '-' : ''}${Math.trunc(abs / 100)}${frac}` };
  }
  const raw = String(n);
  return parseNumberText(raw, raw, '.');
}

const SPACE_GROUPED = /^([1-9]\d{0,2}(?:([ \u00a0\u202f])\d{3})(?:\2\d{3})*)(?:([.,])(\d+))?$/;
const ANY_SPACE = /[ \u00a0\u202f]/;

function parseNumberText(s: string, raw: string, mark: DecimalMark | null): NumberParse {
  const fast = parsePlain(s, raw);
  if (fast) return fast;
  // Accounting negative: "(1.234,56)" = -1234,56 (no sign inside, no nesting).
  if (s.charCodeAt(0) === 40 /* ( */) {
    if (s.charCodeAt(s.length - 1) !== 41 /* ) */) return { kind: 'invalid', raw };
    const inner = s.slice(1, -1).trim();
    const c = inner.charCodeAt(0);
    if (inner === '' || c === 40 || c === 45 || c === 43) return { kind: 'invalid', raw };
    const p = parseNumberText(inner, raw, mark);
    if (p.kind !== 'number') return p;
    return p.minor === 0 && p.value === 0 ? p : { ...p, value: -p.value, minor: -p.minor };
  }
  let i = 0;
  let negative = false;
  const c0 = s.charCodeAt(0);
  if (c0 === 45 /* - */ || c0 === 43 /* + */) {
    negative = c0 === 45;
    i = 1;
  }
  let body = s.slice(i);
  if (body === '') return { kind: 'invalid', raw };
  if (ANY_SPACE.test(body)) {
    // "1 234,50": spaces group thousands (one kind of space, groups of three); a separator after
    // them is the decimal mark, even before three digits ("1 234,567").
    const m = SPACE_GROUPED.exec(body);
    if (!m) return { kind: 'invalid', raw };
    return build(negative, m[1]!.replace(/[ \u00a0\u202f]/g, ''), m[4] ?? '', raw);
  }

  // Exponent form: only with a "." decimal and no grouping ("1.5E7", "2e-3").
  let exponent = 0;
  const e = body.search(/[eE]/);
  const hasExponent = e !== -1;
  if (hasExponent) {
    const m = /^(\d+(?:\.\d+)?)[eE]([+-]?\d{1,3})$/.exec(body);
    if (!m) return { kind: 'invalid', raw };
    body = m[1]!;
    exponent = Number(m[2]);
  }

  let dot = 0;
  let comma = 0;
  let lastDot = -1;
  let lastComma = -1;
  for (let k = 0; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (c >= 48 && c <= 57) continue;
    if (c === 46) {
      dot++;
      lastDot = k;
    } else if (c === 44) {
      comma++;
      lastComma = k;
    } else return { kind: 'invalid', raw };
  }

  let intPart: string;
  let fracPart: string;
  if (dot === 0 && comma === 0) {
    intPart = body;
    fracPart = '';
  } else if (dot > 0 && comma > 0) {
    const decimalAt = Math.max(lastDot, lastComma);
    const decimalIsComma = lastComma > lastDot;
    if ((decimalIsComma ? comma : dot) !== 1) return { kind: 'invalid', raw };
    const grouped = body.slice(0, decimalAt);
    if (!isGrouped(grouped, decimalIsComma ? '.' : ',')) return { kind: 'invalid', raw };
    intPart = grouped.split(decimalIsComma ? '.' : ',').join('');
    fracPart = body.slice(decimalAt + 1);
  } else {
    const sep = dot > 0 ? '.' : ',';
    const count = dot > 0 ? dot : comma;
    if (count === 1) {
      const at = dot > 0 ? lastDot : lastComma;
      intPart = body.slice(0, at);
      fracPart = body.slice(at + 1);
      if (!hasExponent && isAmbiguous(intPart, fracPart)) {
        // "1.234" / "1,234": thousands or decimals — the column's mark decides, never a guess.
        if (mark === null) return { kind: 'invalid', raw, ambiguous: true };
        if (mark !== sep) {
          intPart += fracPart;
          fracPart = '';
        }
      }
    } else {
      if (!isGrouped(body, sep)) return { kind: 'invalid', raw };
      intPart = body.split(sep).join('');
      fracPart = '';
    }
  }
  if (exponent !== 0 && (dot > 1 || comma > 0)) return { kind: 'invalid', raw };
  if (intPart === '' && fracPart === '') return { kind: 'invalid', raw };

  if (exponent !== 0) {
    // Shift the decimal point in the digit string.
    const digits = intPart + fracPart;
    let point = intPart.length + exponent;
    let all = digits;
    if (point < 0) {
      all = '0'.repeat(-point) + all;
      point = 0;
    }
    if (point > all.length) all = all + '0'.repeat(point - all.length);
    intPart = all.slice(0, point);
    fracPart = all.slice(point);
  }
  return build(negative, intPart, fracPart, raw);
}

/**
 * Fast path for the common form: optional "-", up to 13 integer digits, optionally one "." or ","
 * and decimals (no grouping). Same result as the general path; null when the text is anything else.
 */
function parsePlain(s: string, raw: string): NumberParse | null {
  const len = s.length;
  let k = 0;
  let negative = false;
  if (s.charCodeAt(0) === 45) {
    negative = true;
    k = 1;
  }
  let intValue = 0;
  let intLen = 0;
  while (k < len) {
    const c = s.charCodeAt(k) - 48;
    if (c < 0 || c > 9) break;
    intValue = intValue * 10 + c;
    intLen++;
    k++;
  }
  if (intLen === 0 || intLen > 13) return null;
  let frac = 0; // first two decimals as hundredths
  let decimals = 0;
  let roundUp = false;
  if (k < len) {
    const sep = s.charCodeAt(k);
    if (sep !== 46 && sep !== 44) return null;
    k++;
    while (k < len) {
      const c = s.charCodeAt(k) - 48;
      if (c < 0 || c > 9) return null;
      if (decimals < 2) frac = frac * 10 + c;
      else if (decimals === 2) roundUp = c >= 5;
      decimals++;
      k++;
    }
    if (decimals === 0) return null;
    // "1.234": ambiguous, the general path decides with the column's mark.
    if (decimals === 3 && intLen <= 3 && s.charCodeAt(negative ? 1 : 0) !== 48) return null;
  }
  if (decimals === 1) frac *= 10;
  const minorAbs = intValue * 100 + frac + (roundUp ? 1 : 0);
  const valueAbs = decimals === 0 ? intValue : Math.abs(Number(s.charCodeAt(len - decimals - 1) === 44 ? s.replace(',', '.') : s));
  return {
    kind: 'number',
    value: negative ? -valueAbs || 0 : valueAbs,
    minor: negative ? -minorAbs || 0 : minorAbs,
    decimals,
    raw,
  };
}

/** One separator between 1–3 digits (not starting with 0) and exactly three: a group or decimals? */
function isAmbiguous(intPart: string, fracPart: string): boolean {
  return fracPart.length === 3 && intPart.length >= 1 && intPart.length <= 3 && intPart.charCodeAt(0) !== 48;
}

/** "1.234.567" with sep "." → true; first group 1–3 digits, then groups of exactly 3. */
function isGrouped(s: string, sep: string): boolean {
  const groups = s.split(sep);
  const first = groups[0]!;
  if (first.length < 1 || first.length > 3) return false;
  for (let k = 1; k < groups.length; k++) if (groups[k]!.length !== 3) return false;
  return true;
}

function build(negative: boolean, intPart: string, fracPart: string, raw: string): NumberParse {
  const intDigits = intPart.replace(/^0+(?=\d)/, '') || '0';
  const frac2 = (fracPart + '00').slice(0, 2);
  let minorAbs = Number(intDigits + frac2);
  const third = fracPart.charCodeAt(2);
  if (third >= 53 /* '5' */ && third <= 57) minorAbs += 1;
  if (!Number.isSafeInteger(minorAbs)) return { kind: 'invalid', raw };
  const text = fracPart ? `${intDigits}.${fracPart}` : intDigits;
  const valueAbs = Number(text);
  return {
    kind: 'number',
    value: negative && valueAbs !== 0 ? -valueAbs : valueAbs,
    minor: negative && minorAbs !== 0 ? -minorAbs : minorAbs,
    decimals: fracPart.length,
    raw,
  };
}

function rawText(v: unknown): string {
  if (typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}
