/**
 * An ERP answer that echoes its own request URL (a ColdFusion debug/error page can) would carry the
 * API password to the browser: such an answer is never passed on (502 upstream_http, log detail
 * "password_echo"; once the answer is streaming, the answer is cut off instead — answer-stream.ts).
 *
 * What is looked for (each tested in echo-guard.test.ts); a match anywhere in the answer is an echo:
 * 1. The password character by character, each character in any case (as written, upper- or
 *    lower-cased, also the Turkish İ/ı rules — so the whole password upper- or lower-cased matches)
 *    and in any of these forms, mixed freely (encodeURIComponent leaves some characters as they are
 *    and escapes others):
 *    - raw (UTF-8; for Latin-1 and Turkish letters also the single ISO-8859-1 / Windows-1254 byte);
 *    - percent-encoded, hex digits in either case (`%2F`, `%2f`, UTF-8 bytes, `%E7` as `escape()`
 *      writes Latin-1, `%u011F`), a space also as `+`; the percent sign itself may be written
 *      `%25` (double encoding: `%2540`), `&#37;`, `&#x25;` or `&percnt;` (`&#37;40`);
 *    - JSON-escaped: `\/`, `\"`, `\\`, `\t`…, `\uXXXX` in either case (surrogate pairs for astral characters);
 *    - HTML-escaped: `&#47;`, `&#x2F;`/`&#X2f;` (any number of leading zeros up to MAX_REF_ZEROS, `;` optional) and named entities
 *      (`&sol;`, `&amp;`/`&AMP;`, `&ccedil;`, `&gbreve;`, `&inodot;`…).
 * 2. base64 and base64url of the password's UTF-8 bytes, of its encodeURIComponent form and of its
 *    form-encoded form — at any of the three alignments, so also inside a longer base64 text (the
 *    base64 of `password=<it>`, of the query string or of the whole URL). The characters that depend
 *    on the neighbouring bytes are left out; only passwords of 9 bytes or more get this check (a
 *    shorter core would match ordinary text).
 * 3. The password's UTF-8 bytes as hex digits, either case.
 * Not looked for: other encodings (triple percent-encoding, base32, a hash, the password split by
 * markup or whitespace, base64 with line breaks inside the password).
 * The pattern works on the answer's bytes read as Latin-1 (one character per byte), so it runs on any
 * chunk of any encoding, once as read and once with the leading zeros of character references taken
 * out (any number of them: `&#0000000000112;`); `EchoScanner` keeps the end of what it saw that may
 * still begin a match (maxLen − 1 characters of the zero-free reading) so a match split across
 * chunks at any offset is still found, and answer-stream.ts holds those bytes back.
 */
import { Buffer } from 'node:buffer';
import { GatewayError, MESSAGES, fill } from './messages';
import type { UpstreamAnswer } from './upstream';

/** One way to write a character: a regex source and the most bytes it can match. */
interface Form {
  source: string;
  maxLen: number;
}

const hex = (n: number, width: number) => n.toString(16).toUpperCase().padStart(width, '0');
/** Literal bytes (a Latin-1 "byte string") as regex source. */
const lit = (bytes: string): Form => ({
  source: [...bytes].map((ch) => (/[A-Za-z0-9]/.test(ch) ? ch : `\\x${hex(ch.charCodeAt(0), 2)}`)).join(''),
  maxLen: bytes.length,
});
/** Hex digits in either case. */
/** Hex digits (either case: the pattern has flag i). */
const ciHex = (digits: string): string => digits;
const seq = (...forms: Form[]): Form => ({ source: forms.map((f) => f.source).join(''), maxLen: forms.reduce((n, f) => n + f.maxLen, 0) });
const raw = (source: string, maxLen: number): Form => ({ source, maxLen });

