// @vitest shared-modules
/**
 * Gateway rules, against a real HTTP gateway (127.0.0.1, free port) in front of a recording fake ERP.
 */
import { request as httpRequest } from 'node:http';
import { unsealData } from 'iron-session';
import { API_PASSWORD, SESSION_SECRET, USER, gatewayHarness, leaks, refusedUrl } from './helpers';

const MIN = 60_000;
const h = gatewayHarness({ oneErp: true, testClock: true });
const { logs, clock, gateway, loggedIn } = h;

/** GET /api/session: 200 with the logged-in user, or 200 {user:null} when nobody is logged in
 * (no 4xx, so a browser's console stays clean on the login page). */
async function sessionUser(g: { call: (path: string, init?: RequestInit) => Promise<Response> }, init?: RequestInit) {
  const res = await g.call('/api/session', init);
  expect(res.status).toBe(200);
  return { res, user: ((await res.json()) as { user: { userName: string } | null }).user };
}

async function expectError(res: Response, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('x-gateway-error')).toBe('1');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await res.json()) as { error: { code: string; message: string; upstreamStatus?: number } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(5);
  return body.error;
}

/** Raw request without any URL normalisation by the client. */
function rawPost(base: string, path: string, headers: Record<string, string>, body = '{}'): Promise<number> {
  const u = new URL(base);
  return new Promise((ok, fail) => {
    const req = httpRequest({ host: u.hostname, port: u.port, path, method: 'POST', headers: { ...headers, 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => ok(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end(body);
  });
}

afterAll(() => {
  // (d) no log line of this suite carries the API password, in any encoding.
  expect(logs.lines.length).toBeGreaterThan(20);
  expect(logs.lines.filter((l) => leaks(l))).toEqual([]);
});

describe('config and login', () => {
  it('GET /api/config needs no session and no header; demo users only in demo mode', async () => {
    const g = await gateway();
    const res = await fetch(`${g.url}/api/config`);
    expect(res.status).toBe(200);
    // No COMPANY_* given: the company fields are there, empty (the letters say it is not configured);
    // no LETTER_TTK94_CLAUSE: the TTK md. 94 clause is on.
    expect(await res.json()).toEqual({ demo: false, company: { title: '', address: '', taxOffice: '', taxNo: '' }, letters: { ttk94Clause: true } });
    const d = await gateway({ demo: { users: [{ userName: 'demo', password: 'demo' }] }, aliases: { account: { name: ['unvan'] } } });
    expect(await (await fetch(`${d.url}/api/config`)).json()).toEqual({
      demo: true,
      demoUsers: [{ userName: 'demo', password: 'demo' }],
      aliases: { account: { name: ['unvan'] } },
      company: { title: '', address: '', taxOffice: '', taxNo: '' },
      letters: { ttk94Clause: true },
    });
  });

  it('login asks the ERP get_user once and sets an HttpOnly, SameSite=Strict session cookie', async () => {
    const g = await gateway();
    const res = await g.login();
    expect(res.status).toBe(200);
    const body = (await res.json()) as { user: { userName: string; name: string } };
    expect(body.user.userName).toBe('ayse');
    expect(h.erp.requests).toHaveLength(1);
    const r = h.erp.requests[0]!;
    expect(r.path).toBe('/wex.cfm/mobiusmus/get_user');
    expect(r.passwords).toEqual([API_PASSWORD]);
    expect(r.form.get('user_name')).toBe('ayse');
    expect(r.form.get('user_password')).toBe('Gizli Şifre 1!');
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cari_session='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/; HttpOnly/i);
    expect(cookie).toMatch(/; SameSite=Strict/i);
    expect(cookie).toMatch(/; Path=\//i);
    expect(cookie).not.toMatch(/Domain=/i);
    expect(cookie).not.toMatch(/; Secure/i);
    // 10 h absolute lifetime as Max-Age
    expect(cookie).toMatch(/Max-Age=36000\b/);
    const session = await g.call('/api/session');
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { userName: string } }).user.userName).toBe('ayse');
  });

  it('over HTTPS the cookie is __Host- prefixed and Secure', async () => {
    const g = await gateway({ secureCookies: true });
    const res = await g.login();
    const cookie = res.headers.getSetCookie()[0] ?? '';
    expect(cookie.startsWith('__Host-cari_session=')).toBe(true);
    expect(cookie).toMatch(/; Secure/i);
    expect((await sessionUser(g)).user).not.toBeNull();
  });

  it('every login gets a fresh session id, also when a session cookie was already sent', async () => {
    const g = await gateway();
    await g.login();
    const first = g.jar.get('cari_session')!;
    await g.login();
    const second = g.jar.get('cari_session')!;
    const a = await unsealData<{ sid: string }>(first, { password: SESSION_SECRET });
    const b = await unsealData<{ sid: string }>(second, { password: SESSION_SECRET });
    expect(a.sid).toMatch(/^[\w-]{20,}$/);
    expect(b.sid).toMatch(/^[\w-]{20,}$/);
    expect(a.sid).not.toBe(b.sid);
  });

  it('wrong credentials → 401 login_failed with the one failed-login message (not the ERP’s text), no cookie', async () => {
    const g = await gateway();
    const res = await g.login('ayse', 'yanlış');
    const err = await expectError(res, 401, 'login_failed');
    expect(err.message).toBe('Kullanıcı adı veya şifre hatalı.');
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await sessionUser(g)).user).toBeNull();
  });

  it('wrong credentials with no ERP message → the generic message', async () => {
    h.erp.loginFail = JSON.stringify({ status: 'hata', data: '' });
    try {
      const g = await gateway();
      const err = await expectError(await g.login('kimse', 'x'), 401, 'login_failed');
      expect(err.message).toBe('Kullanıcı adı veya şifre hatalı.');
    } finally {
      h.erp.loginFail = JSON.stringify({ status: false, data: 'Kullanıcı adı veya şifre yanlış (ERP)' });
    }
  });

  it('login without user name or password → 400, ERP not asked', async () => {
    const g = await gateway();
    await expectError(await g.call('/api/session', { method: 'POST', json: { userName: 'ayse' } }), 400, 'bad_request');
    await expectError(await g.call('/api/session', { method: 'POST', body: 'not json' }), 400, 'bad_request');
    expect(h.erp.requests).toHaveLength(0);
  });

  it('logout → 204, cookie cleared, and the old cookie no longer works', async () => {
    const g = await gateway();
    await g.login();
    const old = g.jar.get('cari_session')!;
    const res = await g.call('/api/session', { method: 'DELETE' });
    expect(res.status).toBe(204);
    expect(res.headers.getSetCookie()[0]).toMatch(/^cari_session=;.*Max-Age=0/i);
    expect((await sessionUser(g, { headers: { cookie: `cari_session=${old}` } })).user).toBeNull();
  });
});

