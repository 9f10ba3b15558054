// @vitest shared-modules
/**
 * Özet's lists wait for its figures (server/gateway/overview-gate.ts): the browser's copies of the
 * two ERP calls GET /api/overview reads, sent beside it by the same session, share its ERP request
 * but are answered only once the figures have been; any other call, and the same call from another
 * session, is answered as usual; a held call whose browser leaves is let go.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getDataset } from '../../server/demo-erp/index';
import { APP_ORIGIN, createErpEnv, resetErpEnv, type ErpEnv } from '../harness/erp-env';

afterEach(() => resetErpEnv());

/** A session of its own: its cookie header. */
async function login(env: ErpEnv, userName = 'demo', password = 'demo'): Promise<string> {
  const res = await env.gateway.fetch(
    new Request(`${APP_ORIGIN}/api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-app-request': '1' },
      body: JSON.stringify({ userName, password }),
    }),
  );
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

const overview = async (env: ErpEnv, cookie: string): Promise<Response> =>
  env.gateway.fetch(new Request(`${APP_ORIGIN}/api/overview`, { headers: { cookie, 'x-app-request': '1' } }));

const erp = async (env: ErpEnv, cookie: string, operation: string, firma_ismi = '', signal?: AbortSignal): Promise<Response> =>
  env.gateway.fetch(
    new Request(`${APP_ORIGIN}/api/erp/${operation}`, {
      method: 'POST',
      headers: { cookie, 'x-app-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ firma_ismi }),
      signal,
    }),
  );

/** Settles `p` into a list of what answered, in order. */
const track = <T>(order: string[], name: string, p: Promise<T>) => p.then((v) => (order.push(name), v));

const tick = (ms: number) => new Promise((ok) => setTimeout(ok, ms));

describe('Özet: the lists sent along wait for the figures', () => {
  it('answers the figures first, then the whole list and aging, from one get_cari and one get_yaslandirma', async () => {
    const env = createErpEnv();
    const cookie = await login(env);
    const order: string[] = [];
    // Sent at the same moment, as the route loader sends Özet's first and along calls.
    const [figures, list, aging] = await Promise.all([
      track(order, 'overview', overview(env, cookie)),
      track(order, 'get_cari', erp(env, cookie, 'get_cari')),
      track(order, 'get_yaslandirma', erp(env, cookie, 'get_yaslandirma')),
    ]);
    expect(order[0]).toBe('overview');
    expect([figures.status, list.status, aging.status]).toEqual([200, 200, 200]);
    const summary = (await figures.json()) as { accounts: { ok: { debtorCount: number; creditorCount: number } } };
    // The list sent along is the whole answer: every account of the dataset, held back, nothing lost.
    const ds = getDataset();
    expect(((await list.json()) as unknown[]).length).toBe(ds.accounts.length);
    const debtors = ds.accounts.filter((a) => a.balance > 0).length;
    expect(summary.accounts.ok.debtorCount).toBe(debtors);
    // The aging lists the accounts with a non-zero balance (the demo ERP's get_yaslandirma).
    expect(((await aging.json()) as unknown[]).length).toBe(ds.accounts.filter((a) => a.balance !== 0).length);
    const calls = env.demoErp.requests.map((r) => r.operation).filter((op) => op !== 'get_user');
    expect(calls.sort()).toEqual(['get_cari', 'get_yaslandirma']);
  }, 60_000);

  it('holds only the same calls of the same session, and lets a held call go when its browser leaves', async () => {
    // The aging never comes until released: the figures are being worked out all along.
    const env = createErpEnv({ demoErp: { failRules: [{ operation: 'get_yaslandirma', mode: 'hang' }] } });
    const mine = await login(env);
    const other = await login(env, 'muhasebe', 'Mali2026!');
    const order: string[] = [];
    const figures = track(order, 'overview', overview(env, mine));
    await tick(20);
    const held = track(order, 'held list', erp(env, mine, 'get_cari'));
    const leaving = new AbortController();
    const heldAging = erp(env, mine, 'get_yaslandirma', '', leaving.signal);
    // Another session's list and this session's search are not Özet's: answered whole meanwhile.
    const theirs = await erp(env, other, 'get_cari');
    expect(theirs.status).toBe(200);
    expect(((await theirs.json()) as unknown[]).length).toBe(getDataset().accounts.length);
    const search = await erp(env, mine, 'get_cari', 'Anadolu');
    expect(search.status).toBe(200);
    await tick(50);
    expect(order).toEqual([]);
    // The held aging's browser leaves: its request ends (no answer), the figures still wait for the ERP.
    leaving.abort();
    const left = await heldAging.catch((e: unknown) => e);
    expect(left instanceof Response ? left.status : 'aborted').not.toBe(200);
    expect(order).toEqual([]);
    env.demoErp.release();
    const [summary, list] = await Promise.all([figures, held]);
    expect(order).toEqual(['overview', 'held list']);
    expect(summary.status).toBe(200);
    // The aging part failed (the ERP gave an empty answer), the account figures stand.
    expect(await summary.json()).toMatchObject({ accounts: { ok: {} }, aging: { failed: { kind: 'format' } } });
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(getDataset().accounts.length);
  }, 60_000);
});
