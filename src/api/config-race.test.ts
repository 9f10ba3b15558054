/**
 * Review defects around the first answer of a deep link (issue 31): the operator's alias file is
 * merged before any answer is read (a misread answer would be cached), and one account is one
 * cache entry whatever spaces its URL carries.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';
import { createApiClient, setApiClient } from './client';
import { fetchConfig } from './session';
import { accountQueries } from './accounts';
import { statementQueries } from './statement';
import { resetAliases } from './reader';
import { classifyMovement, resetMovementClasses } from '../lib/ledger/movements';

afterEach(() => {
  setApiClient();
  resetAliases();
  resetMovementClasses();
  delete globalThis.__erpCalls;
});

describe('the movement classes from the alias file (ERP_ALIASES_FILE → GET /api/config)', () => {
  it('its movementType section extends the İşlem Türü table', async () => {
    const fetchFn = (async () => Response.json({ demo: false, aliases: { movementType: { return: ['Müşteri Mahsup İadesi'] } } })) as unknown as typeof fetch;
    setApiClient(createApiClient({ prefixUrl: 'http://127.0.0.1:5173/api', fetch: fetchFn, timeout: 2000 }));
    expect(classifyMovement('Müşteri Mahsup İadesi')).toBe('other');
    await fetchConfig();
    expect(classifyMovement('Müşteri Mahsup İadesi')).toBe('return');
  });
});

describe('the alias file before the first answer', () => {
  it('an account list answered before /api/config is read with the operator aliases, and cached so', async () => {
    let releaseConfig!: () => void;
    const configGate = new Promise<void>((r) => (releaseConfig = r));
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = input instanceof Request ? input : new Request(input, init);
      if (req.url.endsWith('/config')) {
        await configGate; // the config answer comes after the list's
        return Response.json({ demo: false, aliases: { account: { name: ['MUSTERI_UNVANI'], id: ['MUSTERI_NO'] } } });
      }
      return Response.json([{ MUSTERI_NO: '7', MUSTERI_UNVANI: 'KAYA İNŞAAT' }]);
    }) as typeof fetch;
    setApiClient(createApiClient({ prefixUrl: 'http://127.0.0.1:5173/api', fetch: fetchFn, timeout: 2000 }));
    const qc = createQueryClient();
    const config = fetchConfig();
    const list = qc.fetchQuery(accountQueries.list(''));
    await new Promise((r) => setTimeout(r, 30)); // the list's answer is in; the config's is not
    releaseConfig();
    await config;
    const answer = await list;
    expect(answer.accounts.map((a) => [a.id, a.name])).toEqual([['7', 'KAYA İNŞAAT']]);
  });
});

describe('one cache entry per account', () => {
  it('/accounts/1000%20 and /accounts/1000 are the same call and the same key', () => {
    expect(statementQueries.detail('1000 ').queryKey).toEqual(statementQueries.detail('1000').queryKey);
  });
});