describe('the session gate', () => {
  it('no session → 401 unauthenticated and nothing reaches the ERP', async () => {
    const g = await gateway();
    expect((await sessionUser(g)).user).toBeNull();
    await expectError(await g.erp('get_cari', { firma_ismi: 'a' }), 401, 'unauthenticated');
    await expectError(await g.erp('get_fatura_det', { fatura_id: '1' }), 401, 'unauthenticated');
    expect(h.erp.requests).toHaveLength(0);
  });

  it('forged and tampered cookies → 401, nothing forwarded', async () => {
    const g = await gateway();
    await g.login();
    const real = g.jar.get('cari_session')!;
    h.erp.requests.length = 0;
    const tampered = real.slice(0, 40) + (real[40] === 'A' ? 'B' : 'A') + real.slice(41);
    for (const value of ['forged', 'Fe26.2**abc*def', tampered, JSON.stringify({ sid: 'x', user: { userName: 'admin' } })]) {
      await expectError(
        await g.call('/api/erp/get_cari', { method: 'POST', json: {}, headers: { cookie: `cari_session=${encodeURIComponent(value)}` } }),
        401,
        'unauthenticated',
      );
    }
    expect(h.erp.requests).toHaveLength(0);
  });

  it('idle for 30 minutes → 401; activity within 30 minutes keeps the session', async () => {
    const g = await loggedIn();
    clock.t += 29 * MIN;
    expect((await g.erp('get_cari', { firma_ismi: '' })).status).toBe(200);
    clock.t += 29 * MIN; // 29 min after the last call
    expect((await g.erp('get_cari', { firma_ismi: '' })).status).toBe(200);
    clock.t += 31 * MIN; // 31 min idle (the limit is 30 min, at most one minute late: never early)
    await expectError(await g.erp('get_cari', { firma_ismi: '' }), 401, 'unauthenticated');
    expect(h.erp.requests).toHaveLength(2);
  });

  it('the idle timeout never fires early (issue 24 §6): a call 59 s after the last refresh, then 29 min 59 s of quiet → still logged in', async () => {
    const g = await loggedIn();
    clock.t += 59_000; // not re-sealed: the cookie's lastSeenAt stays at the login
    expect((await g.erp('get_cari', { firma_ismi: '' })).status).toBe(200);
    clock.t += 30 * MIN - 1000; // 29 min 59 s after the last call (30 min 58 s after the cookie's lastSeenAt)
    expect((await g.erp('get_cari', { firma_ismi: '' })).status).toBe(200);
    // and it does fire: 30 min (+ at most the one-minute refresh step) after that call
    clock.t += 31 * MIN;
    await expectError(await g.erp('get_cari', { firma_ismi: '' }), 401, 'unauthenticated');
  });

  it('absolute lifetime of 10 hours ends even an active session', async () => {
    const g = await loggedIn();
    for (let elapsed = 20; elapsed < 600; elapsed += 20) {
      clock.t += 20 * MIN;
      expect((await sessionUser(g)).user, `after ${elapsed} min`).not.toBeNull();
    }
    clock.t += 20 * MIN; // 600 min = 10 h
    expect((await sessionUser(g)).user).toBeNull();
  });

  it('changing SESSION_SECRET logs everyone out cleanly', async () => {
    const a = await gateway();
    await a.login();
    const cookie = `cari_session=${a.jar.get('cari_session')}`;
    const b = await gateway({ sessionSecret: 'another-session-secret-0123456789-abcdefghij' });
    const { res, user } = await sessionUser(b, { headers: { cookie } });
    expect(user).toBeNull();
    expect(res.headers.getSetCookie()[0]).toMatch(/^cari_session=;.*Max-Age=0/i);
    // the same cookie still works where the secret did not change
    expect((await sessionUser(a)).user).not.toBeNull();
  });
});

