/**
 * Özet's figures as the gateway works them out (GET /api/overview) over the real gateway and demo
 * ERP, in every answer shape the reader knows: each figure worked out here by hand from the raw
 * demo dataset (statement lines, integer kuruş, the demo ERP's own agingOf) — the same figures the
 * list and aging pages show (tests/flows/overview.test.tsx follows the links to them). Then what
 * Özet shows when one of its two ERP answers fails or cannot be read.
 */
import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AGING_BUCKETS, agingOf, getDataset, type AgingBucket } from '../../server/demo-erp/dataset';
import { SHAPES } from '../../server/demo-erp/shapes';
import { ERP_ERROR_MESSAGE } from '../../server/demo-erp/index';
import { APP_ORIGIN, actUntil, gatewayFetch, loginAs, renderApp, setDemoFailRules, setDemoShape } from '../harness';
import type { OverviewSummary } from '../../src/domain/overview-summary';
import type { Cell } from '../../src/domain/erp-types';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8000 });

const ds = getDataset();
const balances = ds.accounts.map((a) => ({ a, balance: a.lines.reduce((s, l) => s + l.debit - l.credit, 0) }));
const debtors = balances.filter((x) => x.balance > 0);
const creditors = balances.filter((x) => x.balance < 0);
const OVERDUE: AgingBucket[] = ['d0_30', 'd31_60', 'd61_90', 'd91_120', 'd120plus'];
const OLDEST_FIRST = [...OVERDUE].reverse();
const agingSide = (rows: typeof debtors) => {
  const aged = rows.map((x) => ({ a: x.a, b: agingOf(x.a.lines, ds.today).buckets }));
  const sum = (k: AgingBucket) => aged.reduce((s, r) => s + r.b[k], 0);
  const withOverdue = aged.filter((r) => OVERDUE.some((k) => r.b[k] !== 0));
  const largest = [...withOverdue]
    .sort((x, y) => {
      for (const k of OLDEST_FIRST) if (Math.abs(x.b[k]) !== Math.abs(y.b[k])) return Math.abs(y.b[k]) - Math.abs(x.b[k]);
      return 0;
    })
    .slice(0, 10);
  return {
    buckets: AGING_BUCKETS.map(sum),
    overdue: OVERDUE.reduce((s, k) => s + sum(k), 0),
    overdueCount: withOverdue.length,
    largest: largest.map((r) => r.a.name),
  };
};
const EXPECTED = {
  receivables: debtors.reduce((s, x) => s + x.balance, 0),
  payables: creditors.reduce((s, x) => s - x.balance, 0),
  debtorCount: debtors.length,
  creditorCount: creditors.length,
  topDebtors: [...debtors]
    .sort((x, y) => y.balance - x.balance)
    .slice(0, 10)
    .map((x) => x.a.name),
  topCreditors: [...creditors]
    .sort((x, y) => x.balance - y.balance)
    .slice(0, 10)
    .map((x) => x.a.name),
  B: agingSide(debtors),
  A: agingSide(creditors),
};
const names = new Set(ds.accounts.map((a) => a.name));
/** The account name among a row's cells (whatever the shape calls its name column). */
const nameIn = (row: Record<string, Cell>) => {
  for (const c of Object.values(row)) if (c.kind === 'text' && names.has(c.text)) return c.text;
  return '';
};

async function overview(): Promise<{ status: number; body: OverviewSummary }> {
  const res = await gatewayFetch(new Request(`${APP_ORIGIN}/api/overview`, { headers: { 'x-app-request': '1' } }));
  return { status: res.status, body: (await res.json()) as OverviewSummary };
}

