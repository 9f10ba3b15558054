// @vitest shared-modules
/**
 * Issue 36 (4): the ERP's Content-Type never reaches the browser as sent — its parameters could carry
 * anything (here the API password). The browser gets one of two fixed types. Real sockets.
 */
import { API_PASSWORD, cookieOf, gatewayHarness, leaks, rawCall } from './helpers';

const h = gatewayHarness();

describe('the answer content type is fixed, never the ERP’s header', () => {
  it('a JSON answer whose Content-Type carries the password in a parameter goes out as plain application/json', async () => {
    const g = await h.loggedIn();
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': `application/json; charset=utf-8; debug=${encodeURIComponent(API_PASSWORD)}` }).end('[{"FIRMA_ID":"1"}]');
    };
    const answer = await rawCall(g.url, '/api/erp/get_cari', { headers: { cookie: cookieOf(g.jar) }, json: { firma_ismi: '' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(leaks(JSON.stringify(answer.headers))).toBe(false);
    expect(answer.body.toString('utf8')).toBe('[{"FIRMA_ID":"1"}]');
  });

  it('any other type (parameters and all) goes out as text/plain; charset=utf-8', async () => {
    const g = await h.loggedIn();
    h.erp.handler = (res) => {
      res.writeHead(200, { 'content-type': `text/html; boundary=${encodeURIComponent(API_PASSWORD)}` }).end('[{"FIRMA_ID":"2"}]');
    };
    const answer = await rawCall(g.url, '/api/erp/get_cari', { headers: { cookie: cookieOf(g.jar) }, json: { firma_ismi: '' } });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(leaks(JSON.stringify(answer.headers))).toBe(false);
  });
});