describe('CSRF guard', () => {
  it('requests without x-app-request: 1 → 403, nothing forwarded', async () => {
    const g = await loggedIn();
    await expectError(await g.erp('get_cari', {}, { headers: { 'x-no-app-header': '1' } }), 403, 'forbidden');
    await expectError(await g.erp('get_cari', {}, { headers: { 'x-app-request': '0' } }), 403, 'forbidden');
    await expectError(
      await g.call('/api/session', { method: 'POST', json: { userName: 'ayse', password: USER.password }, headers: { 'x-no-app-header': '1' } }),
      403,
      'forbidden',
    );
    await expectError(await g.call('/api/session', { method: 'DELETE', headers: { 'x-no-app-header': '1' } }), 403, 'forbidden');
    expect(h.erp.requests).toHaveLength(0);
  });

  it('cross-site fetch metadata or a foreign Origin → 403; same origin passes', async () => {
    const g = await loggedIn();
    const variants: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: g.url.replace('127.0.0.1', 'localhost') },
    ];
    for (const headers of variants) {
      await expectError(await g.erp('get_cari', { firma_ismi: 'a' }, { headers }), 403, 'forbidden');
    }
    expect(h.erp.requests).toHaveLength(0);
    expect((await g.erp('get_cari', { firma_ismi: 'a' }, { headers: { 'sec-fetch-site': 'same-origin', origin: g.url } })).status).toBe(200);
    expect(h.erp.requests).toHaveLength(1);
  });
});

