/**
 * Özet's aging read in its own thread (server/gateway/overview-thread.ts, the source through tsx's
 * loader as in dev and the bench): the same part as read on the gateway's thread, for a readable
 * answer and for one the reader refuses; and GET /api/overview with the thread gives the same answer
 * as without it.
 */
import { describe, expect, it } from 'vitest';
import { answer } from '../../server/demo-erp/answers';
import { getDataset } from '../../server/demo-erp/index';
import { agingPartInThread } from '../../server/gateway/overview-thread';
import { agingPart } from '../../src/domain/overview-summary';
import { APP_ORIGIN, createErpEnv, gatewayFetch, loginAs, resetErpEnv } from '../harness/erp-env';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the overview thread', () => {
  it('reads the aging as the gateway thread does; an unreadable answer is the same failure', async () => {
    const text = answer(getDataset(), 'get_yaslandirma', { firma_ismi: '' }, 'cf-column', false);
    const inThread = agingPartInThread(bytes(text));
    expect(inThread).not.toBeNull();
    expect(await inThread).toEqual({ ok: agingPart(text) });
    expect(await agingPartInThread(bytes('<html>ERP hata</html>'))).toEqual({ failed: { kind: 'format', status: 200 } });
  }, 60_000);

  it('GET /api/overview answers the same with the thread as without it', async () => {
    const summary = async (overviewThread: boolean) => {
      createErpEnv({ gateway: { overviewThread } });
      await loginAs();
      const res = await gatewayFetch(new Request(`${APP_ORIGIN}/api/overview`, { headers: { 'x-app-request': '1' } }));
      expect(res.status).toBe(200);
      const body: unknown = await res.json();
      resetErpEnv();
      return body;
    };
    const here = await summary(false);
    expect(here).toMatchObject({ accounts: { ok: {} }, aging: { ok: {} } });
    expect(await summary(true)).toEqual(here);
  }, 60_000);
});
