// @vitest shared-modules
/**
 * Issue 46 item 7: an account the ERP's account list (get_cari) gives in TL whose statement lines are
 * USD transactions (beside TL lines, or all of them) states the position of each currency its lines
 * carry — TL the TL-written lines, USD the USD amounts, each with its side — with the ERP's TL figure
 * beside: in the letter PDF, on the reply page (their balance asked per currency) and on the board
 * (ours per currency, a USD disagreement a USD difference). Worked by hand: the demo dataset's 1012
 * listed in TL, and two hand-made statements.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, Statement, StatementLine } from '../../src/domain/erp-types';
import { upstreamSource, type ErpSource } from '../../server/app/erp';
import { mutabakatHarness, type Harness, datasetPositions, letterCampaign } from './mutabakat-harness';
import { pdfWords as pdfText } from '../harness/pdf-text';

const ASOF = '2026-06-30';

const L = (index: number, date: string, type: string, debit: number, credit: number, currency: string, currencyAmount: number): StatementLine => ({
  index,
  date,
  dueDate: date,
  type,
  debit,
  credit,
  currency,
  currencyAmount,
  invalid: {},
  extras: {},
});
const account = (id: string, name: string): Account => ({
  id,
  category: 'Müşteri',
  name,
  province: 'İzmir',
  district: 'Konak',
  balance: null,
  currency: null,
  extras: {},
});

/** Hand-made statements of accounts the list gives in TL. */
const HAND: Record<string, { account: Account; lines: StatementLine[] }> = {
  // SF1 10.000,00 TL borç; SFU1 1.000,00 USD borç (35.000,00 TL); Tahsilat 4.000,00 TL alacak.
  '9001': {
    account: account('9001', 'Ege Dış Ticaret Ltd.'),
    lines: [
      L(0, '2026-03-02', 'SF1', 1_000_000, 0, 'TL', 1_000_000),
      L(1, '2026-03-10', 'SFU1', 3_500_000, 0, 'USD', 100_000),
      L(2, '2026-04-01', 'Tahsilat', 0, 400_000, 'TL', 400_000),
    ],
  },
  // SFU1 1.000,00 USD borç (35.000,00 TL); SFU2 200,00 USD borç (7.000,00 TL); Tahsilat 500,00 USD alacak (18.000,00 TL).
  '9002': {
    account: account('9002', 'Marmara İhracat A.Ş.'),
    lines: [
      L(0, '2026-03-10', 'SFU1', 3_500_000, 0, 'USD', 100_000),
      L(1, '2026-03-20', 'SFU2', 700_000, 0, 'USD', 20_000),
      L(2, '2026-04-15', 'Tahsilat', 0, 1_800_000, 'USD', 50_000),
    ],
  },
};

let h: Harness;
let real: ErpSource;
/** The demo ERP, with 1012 (USD invoices and payments, a TL opening line) listed in TL, and the hand-made accounts. */
const erp: ErpSource = {
  accounts: async () => {
    const list = new Map(await real.accounts());
    list.set('1012', { ...list.get('1012')!, currency: null });
    for (const [id, a] of Object.entries(HAND)) list.set(id, a.account);
    return list;
  },
  statement: async (id): Promise<Statement> => (HAND[id] ? { lines: HAND[id].lines, extraColumns: [], warnings: 0 } : real.statement(id)),
  invoices: () => real.invoices(),
  aging: () => real.aging!(),
};

beforeAll(async () => {
  h = await mutabakatHarness({ erp });
  real = upstreamSource(h.upstream);
}, 60_000);
afterAll(async () => {
  await h?.close();
});
beforeEach(async () => {
  await h.reset();
  h.clock.now = new Date('2026-11-16T09:00:00Z');
});

const campaign = (ids: string[]) => letterCampaign(h, ids, ASOF);

const answer = (c: Awaited<ReturnType<typeof campaign>>, acc: string, fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries({ ...fields, name: 'Ali Veli', title: 'Mali işler' })) f.set(k, v);
  return h.reply(c.path(acc), { method: 'POST', body: f });
};