describe('the allowlist', () => {
  it('unknown operations and get_user via /api/erp → 404', async () => {
    const g = await loggedIn();
    for (const op of ['get_user', 'set_cari', 'GET_CARI', 'get_cari_', 'constructor', '__proto__']) {
      await expectError(await g.erp(op, {}), 404, 'not_found');
    }
    await expectError(await g.call('/api/nothing', { method: 'POST', json: {} }), 404, 'not_found');
    expect(h.erp.requests).toHaveLength(0);
  });

  it('only POST (else 405 with Allow: POST); extra parameters, non-string or too long values, bad JSON → 400', async () => {
    const g = await loggedIn();
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await g.call('/api/erp/get_cari', { method });
      await expectError(res, 405, 'bad_request');
      expect(res.headers.get('allow')).toBe('POST');
    }
    await expectError(await g.erp('get_cari', { firma_ismi: 'a', cari_id: '1' }), 400, 'bad_request');
    await expectError(await g.erp('get_cari', { FIRMA_ISMI: 'a' }), 400, 'bad_request');
    await expectError(await g.erp('get_cari', { firma_ismi: 5 }), 400, 'bad_request');
    await expectError(await g.erp('get_cari', { firma_ismi: ['a'] }), 400, 'bad_request');
    await expectError(await g.erp('get_cari', ['a']), 400, 'bad_request');
    await expectError(await g.erp('get_cari', { firma_ismi: 'ş'.repeat(201) }), 400, 'bad_request');
    await expectError(await g.call('/api/erp/get_cari', { method: 'POST', body: '{"firma_ismi":' }), 400, 'bad_request');
    expect(h.erp.requests).toHaveLength(0);
    // 200 characters is still fine
    expect((await g.erp('get_cari', { firma_ismi: 'ş'.repeat(200) })).status).toBe(200);
    expect(h.erp.requests[0]?.form.get('firma_ismi')).toBe('ş'.repeat(200));
  });

  it('a body over 16 KiB → 413, nothing forwarded', async () => {
    const g = await loggedIn();
    const big = JSON.stringify({ firma_ismi: 'a', pad: 'x'.repeat(16 * 1024) });
    await expectError(await g.call('/api/erp/get_cari', { method: 'POST', body: big }), 413, 'payload_too_large');
    await expectError(await g.call('/api/session', { method: 'POST', body: big }), 413, 'payload_too_large');
    // Sent in chunks without a Content-Length: counted while it is read, refused the same way.
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode(i === 0 ? '{"firma_ismi":"' : 'x'.repeat(1024)));
        controller.close();
      },
    });
    await expectError(await g.call('/api/erp/get_cari', { method: 'POST', body: chunked, duplex: 'half' } as RequestInit), 413, 'payload_too_large');
    expect(h.erp.requests).toHaveLength(0);
  });

  it('path tricks never reach another upstream path', async () => {
    const g = await loggedIn();
    const cookie = `cari_session=${g.jar.get('cari_session')}`;
    const headers = { cookie, 'x-app-request': '1' };
    const paths = [
      '/api/erp/..%2Fget_cari',
      '/api/erp//get_cari',
      '/api/erp/get_cari%2F..%2Fx',
      '/api/erp/get_cari/',
      '/api/erp/get_cari/x',
      '/api/erp/get_cari/../get_user',
      '/api/erp/%2e%2e/get_user',
      '/api/erp/%2E%2E%2Fget_user',
      '/api/erp/get_c%61ri',
      '/api/erp/get_cari%00',
      '/api/erp/get_cari;x',
      '/api/erp/get_cari%3Fpassword=x',
      '/api/erp/../../wex.cfm/mobiusmus/get_user',
    ];
    for (const path of paths) {
      const status = await rawPost(g.url, path, headers);
      expect([404, 400], path).toContain(status);
    }
    expect(h.erp.requests).toHaveLength(0);
  });
});

