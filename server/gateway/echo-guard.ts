/**
 * An ERP answer that echoes its own request URL (a ColdFusion debug/error page can) would carry the
 * API password to the browser: such an answer is never passed on (502 upstream_http, log detail
 * "password_echo"; once the answer is streaming, the answer is cut off instead — answer-stream.ts).
 *
 * The password is looked for in every form an ERP or a debug page may write it, character by
 * character, so mixtures match too (encodeURIComponent leaves some characters as they are and
 * escapes others): each character may appear
 * - raw (UTF-8; for Latin-1 and Turkish letters also as the single ISO-8859-1 / Windows-1254 byte),
 * - percent-encoded, hex digits in either case (`%2F`, `%2f`, UTF-8 bytes, `%E7` as `escape()` writes
 *   Latin-1, `%u011F`), a space also as `+` (form encoding),
 * - JSON-escaped: `\/`, `\"`, `\\`, `\t`…, `\uXXXX` in either case (surrogate pairs for astral characters),
 * - HTML-escaped: `&#47;`, `&#x2F;`/`&#X2f;` (leading zeros, `;` optional) and named entities
 *   (`&sol;`, `&amp;`/`&AMP;`, `&ccedil;`, `&gbreve;`, `&inodot;`…).
 * The pattern works on the answer's bytes read as Latin-1 (one character per byte), so it runs on any
 * chunk of any encoding; `EchoScanner` keeps the last `maxLen − 1` bytes so a match split across
 * chunks is still found.
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
const ciHex = (digits: string): string => digits.replace(/[A-F]/g, (d) => `[${d}${d.toLowerCase()}]`);
const seq = (...forms: Form[]): Form => ({ source: forms.map((f) => f.source).join(''), maxLen: forms.reduce((n, f) => n + f.maxLen, 0) });
const raw = (source: string, maxLen: number): Form => ({ source, maxLen });

/** Named HTML entities for the characters a password or a Turkish text may hold (HTML5 names). */
const ENTITIES: Record<string, string[]> = {
  '&': ['amp', 'AMP'], '<': ['lt', 'LT'], '>': ['gt', 'GT'], '"': ['quot', 'QUOT'], "'": ['apos'],
  '/': ['sol'], '+': ['plus'], '!': ['excl'], '%': ['percnt'], '#': ['num'], '=': ['equals'], '?': ['quest'],
  '(': ['lpar'], ')': ['rpar'], '*': ['ast', 'midast'], '~': [], ',': ['comma'], '.': ['period'], ':': ['colon'],
  ';': ['semi'], '@': ['commat'], '[': ['lsqb', 'lbrack'], ']': ['rsqb', 'rbrack'], '{': ['lcub', 'lbrace'],
  '}': ['rcub', 'rbrace'], '|': ['verbar', 'vert', 'VerticalLine'], '\\': ['bsol'], '^': ['Hat'], '_': ['lowbar', 'UnderBar'],
  '`': ['grave', 'DiacriticalGrave'], '$': ['dollar'], ' ': ['nbsp', 'NonBreakingSpace'], '-': ['hyphen', 'dash'],
  ç: ['ccedil'], Ç: ['Ccedil'], ğ: ['gbreve'], Ğ: ['Gbreve'], ı: ['inodot', 'imath'], İ: ['Idot'],
  ö: ['ouml'], Ö: ['Ouml'], ş: ['scedil'], Ş: ['Scedil'], ü: ['uuml'], Ü: ['Uuml'], â: ['acirc'], Â: ['Acirc'],
  î: ['icirc'], Î: ['Icirc'], û: ['ucirc'], Û: ['Ucirc'], á: ['aacute'], Á: ['Aacute'], é: ['eacute'], É: ['Eacute'],
  í: ['iacute'], Í: ['Iacute'], ó: ['oacute'], Ó: ['Oacute'], ú: ['uacute'], Ú: ['Uacute'],
};
/** Windows-1254 bytes of the Turkish letters that are not in Latin-1. */
const CP1254: Record<string, number> = { Ğ: 0xd0, İ: 0xdd, Ş: 0xde, ğ: 0xf0, ı: 0xfd, ş: 0xfe };
const JSON_SHORT: Record<string, string> = { '/': '/', '"': '"', '\\': '\\', "'": "'", '\t': 't', '\n': 'n', '\r': 'r', '\b': 'b', '\f': 'f' };

