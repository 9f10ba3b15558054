// @vitest shared-modules
/**
 * ERP_BODY: the parameters go in the POST body as form fields (default, the spec's examples) or as
 * one JSON object (ERP_BODY=json: what WEX hands a component as its arguments). Either way the URL
 * carries nothing but the API password — never the user's password.
 */
import { createErpEnv, gatewayFetch, loginAs, resetErpEnv, APP_ORIGIN } from '../harness/erp-env';
import { resolveSettings } from '../../server/config';

afterEach(() => resetErpEnv());

const NAME = `Öz-Çağ "Yıldız" Gıda & Tic %100 A+ D'Ora`;

async function getCari(firma: string) {
  return gatewayFetch(
    new Request(`${APP_ORIGIN}/api/erp/get_cari`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ firma_ismi: firma }),
    }),
  );
}

describe.each([
  ['form', undefined, 'application/x-www-form-urlencoded; charset=UTF-8'],
  ['json', 'json', 'application/json; charset=utf-8'],
] as const)('ERP_BODY=%s', (_name, erpBody, contentType) => {
  it('login and a search arrive intact in the body; the URL holds only the API password', async () => {
    const env = createErpEnv({ shape: 'mobius', gateway: erpBody ? { erpBody } : {} });
    const captured: { url: string; body: string }[] = [];
    const erpFetch = env.demoErp.fetch.bind(env.demoErp);
    env.demoErp.fetch = async (req: Request) => {
      captured.push({ url: req.url, body: await req.clone().text() });
      return erpFetch(req);
    };
    expect((await loginAs('muhasebe', 'Mali2026!')).name).toBe('Ayşe Yıldırım');
    const res = await getCari(NAME);
    expect(res.status).toBe(200);
    const [login, cari] = env.demoErp.requests.slice(-2);
    expect(login).toMatchObject({ operation: 'get_user', contentType, queryKeys: [], params: { user_name: 'muhasebe', user_password: '***' } });
    expect(cari).toMatchObject({ operation: 'get_cari', contentType, queryKeys: [], params: { firma_ismi: NAME } });
    // The only query parameter is the API password; the user's password is in no URL.
    for (const c of captured) expect([...new URL(c.url).searchParams.keys()]).toEqual(['password']);
    expect(captured.some((c) => c.url.includes('Mali2026'))).toBe(false);
    const loginBody = captured.find((c) => c.url.includes('/get_user'))!.body;
    if (erpBody === 'json') expect(JSON.parse(loginBody)).toEqual({ user_name: 'muhasebe', user_password: 'Mali2026!' });
    else expect(Object.fromEntries(new URLSearchParams(loginBody))).toEqual({ user_name: 'muhasebe', user_password: 'Mali2026!' });
  });
});

describe('ERP_BODY setting', () => {
  const base = { ERP_BASE_URL: 'https://erp.example.com', ERP_API_PASSWORD: 'x', SESSION_SECRET: 'a'.repeat(40) };
  it('form by default, json when asked, anything else refused with the allowed values', () => {
    expect(resolveSettings({ ...base }, 'prod', '/tmp').gateway.erpBody).toBe('form');
    expect(resolveSettings({ ...base, ERP_BODY: 'JSON' }, 'prod', '/tmp').gateway.erpBody).toBe('json');
    expect(() => resolveSettings({ ...base, ERP_BODY: 'xml' }, 'prod', '/tmp')).toThrow(/ERP_BODY must be one of: form, json/);
  });
});