describe('forwarding', () => {
  it('sends every documented parameter (missing ones as ""), the password exactly once, nothing of the client', async () => {
    const g = await loggedIn();
    const res = await g.call('/api/erp/get_fatura?password=tarayici', {
      method: 'POST',
      json: { fatura_no: 'FA-2026/001', password: 'tarayıcıdan' },
      headers: { authorization: 'Bearer x', 'x-forwarded-for': '10.0.0.1', 'accept-language': 'tr' },
    });
    expect(res.status).toBe(200);
    expect(h.erp.requests).toHaveLength(1);
    const r = h.erp.requests[0]!;
    expect(r.method).toBe('POST');
    expect(r.url.split('?')[0]).toBe('/wex.cfm/mobiusmus/get_fatura');
    expect(r.passwords).toEqual([API_PASSWORD]);
    expect([...new URL(r.url, 'http://x').searchParams.keys()]).toEqual(['password']);
    expect(r.body.toString('latin1')).toBe('fatura_no=FA-2026%2F001&firma_ismi=');
    expect(r.headers['content-type']).toBe('application/x-www-form-urlencoded; charset=UTF-8');
    expect(r.headers.cookie).toBeUndefined();
    expect(r.headers.authorization).toBeUndefined();
    expect(r.headers['x-app-request']).toBeUndefined();
    expect(r.headers['x-forwarded-for']).toBeUndefined();
  });

  it('the five operations of the service specification reach the ERP with their documented parameters, and only those', async () => {
    // docs/service-spec.md, by hand: each operation and the parameters it takes.
    const spec: [string, string[]][] = [
      ['get_cari', ['firma_ismi']],
      ['get_cari_extre', ['cari_id']],
      ['get_yaslandirma', ['firma_ismi']],
      ['get_fatura', ['fatura_no', 'firma_ismi']],
      ['get_fatura_det', ['fatura_id']],
    ];
    const g = await loggedIn();
    for (const [op, params] of spec) {
      const before = h.erp.requests.length;
      const res = await g.erp(op, Object.fromEntries(params.map((p) => [p, 'Ş1'])));
      expect([op, res.status]).toEqual([op, 200]);
      const r = h.erp.requests[before]!;
      expect([op, r.url.split('?')[0], [...r.form.keys()]]).toEqual([op, `/wex.cfm/mobiusmus/${op}`, params]);
      // Another operation's parameter is refused before the ERP is asked.
      const other = spec.flatMap(([, p]) => p).find((p) => !params.includes(p))!;
      await expectError(await g.erp(op, { [other]: '1' }), 400, 'bad_request');
      expect(h.erp.requests.length).toBe(before + 1);
    }
  });

  it('Turkish letters and & % + " \' arrive byte for byte', async () => {
    const g = await loggedIn();
    expect((await g.erp('get_yaslandirma', { firma_ismi: 'ığdır &%+"\'' })).status).toBe(200);
    const r = h.erp.requests[0]!;
    // ı = C4 B1, ğ = C4 9F, space = +, & = %26, % = %25, + = %2B, " = %22, ' = %27
    expect(r.body.toString('latin1')).toBe('firma_ismi=%C4%B1%C4%9Fd%C4%B1r+%26%25%2B%22%27');
    expect(r.form.get('firma_ismi')).toBe('ığdır &%+"\'');
  });

  it('answers the ERP body verbatim (BOM, // prefix and all) as text', async () => {
    const g = await loggedIn();
    h.erp.answer = '\uFEFF  // [{"FIRMA_ADI":"Şişli A.Ş.","BAKIYE":"1.234,56"}]\r\n';
    const res = await g.erp('get_cari', { firma_ismi: 'şiş' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(h.erp.answer, 'utf8'))).toBe(true);
    h.erp.answer = '[{"FIRMA_ID":"7","FIRMA_ADI":"Iğdır Ltd"}]';
  });

  it('ERP HTML 500 → 502 upstream_http with a plain message, never the HTML', async () => {
    const g = await loggedIn();
    h.erp.mode = 'html500';
    const res = await g.erp('get_cari', { firma_ismi: 'a' });
    const text = await res.clone().text();
    const err = await expectError(res, 502, 'upstream_http');
    expect(err.upstreamStatus).toBe(500);
    expect(text).not.toMatch(/<html|cfdump|wex\.cfm/i);
    expect(leaks(text)).toBe(false);
  });

  it('a wrong API password (empty 401 from the ERP) → 502 upstream_http saying it is a configuration problem', async () => {
    const wrong = 'Yanlis-Api-Sifresi&%+';
    const g = await gateway({ erpApiPassword: wrong });
    const res = await g.login();
    const text = await res.clone().text();
    const err = await expectError(res, 502, 'upstream_http');
    expect(err.upstreamStatus).toBe(401);
    expect(err.message).toMatch(/API şifresi/);
    expect(err.message).toMatch(/yapılandırma/);
    expect(leaks(text, wrong)).toBe(false);
    expect(logs.lines.some((l) => leaks(l, wrong))).toBe(false);
  });

  it('an ERP answer that echoes the API password never reaches the browser (data and login)', async () => {
    const g = await loggedIn();
    h.erp.mode = 'echo200';
    const res = await g.erp('get_cari', { firma_ismi: 'a' });
    const text = await res.clone().text();
    await expectError(res, 502, 'upstream_http');
    expect(leaks(text, API_PASSWORD)).toBe(false);
    const login = await g.login();
    const loginText = await login.clone().text();
    await expectError(login, 502, 'upstream_http');
    expect(leaks(loginText, API_PASSWORD)).toBe(false);
  });

  it('an ERP that does not answer within erpTimeoutMs → 504 upstream_timeout', async () => {
    const g = await loggedIn({ erpTimeoutMs: 300 });
    h.erp.mode = 'hang';
    await expectError(await g.erp('get_cari', { firma_ismi: 'a' }), 504, 'upstream_timeout');
  });

  it('connection refused → 502 upstream_unreachable, without the upstream URL', async () => {
    const url = await refusedUrl();
    const g = await gateway({ erpBaseUrl: url });
    const res = await g.login();
    const text = await res.clone().text();
    await expectError(res, 502, 'upstream_unreachable');
    expect(text).not.toContain(url.replace('http://', ''));
    expect(leaks(text)).toBe(false);
  });

  it('an HTML page with status 200 at login → 502, not a login', async () => {
    const g = await gateway();
    h.erp.mode = 'html200';
    const err = await expectError(await g.login(), 502, 'upstream_http');
    expect(err.upstreamStatus).toBe(200);
    expect((await sessionUser(g)).user).toBeNull();
  });
});