/** Every way one character (code point) may be written in an answer. */
function charForms(ch: string): Form[] {
  const cp = ch.codePointAt(0) ?? 0;
  const utf8 = Buffer.from(ch, 'utf8').toString('latin1');
  const forms: Form[] = [lit(utf8)];
  if (cp >= 0x80 && cp <= 0xff) forms.push(lit(String.fromCharCode(cp)));
  if (CP1254[ch] !== undefined) forms.push(lit(String.fromCharCode(CP1254[ch])));
  // Percent-encoding (URL, form): every UTF-8 byte as %XX; Latin-1 as one %XX and %uXXXX as escape() writes them.
  forms.push(seq(...[...utf8].map((b) => raw(`%${ciHex(hex(b.charCodeAt(0), 2))}`, 3))));
  if (cp >= 0x80 && cp <= 0xff) forms.push(raw(`%${ciHex(hex(cp, 2))}`, 3));
  if (cp > 0xff && cp <= 0xffff) forms.push(raw(`%[uU]${ciHex(hex(cp, 4))}`, 6));
  if (ch === ' ') forms.push(lit('+'));
  // JSON: short escapes and \uXXXX per UTF-16 unit.
  const short = JSON_SHORT[ch];
  if (short !== undefined) forms.push(lit(`\\${short}`));
  const units = [...Array(ch.length).keys()].map((i) => ch.charCodeAt(i));
  forms.push(seq(...units.map((u) => raw(`\\x5Cu${ciHex(hex(u, 4))}`, 6))));
  // HTML: decimal and hex character references (up to 3 leading zeros, ";" optional), named entities.
  forms.push(raw(`&#0{0,3}${cp};?`, 2 + 3 + String(cp).length + 1));
  forms.push(raw(`&#[xX]0{0,3}${ciHex(hex(cp, 1))};?`, 3 + 3 + hex(cp, 1).length + 1));
  for (const name of ENTITIES[ch] ?? []) forms.push(lit(`&${name};`));
  return forms;
}

export interface EchoPattern {
  regex: RegExp;
  /** The most bytes one match can span. */
  maxLen: number;
}

/** The password as one pattern over Latin-1 text: each character in any of its forms. Null without a password. */
export function echoPattern(password: string): EchoPattern | null {
  if (!password) return null;
  const parts = [...password].map((ch) => {
    const forms = charForms(ch);
    return { source: `(?:${forms.map((f) => f.source).join('|')})`, maxLen: Math.max(...forms.map((f) => f.maxLen)) };
  });
  return { regex: new RegExp(parts.map((p) => p.source).join('')), maxLen: parts.reduce((n, p) => n + p.maxLen, 0) };
}

/** Looks for the password in a stream of chunks; a match split across chunks is found too. */
export class EchoScanner {
  private carry = '';
  constructor(private readonly pattern: EchoPattern) {}
  /** Bytes at the end of what was seen that may still begin a match (a stream should hold them back). */
  get window(): number {
    return Math.max(0, this.pattern.maxLen - 1);
  }
  /** True when the bytes seen so far contain the password (in any form). */
  push(chunk: Uint8Array): boolean {
    const text = this.carry + Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    if (this.pattern.regex.test(text)) return true;
    this.carry = this.pattern.maxLen > 1 ? text.slice(-(this.pattern.maxLen - 1)) : '';
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

/** The whole-answer check alone (kept for callers that only need that). */
export function passwordEchoGuard(erpApiPassword: string): (answer: UpstreamAnswer) => void {
  return echoGuard(erpApiPassword).refuse;
}