/** Named HTML entities for the characters a password or a Turkish text may hold (HTML5 names). */
const ENTITIES: Record<string, string[]> = {
  '&': ['amp', 'AMP'],
  '<': ['lt', 'LT'],
  '>': ['gt', 'GT'],
  '"': ['quot', 'QUOT'],
  "'": ['apos'],
  '/': ['sol'],
  '+': ['plus'],
  '!': ['excl'],
  '%': ['percnt'],
  '#': ['num'],
  '=': ['equals'],
  '?': ['quest'],
  '(': ['lpar'],
  ')': ['rpar'],
  '*': ['ast', 'midast'],
  '~': [],
  ',': ['comma'],
  '.': ['period'],
  ':': ['colon'],
  ';': ['semi'],
  '@': ['commat'],
  '[': ['lsqb', 'lbrack'],
  ']': ['rsqb', 'rbrack'],
  '{': ['lcub', 'lbrace'],
  '}': ['rcub', 'rbrace'],
  '|': ['verbar', 'vert', 'VerticalLine'],
  '\\': ['bsol'],
  '^': ['Hat'],
  _: ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'],
  $: ['dollar'],
  ' ': ['nbsp', 'NonBreakingSpace'],
  '-': ['hyphen', 'dash'],
  ç: ['ccedil'],
  Ç: ['Ccedil'],
  ğ: ['gbreve'],
  Ğ: ['Gbreve'],
  ı: ['inodot', 'imath'],
  İ: ['Idot'],
  ö: ['ouml'],
  Ö: ['Ouml'],
  ş: ['scedil'],
  Ş: ['Scedil'],
  ü: ['uuml'],
  Ü: ['Uuml'],
  â: ['acirc'],
  Â: ['Acirc'],
  î: ['icirc'],
  Î: ['Icirc'],
  û: ['ucirc'],
  Û: ['Ucirc'],
  á: ['aacute'],
  Á: ['Aacute'],
  é: ['eacute'],
  É: ['Eacute'],
  í: ['iacute'],
  Í: ['Iacute'],
  ó: ['oacute'],
  Ó: ['Oacute'],
  ú: ['uacute'],
  Ú: ['Uacute'],
};
/** Windows-1254 bytes of the Turkish letters that are not in Latin-1. */
const CP1254: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
const JSON_SHORT: Record<string, string> = { '/': '/', '"': '"', '\\': '\\', "'": "'", '\t': 't', '\n': 'n', '\r': 'r', '\b': 'b', '\f': 'f' };

/** The percent sign of a percent-encoding: `%`, or itself encoded once more (`%25`), or as an HTML reference. */
const PCT: Form = raw('(?:%(?:25)?|&#0*37;?|&#x0*25;?|&percnt;)', 8);
const pct = (rest: string, restLen: number): Form => seq(PCT, raw(rest, restLen));
/** One of several forms. */
const anyOf = (forms: Form[]): Form => ({ source: `(?:${forms.map((f) => f.source).join('|')})`, maxLen: Math.max(...forms.map((f) => f.maxLen)) });