describe('brute-force limit', () => {
  it('parallel wrong guesses cannot slip past the limit while earlier ones wait for the ERP', async () => {
    const g = await gateway();
    h.erp.loginDelayMs = 150;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => g.login('ayse', `paralel${i}`)));
    h.erp.loginDelayMs = 0;
    const statuses = answers.map((r) => r.status);
    // 5 guesses a minute per user name: 5 reach the ERP (401), the other 15 are refused (429).
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    expect(h.erp.requests.filter((r) => r.path.endsWith('/get_user'))).toHaveLength(5);
  });

  it('a successful login does not count as a failure', async () => {
    const g = await gateway();
    for (let i = 0; i < 6; i++) expect((await g.login()).status).toBe(200);
  });

  const from = (g: Awaited<ReturnType<typeof gateway>>, ip: string, userName: string, password: string) =>
    g.call('/api/session', { method: 'POST', json: { userName, password }, headers: { 'x-test-client': ip } });
  const getUserCalls = () => h.erp.requests.filter((r) => r.path.endsWith('/get_user')).length;

  it('5 wrong passwords for a user from one address: that address waits, with growing delays; the right password from another address still gets in', async () => {
    const g = await gateway();
    for (let i = 0; i < 5; i++) await expectError(await from(g, '10.0.0.1', 'ayse', `yanlis${i}`), 401, 'login_failed');
    const asked = getUserCalls();
    // the same address (any spelling of the name) waits 30 s, even with the right password, and the ERP is not asked
    const res = await from(g, '10.0.0.1', 'AYSE', USER.password);
    await expectError(res, 429, 'rate_limited');
    expect(res.headers.get('retry-after')).toBe('30');
    expect(getUserCalls()).toBe(asked);
    // the real user from another address is not locked out
    expect((await from(g, '10.0.0.2', 'ayse', USER.password)).status).toBe(200);
    // delays grow: 30 s, then 60 s, then 120 s after each further failure
    clock.t += 30_000;
    await expectError(await from(g, '10.0.0.1', 'ayse', 'yanlis5'), 401, 'login_failed');
    expect((await from(g, '10.0.0.1', 'ayse', USER.password)).headers.get('retry-after')).toBe('60');
    clock.t += 60_000;
    await expectError(await from(g, '10.0.0.1', 'ayse', 'yanlis6'), 401, 'login_failed');
    expect((await from(g, '10.0.0.1', 'ayse', USER.password)).headers.get('retry-after')).toBe('120');
    clock.t += 120_000;
    expect((await from(g, '10.0.0.1', 'ayse', USER.password)).status).toBe(200);
  });

  it('a user who never failed gets in from an address where someone else failed 5 times', async () => {
    const g = await gateway();
    for (let i = 0; i < 5; i++) await expectError(await from(g, '10.0.0.1', 'mehmet', `yanlis${i}`), 401, 'login_failed');
    expect((await from(g, '10.0.0.1', USER.userName, USER.password)).status).toBe(200);
  });

  it('one address trying many user names is stopped after 10 failures; a user who logged in from there before still gets in', async () => {
    const g = await gateway();
    expect((await from(g, '10.0.0.7', USER.userName, USER.password)).status).toBe(200);
    for (let i = 0; i < 10; i++) await expectError(await from(g, '10.0.0.7', `user${i}`, 'x'), 401, 'login_failed');
    const asked = getUserCalls();
    await expectError(await from(g, '10.0.0.7', 'user10', 'x'), 429, 'rate_limited');
    await expectError(await from(g, '10.0.0.7', 'zeynep', 'x'), 429, 'rate_limited');
    expect(getUserCalls()).toBe(asked);
    // ayse logged in from 10.0.0.7 before: the address ceiling does not lock her out
    expect((await from(g, '10.0.0.7', USER.userName, USER.password)).status).toBe(200);
    // another address is not affected
    expect((await from(g, '10.0.0.8', 'user11', 'x')).status).toBe(401);
  });

  it('a spray against one user from many addresses is stopped after 30 failures; the user still gets in from an address they used before', async () => {
    const g = await gateway();
    expect((await from(g, '10.1.0.1', USER.userName, USER.password)).status).toBe(200);
    for (let i = 0; i < 30; i++) await expectError(await from(g, `10.2.0.${i}`, 'ayse', `yanlis${i}`), 401, 'login_failed');
    const asked = getUserCalls();
    await expectError(await from(g, '10.2.0.30', 'ayse', 'yanlis30'), 429, 'rate_limited');
    await expectError(await from(g, '10.3.0.1', 'ayse', USER.password), 429, 'rate_limited');
    expect(getUserCalls()).toBe(asked);
    expect((await from(g, '10.1.0.1', USER.userName, USER.password)).status).toBe(200);
  });

  it('without a custom clientAddress the socket address is used', async () => {
    const g = await gateway({ clientAddress: undefined });
    for (let i = 0; i < 10; i++) expect((await g.login(`u${i}`, 'x')).status).toBe(401);
    await expectError(await g.login('u10', 'x'), 429, 'rate_limited');
  });
});

