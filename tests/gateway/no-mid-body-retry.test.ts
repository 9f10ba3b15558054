// @vitest shared-modules
/**
 * Issue 36 (7): a call is retried only before any answer. When the ERP drops the connection halfway
 * through its answer, the gateway must not ask again (undici's retry interceptor used to re-send the
 * POST with a Range header: an ERP or proxy that honours Range on a POST could splice two runs into
 * one answer). The browser's answer is cut instead. Real sockets, the gateway's own dispatcher.
 */
import { cookieOf, gatewayHarness, rawCall } from './helpers';

const h = gatewayHarness();

describe('the ERP drops the connection mid-answer', () => {
  it('is not asked again (no Range, no second request); the browser sees its answer cut', async () => {
    const g = await h.loggedIn();
    const total = 300_000;
    h.erp.handler = (res, req) => {
      if (req.headers.range) {
        // What a Range-honouring ERP would do: the rest of a *different* run.
        res.writeHead(206, { 'content-type': 'application/json', 'content-range': `bytes 150000-${total - 1}/${total}` }).end('Y'.repeat(total - 150_000));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(total) });
      res.write('["' + 'X'.repeat(150_000 - 2));
      setTimeout(() => res.socket?.destroy(), 50);
    };
    const answer = await rawCall(g.url, '/api/erp/get_cari', { headers: { cookie: cookieOf(g.jar) }, json: { firma_ismi: '' } });
    const dataCalls = h.erp.requests.filter((r) => r.path.endsWith('/get_cari'));
    expect(dataCalls.map((r) => r.headers.range ?? 'no range')).toEqual(['no range']);
    expect(answer.body.includes('Y')).toBe(false);
    expect(answer.cut || answer.status === 502).toBe(true);
  });

  it('a connection reset before any answer is still tried once more, and answered', async () => {
    const g = await h.loggedIn();
    let n = 0;
    h.erp.handler = (res) => {
      n++;
      if (n === 1) {
        res.socket?.destroy();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('[{"FIRMA_ID":"9"}]');
    };
    const answer = await g.erp('get_cari', { firma_ismi: '' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual([{ FIRMA_ID: '9' }]);
    expect(n).toBe(2);
  });
});