describe('an account listed in TL whose lines carry USD', () => {
  it(
    'hand-made TL and USD lines: TL 6.000,00 borç and USD 1.000,00 borç, the ERP TL 41.000,00 borç beside; a USD disagreement is a USD difference',
    { timeout: 90_000 },
    async () => {
      const c = await campaign(['9001']);
      const letter = await c.letter('9001');
      expect(letter.ours).toEqual([
        { currency: 'TL', balance: 600_000, side: 'B' },
        { currency: 'USD', balance: 100_000, side: 'B' },
      ]);
      expect(letter.localBalance).toBe(4_100_000);

      const text = pdfText(await (await h.api(letter.pdfUrl)).arrayBuffer());
      expect(text).toContain('6.000,00 TL borç; 1.000,00 USD borç');
      expect(text).toContain('ERP kayıtlarındaki TL karşılığı: 41.000,00 TL borç');
      expect(text).toContain('Kayıtlarımızdaki bakiye (TL)');
      expect(text).toContain('Kayıtlarımızdaki bakiye (USD)');
      expect(text).not.toContain('41.000,00 TL borç bakiyesi vermektedir');

      const page = await (await h.reply(c.path('9001'))).text();
      expect(page).toContain('6.000,00 TL — borç');
      expect(page).toContain('1.000,00 USD — borç');
      expect(page).toContain('TL karşılığı (tüm işlemler): 41.000,00 TL borç');
      expect(page).toContain('name="amount_TL"');
      expect(page).toContain('name="amount_USD"');

      // They agree on TL and owe 900,00 USD: ours − theirs = 1.000,00 − 900,00 = 100,00 USD B; TL 0.
      const r = await answer(c, '9001', { kind: 'disagreed', amount_TL: '6.000,00', side_TL: 'B', amount_USD: '900,00', side_USD: 'B' });
      expect(r.status).toBe(200);
      const after = await c.board();
      const row = after.letters[0]!;
      expect(row.state).toBe('disagreed');
      expect(row.theirs).toEqual([
        { currency: 'TL', balance: 600_000, side: 'B' },
        { currency: 'USD', balance: 90_000, side: 'B' },
      ]);
      expect(row.difference).toEqual([
        { currency: 'TL', balance: 0, side: '' },
        { currency: 'USD', balance: 10_000, side: 'B' },
      ]);
      expect(after.campaign.differences).toEqual([
        { currency: 'TL', balance: 0, side: '' },
        { currency: 'USD', balance: 10_000, side: 'B' },
      ]);
    },
  );

  it(
    'hand-made lines all in USD: USD 700,00 borç (1.000 + 200 − 500), the ERP TL 24.000,00 borç beside; their USD figure gives a USD difference',
    { timeout: 90_000 },
    async () => {
      const c = await campaign(['9002']);
      const letter = await c.letter('9002');
      expect(letter.ours).toEqual([{ currency: 'USD', balance: 70_000, side: 'B' }]);
      expect(letter.localBalance).toBe(2_400_000);

      const text = pdfText(await (await h.api(letter.pdfUrl)).arrayBuffer());
      expect(text).toContain('700,00 USD borç bakiyesi vermektedir (ERP kayıtlarındaki TL karşılığı: 24.000,00 TL borç)');
      expect(text).toContain('Bildirdiğiniz 700,00 USD borç bakiyesi');
      expect(text).not.toContain('24.000,00 TL borç bakiyesi vermektedir');

      const page = await (await h.reply(c.path('9002'))).text();
      expect(page).toContain('700,00 USD — borç');
      expect(page).toContain('TL karşılığı (tüm işlemler): 24.000,00 TL borç');
      expect(page).toMatch(/<select id="currency" name="currency"><option>USD<\/option><option>TL<\/option>/);

      // They hold 650,00 USD borç: the difference 50,00 USD B.
      const r = await answer(c, '9002', { kind: 'disagreed', amount: '650,00', side: 'B', currency: 'USD' });
      expect(r.status).toBe(200);
      const row = await c.letter('9002');
      expect(row.difference).toEqual([{ currency: 'USD', balance: 5_000, side: 'B' }]);
    },
  );

  it('the dataset’s 1012 listed in TL: 35.726,35 TL alacak and 20.869,36 USD alacak, the ERP TL 670.249,01 alacak beside', { timeout: 90_000 }, async () => {
    // By hand from the dataset: 1012's lines dated on or before 30.06.2026.
    const { tlOwn, usd, erpTl } = datasetPositions(h.erp, '1012', ASOF);
    expect([tlOwn, usd, erpTl]).toEqual([-3_572_635, -2_086_936, -67_024_901]);

    const c = await campaign(['1012']);
    const letter = await c.letter('1012');
    expect(letter.ours).toEqual([
      { currency: 'TL', balance: -3_572_635, side: 'A' },
      { currency: 'USD', balance: -2_086_936, side: 'A' },
    ]);
    expect(letter.localBalance).toBe(-67_024_901);
    const text = pdfText(await (await h.api(letter.pdfUrl)).arrayBuffer());
    expect(text).toContain('35.726,35 TL alacak; 20.869,36 USD alacak');
    expect(text).toContain('ERP kayıtlarındaki TL karşılığı: 670.249,01 TL alacak');
    const page = await (await h.reply(c.path('1012'))).text();
    expect(page).toContain('name="amount_USD"');
  });
});