describe('client address (trusted proxies)', () => {
  const failFrom = (g: Awaited<ReturnType<typeof gateway>>, xff: string, userName: string) =>
    g.call('/api/session', { method: 'POST', json: { userName, password: 'x' }, headers: { 'x-forwarded-for': xff } });

  it('X-Forwarded-For from a peer that is not a listed proxy is ignored: a new forged address per try does not escape the address limit', async () => {
    const g = await gateway({ clientAddress: undefined, trustProxy: ['10.0.0.1'] });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await failFrom(g, `203.0.113.${i}`, `u${i}`)).status);
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429]);
    expect(h.erp.requests.filter((r) => r.path.endsWith('/get_user'))).toHaveLength(10);
  });

  it('from a listed proxy, X-Forwarded-For is read from the right, past the listed proxies', async () => {
    const g = await gateway({ clientAddress: undefined, trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
    // distinct clients behind the proxy chain count separately
    for (let i = 0; i < 12; i++) expect((await failFrom(g, `198.51.100.${i}, 10.1.2.3`, `u${i}`)).status).toBe(401);
    // one client: 10 failures, then its address waits — whatever it writes on the left
    for (let i = 0; i < 10; i++) expect((await failFrom(g, `192.0.2.${i}, 203.0.113.9, 10.0.0.9`, `v${i}`)).status).toBe(401);
    await expectError(await failFrom(g, '203.0.113.9', 'v10'), 429, 'rate_limited');
  });

  it('a hop count (TRUST_PROXY=1) takes the right-most entry', async () => {
    const g = await gateway({ clientAddress: undefined, trustProxy: 1 });
    for (let i = 0; i < 10; i++) expect((await failFrom(g, `9.9.9.${i}, 1.1.1.1`, `u${i}`)).status).toBe(401);
    await expectError(await failFrom(g, '1.1.1.1', 'u10'), 429, 'rate_limited');
    expect((await failFrom(g, '2.2.2.2', 'u11')).status).toBe(401);
  });

  it('without trustProxy a forged X-Forwarded-For does not escape the limit', async () => {
    const g = await gateway({ clientAddress: undefined });
    for (let i = 0; i < 10; i++) expect((await failFrom(g, `3.3.3.${i}`, `u${i}`)).status).toBe(401);
    await expectError(await failFrom(g, '4.4.4.4', 'u10'), 429, 'rate_limited');
  });
});

