// @vitest shared-modules
/**
 * The password-echo guard over every encoding an ERP or a debug page may write the API password in.
 * Each encoded form below is produced here by hand (standard library encoders or a few lines of
 * mapping), not by the guard's own code; for every form that the old guard (raw and
 * encodeURIComponent only) did not know, the test first proves the old check would have let it pass.
 */
import { Buffer } from 'node:buffer';
import { EchoScanner, echoGuard, echoPattern } from './echo-guard';
import { GatewayError } from './messages';

const PASSWORDS = [
  'k9/Xq+Zr7wT2aBcD', // the example of the attack report
  `Ş1f/r+e&<a>"b'~!%ğİı`, // every character that needs escaping somewhere, and Turkish letters
  'pa ss(w)*rd~Çö\\ü', // space, parentheses, star, tilde, backslash
];

const hex2 = (n: number) => n.toString(16).padStart(2, '0');
const hex4 = (n: number) => n.toString(16).padStart(4, '0');
const lower = (s: string) => s.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
const everyByte = (p: string) => [...Buffer.from(p, 'utf8')].map((b) => `%${hex2(b).toUpperCase()}`).join('');
/** application/x-www-form-urlencoded as PHP/ColdFusion write it: + for space, !'()*~ escaped too. */
const formEncode = (p: string) =>
  encodeURIComponent(p)
    .replace(/%20/g, '+')
    .replace(/[!'()*~]/g, (c) => `%${hex2(c.charCodeAt(0)).toUpperCase()}`);
const jsonEscapeNonAscii = (p: string, up: boolean) =>
  JSON.stringify(p)
    .slice(1, -1)
    .replace(/[^\x20-\x7e]/g, (c) => `\\u${up ? hex4(c.charCodeAt(0)).toUpperCase() : hex4(c.charCodeAt(0))}`);
const jsonEveryChar = (p: string) => [...p].map((c) => `\\u${hex4(c.charCodeAt(0)).toUpperCase()}`).join('');
const HTML_BASIC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const TR_NAMED: Record<string, string> = { ç: '&ccedil;', Ç: '&Ccedil;', ö: '&ouml;', ü: '&uuml;', ğ: '&gbreve;', İ: '&Idot;', ı: '&inodot;', Ş: '&Scedil;' };
const htmlEscape = (p: string) => p.replace(/[&<>"']/g, (c) => HTML_BASIC[c]!);
const htmlNamed = (p: string) => [...p].map((c) => HTML_BASIC[c] ?? TR_NAMED[c] ?? (c === '/' ? '&sol;' : c)).join('');
const htmlDecimal = (p: string) => [...p].map((c) => `&#${c.codePointAt(0)};`).join('');
const htmlHex = (p: string, up: boolean) =>
  [...p].map((c) => `&#${up ? 'X' : 'x'}${(c.codePointAt(0) ?? 0).toString(16)[up ? 'toUpperCase' : 'toLowerCase']()};`).join('');
/** Windows-1254 (Turkish code page) bytes, read back as Latin-1 text so the body can hold them. */
const CP1254: Record<string, number> = { Ş: 0xde, ş: 0xfe, ğ: 0xf0, Ğ: 0xd0, İ: 0xdd, ı: 0xfd };

interface Form {
  name: string;
  encode: (p: string) => string | Buffer;
  /** The old guard matched this form already. */
  old?: boolean;
}

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
/** A percent sign written as an HTML reference before its hex digits (&#37;40 for @). */
const entityPercent = (p: string) => encodeURIComponent(p).replace(/%/g, '&#37;');

const FORMS: Form[] = [
  { name: 'raw', encode: (p) => p, old: true },
  { name: 'percent-encoded, upper case (encodeURIComponent)', encode: (p) => encodeURIComponent(p), old: true },
  { name: 'percent-encoded, lower case', encode: (p) => lower(encodeURIComponent(p)) },
  { name: 'every byte percent-encoded, upper case', encode: everyByte },
  { name: 'every byte percent-encoded, lower case', encode: (p) => lower(everyByte(p)) },
  { name: 'form-encoded (+ for space, %21 %27 %28 %29 %2A %7E)', encode: formEncode },
  { name: 'form-encoded by URLSearchParams', encode: (p) => new URLSearchParams({ p }).toString().slice(2) },
  { name: 'JSON (\\" and \\\\)', encode: (p) => JSON.stringify(p).slice(1, -1) },
  { name: 'JSON as ColdFusion serializeJSON writes it (\\/)', encode: (p) => JSON.stringify(p).slice(1, -1).replace(/\//g, '\\/') },
  { name: 'JSON, non-ASCII as \\uXXXX lower case', encode: (p) => jsonEscapeNonAscii(p, false) },
  { name: 'JSON, non-ASCII as \\uXXXX upper case', encode: (p) => jsonEscapeNonAscii(p, true) },
  { name: 'JSON, every character as \\uXXXX', encode: jsonEveryChar },
  { name: 'HTML-escaped (&amp; &lt; &gt; &quot; &#39;)', encode: htmlEscape },
  { name: 'HTML named entities (&sol; &ccedil; &gbreve; …)', encode: htmlNamed },
  { name: 'HTML decimal references', encode: htmlDecimal },
  { name: 'HTML hex references, lower case', encode: (p) => htmlHex(p, false) },
  { name: 'HTML hex references, upper case', encode: (p) => htmlHex(p, true) },
  {
    name: 'Windows-1254 bytes (a Turkish ColdFusion page)',
    encode: (p) =>
      Buffer.from(
        [...p].flatMap((c) => (CP1254[c] !== undefined ? [CP1254[c]] : (c.codePointAt(0) ?? 0) <= 0xff ? [c.codePointAt(0) ?? 0] : [...Buffer.from(c)])),
      ),
  },
  // Issue 24 §5: forms a debug page plausibly writes that the guard missed.
  { name: 'upper-cased as a whole (toUpperCase)', encode: (p) => p.toUpperCase() },
  { name: 'lower-cased as a whole (toLowerCase; İ becomes i + combining dot)', encode: (p) => p.toLowerCase() },
  { name: 'upper-cased by the Turkish rules (toLocaleUpperCase tr)', encode: (p) => p.toLocaleUpperCase('tr') },
  { name: 'upper-cased, then percent-encoded', encode: (p) => encodeURIComponent(p.toUpperCase()) },
  { name: 'double percent-encoded (%2540)', encode: (p) => encodeURIComponent(encodeURIComponent(p)) },
  { name: 'percent sign as an HTML reference (&#37;40)', encode: entityPercent },
  { name: 'base64', encode: (p) => b64(p) },
  { name: 'base64url', encode: (p) => b64url(p) },
  { name: 'base64 of password=<it> (URL-encoded, as in the query string)', encode: (p) => b64(`password=${encodeURIComponent(p)}`) },
  { name: 'base64url of password=<it> (raw)', encode: (p) => b64url(`password=${p}`) },
  { name: 'base64 of the whole request URL', encode: (p) => b64(`/wex.cfm/mobiusmus/get_cari?password=${encodeURIComponent(p)}&firma_ismi=a`) },
  { name: 'hex, lower case', encode: (p) => Buffer.from(p, 'utf8').toString('hex') },
  { name: 'hex, upper case', encode: (p) => Buffer.from(p, 'utf8').toString('hex').toUpperCase() },
];

/** A debug page that prints the request it served (the password somewhere in the middle). */
function page(form: string | Buffer): { body: Buffer; start: number; end: number } {
  const before = Buffer.from('{"DEBUG":{"URL":"/wex.cfm/mobiusmus/get_cari?password=');
  const echo = Buffer.isBuffer(form) ? form : Buffer.from(form, 'utf8');
  const after = Buffer.from('&x=1","FIRMA_ADI":"Şişli Ağaç İşleri"}}');
  return { body: Buffer.concat([before, echo, after]), start: before.length, end: before.length + echo.length };
}

const oldGuardSees = (body: Buffer, p: string) => body.includes(Buffer.from(p)) || body.includes(Buffer.from(encodeURIComponent(p)));
const isOldForm = (encoded: string | Buffer, p: string) => String(encoded) === p || String(encoded) === encodeURIComponent(p);
const answer = (body: Buffer) => ({
  status: 200,
  contentType: 'text/html',
  body: body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
});

describe.each(PASSWORDS)('password %s', (password) => {
  const guard = echoGuard(password);

  it.each(FORMS.map((f) => [f.name, f] as const))('an answer holding it %s → 502 password_echo', (_name, form) => {
    const encoded = form.encode(password);
    const { body } = page(encoded);
    // A form that differs from the two the old guard knew: prove the old check let it through.
    if (!form.old && !isOldForm(encoded, password)) expect(oldGuardSees(body, password)).toBe(false);
    let error: unknown;
    try {
      guard.refuse(answer(body));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(502);
    expect((error as GatewayError).detail).toBe('password_echo');
    expect((error as GatewayError).message).not.toContain(password);
  });

  it.each(FORMS.map((f) => [f.name, f] as const))('%s, split across two chunks at every offset → found', (_name, form) => {
    const { body, start, end } = page(form.encode(password));
    for (let cut = start; cut <= end; cut++) {
      const scanner = guard.scanner()!;
      const found = scanner.push(body.subarray(0, cut)) || scanner.push(body.subarray(cut));
      expect({ cut, found }).toEqual({ cut, found: true });
    }
  });

  it('found when the answer arrives one byte at a time', () => {
    const { body } = page(formEncode(password));
    const scanner = guard.scanner()!;
    let found = false;
    for (let i = 0; i < body.length && !found; i++) found = scanner.push(body.subarray(i, i + 1));
    expect(found).toBe(true);
  });

  it('an ordinary answer, and one with the password minus its last character, pass', () => {
    const chars = [...password];
    for (const text of [
      '[{"FIRMA_ADI":"Iğdır Gıda & Tarım A.Ş.","NOT":"%20 \\u00e7 &amp; &#47; <b>"}]',
      page(chars.slice(0, -1).join('') + '#').body.toString('latin1'),
      page(encodeURIComponent(chars.slice(0, -1).join(''))).body.toString('latin1'),
    ]) {
      expect(() => guard.refuse(answer(Buffer.from(text, 'latin1')))).not.toThrow();
      expect(guard.scanner()!.push(Buffer.from(text, 'latin1'))).toBe(false);
    }
  });
});

describe('echo pattern', () => {
  it.each(FORMS.filter((f) => !f.old).map((f) => [f.name, f] as const))(
    '%s is new (not raw, not encodeURIComponent) for at least one test password',
    (_name, form) => {
      expect(PASSWORDS.some((p) => !isOldForm(form.encode(p), p) && !oldGuardSees(page(form.encode(p)).body, p))).toBe(true);
    },
  );

  it('no password, no check', () => {
    expect(echoPattern('')).toBeNull();
    expect(echoGuard('').scanner()).toBeNull();
    expect(() => echoGuard('').refuse(answer(Buffer.from('anything')))).not.toThrow();
  });

  it('an unrelated text of the same letters in another order, its base64, and half of its hex are not an echo', () => {
    const scanner = new EchoScanner(echoPattern('k9/Xq+Zr7wT2aBcD')!);
    expect(scanner.push(Buffer.from('D9/Xq+Zr7wT2aBck ' + b64('Zr7wT2aBcDk9/Xq+') + ' 6b392f58712b5a72'))).toBe(false);
  });
});
