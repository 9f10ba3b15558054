// @vitest shared-modules
/**
 * Workcube's wex.cfm refuses a call in three ways, each a configuration problem of its own
 * (docs/erp-contract.md §2): an empty 401 (wrong API password), a 404 "Wex not found or not
 * registered!" (wrong ERP_SERVICE), a 404 "Wex method not found!" (the operation is not deployed on
 * this installation). The gateway names each one (code upstream_http + reason) and never passes on
 * the ERP's text or the API password.
 */
import { createErpEnv, gatewayFetch, loginAs, resetErpEnv, APP_ORIGIN } from '../harness/erp-env';
import { errorFromResponse } from '../../src/domain/errors';

afterEach(() => resetErpEnv());

async function erpCall(op: string, params: Record<string, string>) {
  return gatewayFetch(
    new Request(`${APP_ORIGIN}/api/erp/${op}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify(params),
    }),
  );
}
async function login() {
  return gatewayFetch(
    new Request(`${APP_ORIGIN}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName: 'demo', password: 'demo' }),
    }),
  );
}
async function refusal(res: Response) {
  const text = await res.text();
  const body = JSON.parse(text) as { error: { code: string; message: string; upstreamStatus: number; reason?: string } };
  const browser = errorFromResponse(res.status, body, res.headers.get('x-gateway-error') === '1');
  return { status: res.status, text, ...body.error, shown: browser.userMessage };
}

describe('Workcube’s refusals, each with its own message', () => {
  it('empty 401: the API password (ERP_API_PASSWORD) was not accepted', async () => {
    const env = createErpEnv({ shape: 'mobius', wrongApiPassword: true });
    const r = await refusal(await login());
    expect([r.status, r.code, r.upstreamStatus, r.reason]).toEqual([502, 'upstream_http', 401, 'api_password']);
    expect(r.message).toMatch(/API şifresini kabul etmedi.*ERP_API_PASSWORD/);
    expect(r.shown).toMatch(/ERP API şifresi kabul edilmedi/);
    expect(r.text).not.toContain(env.apiPassword);
  });

  it('404 "Wex not found or not registered!": the service name (ERP_SERVICE) is wrong', async () => {
    const env = createErpEnv({ shape: 'mobius', gateway: { erpService: 'mobius' } });
    const r = await refusal(await login());
    expect([r.status, r.code, r.upstreamStatus, r.reason]).toEqual([502, 'upstream_http', 404, 'unknown_service']);
    expect(r.message).toMatch(/ERP_SERVICE/);
    expect(r.shown).toMatch(/servisi tanımıyor.*ERP_SERVICE/);
    expect(r.text).not.toContain(env.apiPassword);
  });

  it('404 "Wex method not found!": this one operation is not deployed; the others work', async () => {
    createErpEnv({ shape: 'mobius', demoErp: { undeployed: ['get_fatura_det'] } });
    await loginAs();
    const r = await refusal(await erpCall('get_fatura_det', { fatura_id: '1' }));
    expect([r.status, r.code, r.upstreamStatus, r.reason]).toEqual([502, 'upstream_http', 404, 'unknown_operation']);
    expect(r.message).toContain('“get_fatura_det” işlemi yok');
    expect(r.shown).toMatch(/yüklü değil/);
    expect((await erpCall('get_cari', { firma_ismi: 'Şimşek' })).status).toBe(200);
  });

  it('any other 404 stays a plain ERP error with its status', async () => {
    createErpEnv({ shape: 'mobius', gateway: { erpBaseUrl: 'http://demo-erp.test/baska-yol' } });
    const r = await refusal(await login());
    expect([r.upstreamStatus, r.reason]).toEqual([404, undefined]);
    expect(r.shown).toMatch(/ERP sunucusu hata verdi \(HTTP 404\)/);
  });
});