describe('sliding refresh', () => {
  it('re-seals the cookie only when the last refresh is over a minute old', async () => {
    const g = await loggedIn();
    clock.t += 30_000;
    const soon = await g.call('/api/session');
    expect(soon.headers.getSetCookie()).toEqual([]);
    clock.t += 60_000;
    const later = await g.call('/api/session');
    const cookie = later.headers.getSetCookie()[0] ?? '';
    expect(cookie).toMatch(/^cari_session=.+; Max-Age=35910;/); // 10 h − 90 s left
    const data = await unsealData<{ lastSeenAt: number; createdAt: number }>(g.jar.get('cari_session')!, { password: SESSION_SECRET });
    expect(data.lastSeenAt - data.createdAt).toBe(90_000);
  });
});

describe('audit log', () => {
  it('one JSON line per call with user, operation, status and time — no parameter values', async () => {
    const g = await loggedIn();
    const before = logs.lines.length;
    await (await g.erp('get_cari', { firma_ismi: 'GizliFirmaAdı' })).text();
    const added = logs.lines.slice(before);
    expect(added).toHaveLength(1);
    const entry = JSON.parse(added[0]!) as Record<string, unknown>;
    expect(Object.keys(entry).sort()).toEqual(['bytes', 'ms', 'op', 'status', 'time', 'user']);
    // The fake ERP's answer [{"FIRMA_ID":"7","FIRMA_ADI":"Iğdır Ltd"}]: 42 characters, ğ and ı two bytes each.
    expect(entry).toMatchObject({ user: 'ayse', op: 'get_cari', status: 200, bytes: 44, time: '2026-01-31T09:00:00.000Z' });
    expect(typeof entry.ms).toBe('number');
    expect(logs.lines.some((l) => l.includes('GizliFirmaAdı'))).toBe(false);
    expect(logs.lines.some((l) => l.includes(USER.password))).toBe(false);
  });
});