describe('GET /api/overview', () => {
  it.each(SHAPES)('shape %s: every figure as worked out by hand from the dataset', async (shape) => {
    setDemoShape(shape);
    await loginAs();
    const { status, body } = await overview();
    expect(status).toBe(200);
    if (!('ok' in body.accounts) || !('ok' in body.aging)) throw new Error(`a part failed: ${JSON.stringify(body).slice(0, 300)}`);
    const acc = body.accounts.ok;
    expect({ r: acc.receivables, p: acc.payables, net: acc.net, d: acc.debtorCount, c: acc.creditorCount, u: acc.unreadable, o: acc.overflow }).toEqual({
      r: EXPECTED.receivables,
      p: EXPECTED.payables,
      net: EXPECTED.receivables - EXPECTED.payables,
      d: EXPECTED.debtorCount,
      c: EXPECTED.creditorCount,
      u: 0,
      o: false,
    });
    expect(acc.topDebtors.map((a) => a.name)).toEqual(EXPECTED.topDebtors);
    expect(acc.topCreditors.map((a) => a.name)).toEqual(EXPECTED.topCreditors);
    for (const [side, fig] of [
      ['B', body.aging.ok.receivables],
      ['A', body.aging.ok.payables],
    ] as const) {
      const want = EXPECTED[side];
      expect([side, fig.bucketTotals, fig.overdue, fig.overdueCount]).toEqual([side, want.buckets, want.overdue, want.overdueCount]);
      expect([side, fig.largestOverdue.map(nameIn)]).toEqual([side, want.largest]);
    }
    // A few KB: the figures and the rows shown, never the lists.
    expect(JSON.stringify(body).length).toBeLessThan(40_000);
  });

  it('without a session: 401, nothing asked of the ERP', async () => {
    const res = await gatewayFetch(new Request(`${APP_ORIGIN}/api/overview`, { headers: { 'x-app-request': '1' } }));
    expect(res.status).toBe(401);
  });

  it('an answer that cannot be read, or an ERP that reports a failure, fails only its own part', async () => {
    await loginAs();
    setDemoFailRules([
      { operation: 'get_cari', mode: 'html200' },
      { operation: 'get_yaslandirma', mode: 'erp-error' },
    ]);
    let { status, body } = await overview();
    expect(status).toBe(200);
    // An HTML page with 200: unreadable, as the list page's own reader would find it.
    expect('failed' in body.accounts && body.accounts.failed).toEqual({ kind: 'format', status: 200 });
    expect('failed' in body.aging && body.aging.failed).toEqual({ kind: 'erp', message: ERP_ERROR_MESSAGE });
    setDemoFailRules([{ operation: 'get_yaslandirma', mode: 'html500' }]);
    ({ status, body } = await overview());
    expect(status).toBe(200);
    expect('ok' in body.accounts && body.accounts.ok.receivables).toBe(EXPECTED.receivables);
    expect('failed' in body.aging && body.aging.failed).toMatchObject({
      kind: 'gateway',
      status: 502,
      body: { error: { code: 'upstream_http', upstreamStatus: 500 } },
    });
  });
});

/** Özet opened (in-app, from another page) while the ERP fails as `rules` say. */
async function openOverviewFailing(rules: Parameters<typeof setDemoFailRules>[0]) {
  const app = await renderApp('/bos-sayfa', { loggedIn: true });
  await screen.findByRole('heading', { level: 1, name: 'Sayfa bulunamadı' });
  setDemoFailRules(rules);
  await actUntil(app, () => app.router.navigate('/'));
}

describe('Özet when one of its answers fails', () => {
  it('the aging down: the account figures stand, the aging sections say why in Turkish with a retry', async () => {
    await openOverviewFailing([{ operation: 'get_yaslandirma', mode: 'html500' }]);
    const tl = (minor: number) => `${String(Math.floor(minor / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, '.')},${String(minor % 100).padStart(2, '0')}`;
    expect(await screen.findByTestId('overview-receivables')).toHaveTextContent(`${tl(EXPECTED.receivables)} B`);
    const aging = screen.getByRole('region', { name: 'Alacak yaşlandırması (ERP)' });
    expect(within(aging).getByRole('alert')).toHaveTextContent(/ERP sunucusu hata verdi \(HTTP 500\)/);
    expect(within(aging).getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
    expect(screen.queryByTestId('overview-overdue')).not.toBeInTheDocument();
  });

  it('the account list reported a failure by the ERP: its message, the aging figures stand', async () => {
    await openOverviewFailing([{ operation: 'get_cari', mode: 'erp-error' }]);
    expect(await screen.findByTestId('overview-overdue')).toHaveTextContent(/\d/);
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((a) => a.textContent).join(' ')).toContain(ERP_ERROR_MESSAGE);
    expect(screen.queryByTestId('overview-receivables')).not.toBeInTheDocument();
  });
});
