/**
 * Amounts a person types in Turkish — the reply page, the BA/BS reply, the tahsilat promise, the staff
 * answer form — read by one rule (import from ./money, the entry). Not for the ERP's numbers: those
 * come in every form and are read by parseNumber (./money-parse).
 *
 * Rule (docs/team-contracts.md "Typed amounts"):
 * - the comma is the decimal mark, with at most two digits after it (kuruş): "0,5", "12,34", "1.500,5";
 * - a dot, a space, a no-break space or a narrow no-break space groups thousands: groups of exactly
 *   three digits after a first group of one to three ("1.500", "1.200.000", "1 500,00"); one kind of
 *   grouping in a number (dots or spaces);
 * - surrounding spaces and a trailing "TL" or "₺" are allowed; a leading "-" (or "−") only where the
 *   caller allows negatives;
 * - "1,500" — one comma after one to three digits (not starting with 0), followed by exactly three
 *   digits, no dot — is never guessed: bin beş yüz to someone used to "1,500" as a thousands group,
 *   bir buçuk to a Turkish reader who typed one zero too many. It is `ambiguous`, and so is "1,505"
 *   (three decimals are never an amount, but its writer most likely grouped thousands with a comma,
 *   as in English; the message says how to write either). "1234,567" and "0,500" are not ambiguous
 *   (four digits or a leading 0 never start a thousands group): too many decimals, invalid;
 * - anything else (a dot not followed by exactly three digits as in "15.00" or "1.50.0", more than two
 *   decimals, letters, "1.500,", ",50") is `invalid`; nothing is empty but "" and spaces.
 * The result is exact, in integer minor units (kuruş), never through floating point; past
 * Number.MAX_SAFE_INTEGER kuruş it is invalid ('tooLarge').
 */
import type { Minor } from './types';

export type AmountProblem = 'form' | 'grouping' | 'decimals' | 'negative' | 'tooLarge';

export type AmountInput =
  | { kind: 'amount'; minor: Minor }
  | { kind: 'empty' }
  /** "1,500": `thousands` = its reading as 1.500 (kuruş); `decimal` = as 1,50, or null when that is no amount ("1,505"). */
  | { kind: 'ambiguous'; text: string; thousands: Minor; decimal: Minor | null }
  | { kind: 'invalid'; text: string; problem: AmountProblem };

export interface AmountInputOptions {
  /** A leading minus is allowed (default: refused, 'negative' — the reply's amounts carry their side apart). */
  negative?: boolean;
}

/** The form every message shows. */
export const AMOUNT_EXAMPLE = '1.234,56';

const SPACE = '[ \\u00a0\\u202f]';
const UNIT = new RegExp(`${SPACE}*(?:TL|₺)$`, 'i');
const DOT_GROUPED = /^[1-9]\d{0,2}(?:\.\d{3})+$/;
const SPACE_GROUPED = new RegExp(`^[1-9]\\d{0,2}(?:${SPACE}\\d{3})+$`);
const MAX = BigInt(Number.MAX_SAFE_INTEGER);

/** Reads one typed amount. Never throws; anything but a string is empty when null/undefined, else invalid. */
export function parseAmountInput(input: unknown, o: AmountInputOptions = {}): AmountInput {
  if (input === null || input === undefined) return { kind: 'empty' };
  if (typeof input !== 'string') return { kind: 'invalid', text: String(input), problem: 'form' };
  const text = input.trim();
  if (text === '') return { kind: 'empty' };
  let s = text.replace(UNIT, '');
  let negative = false;
  if (s.startsWith('-') || s.startsWith('−')) {
    negative = true;
    s = s.slice(1).trimStart();
  }
  const r = readUnsigned(s, text);
  if (!negative || r.kind === 'invalid') return r;
  if (!o.negative) return { kind: 'invalid', text, problem: 'negative' };
  if (r.kind === 'ambiguous') return { ...r, thousands: -r.thousands, decimal: r.decimal === null ? null : -r.decimal || 0 };
  return { kind: 'amount', minor: -r.minor || 0 };
}

