// @vitest shared-modules
/**
 * Issue 36 (3): every form the echo guard promises (echo-guard.ts) is found when the ERP splits it
 * across two writes at ANY offset — and nothing that reaches the browser before the cut holds the
 * whole form. Character references may carry any number of leading zeros (browsers read
 * `&#0000000000112;` as "p"); the guard used to assume at most three.
 * The forms are written here by hand from the list in docs/security.md ("Echo guard"), not taken from the guard's own tables.
 */
import { Buffer } from 'node:buffer';
import { checkedAnswer } from '../../server/gateway/answer-stream';
import { echoGuard } from '../../server/gateway/echo-guard';
import type { UpstreamBody } from '../../server/gateway/upstream';
import { API_PASSWORD, cookieOf, gatewayHarness, rawCall } from './helpers';

const P = API_PASSWORD; // 'S3cr3t-Ápí-Şifre&%+'
const chars = [...P];
const cps = chars.map((c) => c.codePointAt(0)!);
const dec = (zeros: number) => cps.map((cp) => `&#${'0'.repeat(zeros)}${cp};`).join('');
const hexRef = (zeros: number, x = 'x') => cps.map((cp) => `&#${x}${'0'.repeat(zeros)}${cp.toString(16)};`).join('');
const pctUtf8 = (s: string, lower = false) =>
  [...Buffer.from(s, 'utf8')].map((b) => '%' + (lower ? b.toString(16).padStart(2, '0') : b.toString(16).toUpperCase().padStart(2, '0'))).join('');

/** Each promised form of the whole password, as the ERP would write it (UTF-8 bytes of this text). */
const FORMS: Array<[string, string]> = [
  ['raw', P],
  ['upper case (Turkish)', P.toLocaleUpperCase('tr')],
  ['lower case (Turkish)', P.toLocaleLowerCase('tr')],
  ['encodeURIComponent', encodeURIComponent(P)],
  ['form-encoded', new URLSearchParams({ p: P }).toString().slice(2)],
  ['every byte percent-encoded, lower-case hex', pctUtf8(P, true)],
  ['double percent-encoding', encodeURIComponent(encodeURIComponent(P))],
  ['percent sign as &#37;', encodeURIComponent(P).replace(/%/g, '&#37;')],
  ['percent sign as &#x25;', encodeURIComponent(P).replace(/%/g, '&#x25;')],
  ['percent sign as &#0000000037;', encodeURIComponent(P).replace(/%/g, '&#0000000037;')],
  ['percent sign as &percnt;', encodeURIComponent(P).replace(/%/g, '&percnt;')],
  ['JSON \\u escapes', cps.map((cp) => `\\u${cp.toString(16).padStart(4, '0')}`).join('')],
  ['decimal references', dec(0)],
  ['decimal references, 3 leading zeros', dec(3)],
  ['decimal references, 10 leading zeros (the issue’s form)', dec(10)],
  ['decimal references, 40 leading zeros', dec(40)],
  ['hex references', hexRef(0)],
  ['hex references &#X, 12 leading zeros', hexRef(12, 'X')],
  ['references without ;', cps.map((cp) => `&#000000${cp}`).join('')],
  ['base64', Buffer.from(P, 'utf8').toString('base64')],
  ['base64url', Buffer.from(P, 'utf8').toString('base64url')],
  ['hex of the UTF-8 bytes', Buffer.from(P, 'utf8').toString('hex')],
];

/** An UpstreamBody that yields the given chunks. */
function upstreamOf(chunks: Buffer[]): UpstreamBody {
  const queue = [...chunks];
  return {
    status: 200,
    contentType: 'application/json',
    contentLength: null,
    read: async () => {
      const next = queue.shift();
      return next ? new Uint8Array(next) : null;
    },
    cancel: () => undefined,
  };
}

