// @vitest shared-modules
/**
 * Özet's figures are read again only when the ERP's answer changed (overview-route.ts `keptRead`):
 * an unchanged answer gives the kept reading, a payment entered in the ERP shows in the next view.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { keptRead } from '../../server/gateway/overview-route';
import type { OverviewPart } from '../../src/domain/overview-summary';
import { APP_ORIGIN, createErpEnv, gatewayFetch, loginAs, resetErpEnv } from '../harness/erp-env';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('keptRead', () => {
  it('reads an answer once while its bytes stay the same, and again when they change or the read failed', async () => {
    const seen: string[] = [];
    const read = keptRead(async (b: Uint8Array): Promise<OverviewPart<string>> => {
      const text = new TextDecoder().decode(b);
      seen.push(text);
      return text.startsWith('<') ? { failed: { kind: 'format', status: 200 } } : { ok: text.toUpperCase() };
    });
    expect(await read(bytes('{"a":1}'))).toEqual({ ok: '{"A":1}' });
    expect(await read(bytes('{"a":1}'))).toEqual({ ok: '{"A":1}' });
    expect(seen).toEqual(['{"a":1}']);
    // Same length, one byte different.
    expect(await read(bytes('{"a":2}'))).toEqual({ ok: '{"A":2}' });
    expect(await read(bytes('{"a":2} '))).toEqual({ ok: '{"A":2} ' });
    expect(seen).toHaveLength(3);
    // A failure is never kept: the same bytes are read again.
    expect(await read(bytes('<html>'))).toEqual({ failed: { kind: 'format', status: 200 } });
    expect(await read(bytes('<html>'))).toEqual({ failed: { kind: 'format', status: 200 } });
    expect(seen).toHaveLength(5);
  });
});

describe('GET /api/overview after the ERP changed', () => {
  afterEach(() => resetErpEnv());

  it('shows a payment entered in the ERP between two views', async () => {
    // A dataset of its own (another seed): the payment changes it for the rest of this worker.
    const env = createErpEnv({ demoErp: { seed: 30_009 } });
    await loginAs();
    const overview = async () => {
      const res = await gatewayFetch(new Request(`${APP_ORIGIN}/api/overview`, { headers: { 'x-app-request': '1' } }));
      expect(res.status).toBe(200);
      return (await res.json()) as { accounts: { ok: { receivables: number; debtorCount: number } } };
    };
    const first = await overview();
    expect(await overview()).toEqual(first);
    // A TL customer that owes more than 5.000,00 TL pays 5.000,00 TL: it still owes, so Σ receivables
    // falls by exactly 500.000 kuruş and the number of debtors stays.
    const debtor = env.demoErp.dataset.accounts.find((a) => !a.currency && a.balance > 1_000_000)!;
    expect(debtor).toBeDefined();
    env.demoErp.addPayment({ accountId: debtor.id, date: env.demoErp.options.today, amount: 500_000 });
    const after = await overview();
    expect(after.accounts.ok.receivables).toBe(first.accounts.ok.receivables - 500_000);
    expect(after.accounts.ok.debtorCount).toBe(first.accounts.ok.debtorCount);
  });
});
