// @vitest shared-modules
/**
 * Özet's two answers read in threads of their own (server/gateway/overview-thread.ts, the source
 * through tsx's loader as in dev and the bench): the same parts as read on the gateway's thread,
 * for readable answers and for one the reader refuses; and GET /api/overview with the threads gives
 * the same answer as without them.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answer } from '../../server/demo-erp/answers';
import { getDataset } from '../../server/demo-erp/index';
import { partInThread } from '../../server/gateway/overview-thread';
import { accountsPart, agingPart } from '../../src/domain/overview-summary';
import { APP_ORIGIN, createErpEnv, gatewayFetch, loginAs, resetErpEnv } from '../harness/erp-env';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('the overview thread', () => {
  it('reads the aging and the account list as the gateway thread does; an unreadable answer is the same failure', async () => {
    const text = answer(getDataset(), 'get_yaslandirma', { firma_ismi: '' }, 'cf-column', false);
    const inThread = partInThread('aging', bytes(text));
    expect(inThread).not.toBeNull();
    expect(await inThread).toEqual({ ok: agingPart(text) });
    expect(await partInThread('aging', bytes('<html>ERP hata</html>'))).toEqual({ failed: { kind: 'format', status: 200 } });
    const list = answer(getDataset(), 'get_cari', { firma_ismi: '' }, 'wex', false);
    const accounts = await partInThread('accounts', bytes(list));
    expect(accounts).toEqual({ ok: accountsPart(list) });
    // The account count is the dataset's: every account with a balance on one side or the other.
    const ds = getDataset();
    expect(accounts).toMatchObject({
      ok: { debtorCount: ds.accounts.filter((a) => a.balance > 0).length, creditorCount: ds.accounts.filter((a) => a.balance < 0).length },
    });
    expect(await partInThread('accounts', bytes(''))).toEqual({ failed: { kind: 'format', status: 200 } });
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

  it('an idle thread does not keep the process alive: a script that used it exits', () => {
    // A child process (as `npm run bench` is) reads one aging in the thread while something else keeps
    // it alive (the server, here a timer), then has nothing left to do.
    const thread = fileURLToPath(new URL('../../server/gateway/overview-thread.ts', import.meta.url));
    const script = `const { partInThread } = await import(${JSON.stringify(thread)});
      const server = setInterval(() => undefined, 1000);
      const part = await partInThread('aging', new TextEncoder().encode('<html>ERP hata</html>'));
      clearInterval(server);
      console.log(JSON.stringify(part));`;
    const started = Date.now();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(child.stdout.trim()).toBe(JSON.stringify({ failed: { kind: 'format', status: 200 } }));
    // Killed at 30 s when the thread held it (it did before the listeners came before unref()).
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 40_000);
});