/** Streams `chunks` through the answer checks (headBytes 1: past the held-back head at once, the streaming path). */
async function through(chunks: Buffer[]): Promise<{ delivered: Buffer; refused: boolean }> {
  const out: Buffer[] = [];
  try {
    const answer = await checkedAnswer(upstreamOf(chunks), { scanner: echoGuard(P).scanner(), maxBytes: 1 << 30, headBytes: 1 });
    const reader = answer.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return { delivered: Buffer.concat(out), refused: false };
      out.push(Buffer.from(value));
    }
  } catch {
    return { delivered: Buffer.concat(out), refused: true };
  }
}

describe('every promised form, split across two writes at every offset', () => {
  it.each(FORMS)('%s', async (_name, form) => {
    const body = Buffer.from(`[{"NOTE":"${form}"}]`, 'utf8');
    const formBytes = Buffer.from(form, 'utf8');
    const missed: number[] = [];
    for (let at = 1; at < body.length; at++) {
      const { delivered, refused } = await through([body.subarray(0, at), body.subarray(at)]);
      if (!refused || delivered.includes(formBytes)) missed.push(at);
    }
    expect(missed).toEqual([]);
  });

  it('one byte at a time: the 10-zero references are found and no whole character reference of the password got out', async () => {
    const form = dec(10);
    const body = Buffer.from(`[{"NOTE":"${form}"}]`, 'utf8');
    const { delivered, refused } = await through([...body].map((b) => Buffer.from([b])));
    expect(refused).toBe(true);
    // What passed before the cut holds at most the padding of the first reference: not "&#…83;" (S).
    expect(delivered.toString('latin1')).not.toContain('83;');
  });

  it('an ordinary answer with references, zeros and base64-looking text passes whole, byte for byte', async () => {
    const text = `[{"A":"&#0000000000105;&#x000000000131; 0000 &#;&#x; Iğdır","B":"${Buffer.from('başka bir metin 123').toString('base64')}"}]`;
    const body = Buffer.from(text, 'utf8');
    for (let at = 1; at < body.length; at += 7) {
      const { delivered, refused } = await through([body.subarray(0, at), body.subarray(at)]);
      expect(refused).toBe(false);
      expect(delivered.equals(body)).toBe(true);
    }
  });
});

describe('zero padding has a bound', () => {
  it('a reference padded with more than 64 zeros is refused (no ERP writes that); 64 zeros of an ordinary letter pass', async () => {
    expect((await through([Buffer.from(`["&#${'0'.repeat(65)}65;"]`)])).refused).toBe(true);
    const ok = Buffer.from(`["&#${'0'.repeat(64)}65;"]`);
    const passed = await through([ok.subarray(0, 30), ok.subarray(30)]);
    expect(passed.refused).toBe(false);
    expect(passed.delivered.equals(ok)).toBe(true);
  });
});

describe('over real sockets: the ERP writes the 40-zero form (longer than the old window) in two writes', () => {
  const h = gatewayHarness();
  const form = dec(40);

  it('small answer: 502, nothing of the password in the body', async () => {
    const g = await h.loggedIn();
    const body = `[{"NOTE":"${form}"}]`;
    const at = Math.floor(body.length / 2);
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, at));
      setTimeout(() => res.end(body.slice(at)), 60);
    };
    const answer = await rawCall(g.url, '/api/erp/get_cari', { headers: { cookie: cookieOf(g.jar) }, json: { firma_ismi: '' } });
    expect(answer.status).toBe(502);
    expect(answer.body.toString('latin1')).not.toContain('&#');
  });

  it('after 100 KiB already sent (the 200 is out): the connection is cut before the form completes', async () => {
    const g = await h.loggedIn();
    const head = `[{"NOTE":"${'x'.repeat(100 * 1024)}"},{"NOTE":"`;
    const body = `${head}${form}"}]`;
    const at = head.length + Math.floor(form.length / 2);
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(body.slice(0, at));
      setTimeout(() => res.end(body.slice(at)), 60);
    };
    const answer = await rawCall(g.url, '/api/erp/get_cari', { headers: { cookie: cookieOf(g.jar) }, json: { firma_ismi: '' } });
    expect(answer.status).toBe(200);
    expect(answer.cut).toBe(true);
    expect(answer.body.includes(Buffer.from(form))).toBe(false);
    expect(answer.body.toString('latin1')).not.toContain('83;');
  });
});