function readUnsigned(s: string, text: string): AmountInput & { kind: 'amount' | 'ambiguous' | 'invalid' } {
  const invalid = (problem: AmountProblem) => ({ kind: 'invalid' as const, text, problem });
  if (!/^[\d., \u00a0\u202f]+$/.test(s)) return invalid('form');
  const comma = s.indexOf(',');
  if (comma !== s.lastIndexOf(',')) return invalid('grouping'); // "1,500,000": commas grouping, as in English
  const int = comma === -1 ? s : s.slice(0, comma);
  const frac = comma === -1 ? '' : s.slice(comma + 1);
  if (int === '' || (comma !== -1 && frac === '')) return invalid('form');
  if (!/^\d+$/.test(frac) && frac !== '') return /^\d*$/.test(frac.replace(/[. \u00a0\u202f]/g, '')) ? invalid('grouping') : invalid('form');
  let digits = int;
  if (!/^\d+$/.test(int)) {
    if (!DOT_GROUPED.test(int) && !SPACE_GROUPED.test(int)) return invalid('grouping');
    digits = int.replace(/[. \u00a0\u202f]/g, '');
  } else if (frac.length === 3 && int.length <= 3 && int[0] !== '0') {
    const thousands = minorOf(int + frac, '');
    const decimal = frac[2] === '0' ? minorOf(int, frac.slice(0, 2)) : null;
    return { kind: 'ambiguous', text, thousands: thousands!, decimal };
  }
  if (frac.length > 2) return invalid('decimals');
  const minor = minorOf(digits, frac);
  return minor === null ? invalid('tooLarge') : { kind: 'amount', minor };
}

/** Whole digits and up to two decimals → kuruş, exact; null past MAX_SAFE_INTEGER. */
function minorOf(whole: string, frac: string): Minor | null {
  const n = BigInt(whole + (frac + '00').slice(0, 2));
  return n > MAX ? null : Number(n);
}

/**
 * What a form says about a typed amount, in Turkish, about `subject` ("Söz tutarı", "Kayıtlarınızdaki
 * bakiye tutarı"); null when it is an amount. Every form uses it, so every form says the same thing.
 */
export function amountInputMessage(r: AmountInput, subject = 'Tutar'): string | null {
  const expected = `${subject} “${AMOUNT_EXAMPLE}” biçiminde girilmeli.`;
  switch (r.kind) {
    case 'amount':
      return null;
    case 'empty':
      return expected;
    case 'ambiguous':
      return `${subject} ${ambiguity(r)}`;
    case 'invalid': {
      const typed = `“${shortText(r.text)}”`;
      switch (r.problem) {
        case 'grouping':
          return `${expected} ${typed} okunamadı: nokta binlikleri ayırır ve ardından tam üç hane gelir (1.500); kuruş virgülle yazılır (15,00).`;
        case 'decimals':
          return `${expected} ${typed} okunamadı: virgülden sonra en çok iki hane (kuruş) yazılır.`;
        case 'negative':
          return `${subject} eksi (-) işareti olmadan girilmeli.`;
        case 'tooLarge':
          return `${subject} çok büyük: ${typed}.`;
        default:
          return `${expected} ${typed} bir tutar değil.`;
      }
    }
  }
}

/** “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın. */
function ambiguity(r: AmountInput & { kind: 'ambiguous' }): string {
  const sign = r.thousands < 0 ? '-' : '';
  const thousands = Math.abs(r.thousands) / 100;
  const asThousands = `${sign}${Math.trunc(thousands / 1000)}.${String(thousands % 1000).padStart(3, '0')}`;
  const inWords = (n: number) => `${sign ? 'eksi ' : ''}${words(n)}`;
  const head = `“${shortText(r.text)}” belirsiz: ${inWords(thousands)} için “${asThousands}”`;
  if (r.decimal === null) return `${head} yazın; kuruşlu bir tutarsa virgülden sonra en çok iki hane yazılır.`;
  const d = Math.abs(r.decimal);
  const whole = Math.trunc(d / 100);
  const cents = d % 100;
  const decimalWords =
    cents === 0 ? inWords(whole) : cents === 50 ? `${inWords(whole)} buçuk` : `${inWords(whole)} virgül ${cents < 10 ? 'sıfır ' : ''}${words(cents)}`;
  return `${head}, ${decimalWords} için “${sign}${whole},${String(cents).padStart(2, '0')}” yazın.`;
}

const ONES = ['', 'bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz'];
const TENS = ['', 'on', 'yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'];

/** 1–999.999 in Turkish words ("bin beş yüz", "on iki bin üç yüz kırk beş"). */
function words(n: number): string {
  const below1000 = (x: number) => {
    const h = Math.trunc(x / 100);
    return [h === 0 ? '' : h === 1 ? 'yüz' : `${ONES[h]} yüz`, TENS[Math.trunc(x / 10) % 10], ONES[x % 10]].filter(Boolean).join(' ');
  };
  const th = Math.trunc(n / 1000);
  return [th === 0 ? '' : th === 1 ? 'bin' : `${below1000(th)} bin`, below1000(n % 1000)].filter(Boolean).join(' ') || 'sıfır';
}

/** What was typed, shortened for a message (a pasted page is not repeated back whole). */
const shortText = (s: string) => (s.length > 30 ? `${s.slice(0, 29)}…` : s);