/** Every way one character (code point) may be written in an answer. */
function charForms(ch: string): Form[] {
  const cp = ch.codePointAt(0) ?? 0;
  const utf8 = Buffer.from(ch, 'utf8').toString('latin1');
  const forms: Form[] = [lit(utf8)];
  if (cp >= 0x80 && cp <= 0xff) forms.push(lit(String.fromCharCode(cp)));
  if (CP1254[ch] !== undefined) forms.push(lit(String.fromCharCode(CP1254[ch])));
  // Percent-encoding (URL, form): every UTF-8 byte as %XX; Latin-1 as one %XX and %uXXXX as escape() writes them.
  forms.push(seq(...[...utf8].map((b) => pct(ciHex(hex(b.charCodeAt(0), 2)), 2))));
  if (cp >= 0x80 && cp <= 0xff) forms.push(pct(ciHex(hex(cp, 2)), 2));
  if (cp > 0xff && cp <= 0xffff) forms.push(pct(`[uU]${ciHex(hex(cp, 4))}`, 5));
  if (ch === ' ') forms.push(lit('+'));
  // JSON: short escapes and \uXXXX per UTF-16 unit.
  const short = JSON_SHORT[ch];
  if (short !== undefined) forms.push(lit(`\\${short}`));
  const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
  forms.push(seq(...units.map((u) => raw(`\\x5Cu${ciHex(hex(u, 4))}`, 6))));
  // HTML: decimal and hex character references (";" optional), named entities. Leading zeros are
  // taken out before matching (EchoScanner); the 0* here keeps the whole-answer check honest too.
  forms.push(raw(`&#0*${cp};?`, 2 + 3 + String(cp).length + 1));
  forms.push(raw(`&#x0*${ciHex(hex(cp, 1))};?`, 3 + 3 + hex(cp, 1).length + 1));
  for (const name of ENTITIES[ch] ?? []) forms.push(lit(`&${name};`));
  return forms;
}

export interface EchoPattern {
  regex: RegExp;
  /** The most bytes one match can span. */
  maxLen: number;
}

/**
 * The character's other cases the pattern must spell out. The pattern is case-insensitive (flag i),
 * which covers ASCII letters and single Latin-1 bytes; what it cannot see through are the Turkish
 * dotted/dotless i (i↔İ, I↔ı) and letters whose UTF-8 bytes differ between cases (ş/Ş, ü/Ü…).
 */
function caseVariants(ch: string): string[] {
  if (ch === 'i') return ['i', 'İ'];
  if (ch === 'I') return ['I', 'ı'];
  if (ch.charCodeAt(0) < 0x80) return [ch];
  return [...new Set([ch, ch.toUpperCase(), ch.toLowerCase(), ch.toLocaleUpperCase('tr'), ch.toLocaleLowerCase('tr')])];
}

/** One character of the password in any case and any form (a case variant of several code points: each in any form). */
function anyCaseForms(ch: string): Form {
  return anyOf(caseVariants(ch).map((v) => ([...v].length === 1 ? anyOf(charForms(v)) : seq(...[...v].map((c) => anyOf(charForms(c)))))));
}

const BASE64_MIN_BYTES = 9;

/** base64 and base64url text fully determined by `bytes`, at each of the three alignments. */
function base64Cores(bytes: Buffer): string[] {
  if (bytes.length < BASE64_MIN_BYTES) return [];
  const cores = new Set<string>();
  for (let shift = 0; shift < 3; shift++) {
    const b64 = Buffer.concat([Buffer.alloc(shift), bytes]).toString('base64');
    // 4-character groups whose 3 bytes all belong to the password.
    const first = Math.ceil(shift / 3);
    const last = Math.floor((shift + bytes.length) / 3); // exclusive
    const core = b64.slice(first * 4, last * 4);
    if (core.length < 8) continue;
    cores.add(core);
    cores.add(core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return [...cores];
}

/** Whole-password encodings (base64, base64url, hex) that are not character by character. */
function wholeForms(password: string): Form[] {
  const sources = [password, encodeURIComponent(password), new URLSearchParams({ p: password }).toString().slice(2)];
  const forms: Form[] = [...new Set(sources)].flatMap((text) => base64Cores(Buffer.from(text, 'utf8')).map((core) => lit(core)));
  const hexDigits = Buffer.from(password, 'utf8').toString('hex').toUpperCase();
  forms.push(raw(ciHex(hexDigits), hexDigits.length));
  return forms;
}

/** The password as one pattern over Latin-1 text: each character in any case and form, or a whole-password encoding. Null without a password. */
export function echoPattern(password: string): EchoPattern | null {
  if (!password) return null;
  const perChar = seq(...[...password].map(anyCaseForms));
  const all = [perChar, ...wholeForms(password)];
  // Flag i: letters in either case (hex digits, entity names and base64 too — a looser match, never a missed one).
  return { regex: new RegExp(all.map((f) => f.source).join('|'), 'i'), maxLen: Math.max(...all.map((f) => f.maxLen)) };
}

/**
 * The zeros after `&#` / `&#x`: browsers read any number of them (`&#0000000000112;` is "p"), so they
 * are taken out before matching — a pattern that allowed them would need an unbounded window.
 */
const REF_ZEROS = /&#(x?)(0+)/gi;
/** More zeros than this after `&#` in one reference is no text an ERP writes: refused as a hiding attempt. */
export const MAX_REF_ZEROS = 64;

/** `text` without the leading zeros of its character references; `at[k]` is where character k came from. */
function withoutRefZeros(text: string): { text: string; at: number[] | null; tooPadded: boolean } {
  if (!/&#x?0/i.test(text)) return { text, at: null, tooPadded: false };
  let out = '';
  const at: number[] = [];
  let from = 0;
  let tooPadded = false;
  for (const m of text.matchAll(REF_ZEROS)) {
    const zerosAt = m.index + m[0].length - m[2]!.length;
    if (m[2]!.length > MAX_REF_ZEROS) tooPadded = true;
    for (let i = from; i < zerosAt; i++) at.push(i);
    out += text.slice(from, zerosAt);
    from = m.index + m[0].length;
  }
  for (let i = from; i < text.length; i++) at.push(i);
  out += text.slice(from);
  return { text: out, at, tooPadded };
}

/**
 * Looks for the password in a stream of chunks; a match split across chunks is found too, also one
 * whose references carry any number of leading zeros (up to MAX_REF_ZEROS; more is refused).
 */
export class EchoScanner {
  /** The end of what was seen (as bytes read as Latin-1) that may still begin a match. */
  private carry = '';
  constructor(private readonly pattern: EchoPattern) {}
  /**
   * Bytes at the end of what was seen that may still begin a match: a stream must hold them back
   * until the next chunk was checked. Grows with zero-padded references (at most maxLen × MAX_REF_ZEROS).
   */
  get window(): number {
    return this.carry.length;
  }
  /** True when the bytes seen so far contain the password (in any form). */
  push(chunk: Uint8Array): boolean {
    const raw = this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    const keep = this.pattern.maxLen - 1;
    const plain = withoutRefZeros(raw);
    if (plain.tooPadded) return true;
    // Both readings: the password itself may hold "&#0" (the raw text is then the one that matches).
    if (this.pattern.regex.test(raw) || (plain.at && this.pattern.regex.test(plain.text))) return true;
    // Keep the raw bytes behind the last maxLen − 1 characters of the zero-free reading (and any
    // zeros still open at the end), so a reference cut in its zeros is read whole next time.
    let start = Math.max(0, raw.length - keep);
    if (plain.at) start = plain.text.length > keep ? plain.at[plain.text.length - keep]! : 0;
    this.carry = keep > 0 ? raw.slice(Math.min(start, Math.max(0, raw.length - keep))) : '';
    return false;
  }
}

export function echoError(status: number): GatewayError {
  return new GatewayError('upstream_http', fill(MESSAGES.upstreamUnreadable, { status }), {
    upstreamStatus: status,
    detail: 'password_echo',
  });
}

export interface EchoGuard {
  /** A fresh scanner for one streamed answer, or null when there is no password to look for. */
  scanner(): EchoScanner | null;
  /** Throws (502 password_echo) when a whole answer contains the password. */
  refuse(answer: UpstreamAnswer): void;
}

export function echoGuard(erpApiPassword: string): EchoGuard {
  const pattern = echoPattern(erpApiPassword);
  return {
    scanner: () => (pattern ? new EchoScanner(pattern) : null),
    refuse: (answer) => {
      if (pattern && new EchoScanner(pattern).push(new Uint8Array(answer.body))) throw echoError(answer.status);
    },
  };
}
