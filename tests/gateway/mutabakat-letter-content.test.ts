// @vitest shared-modules long
/**
 * What a campaign letter says, worked by hand from the demo dataset (not from the engine):
 * - an account of two currencies (1012: USD invoices and payments, a TL opening line) states each
 *   currency's balance with its side and the TL figure as the ERP records it — in the PDF, on the reply
 *   page, and the board's difference per currency after the counterpart's answer;
 * - the campaign option "açık kalemler" encloses the open items in the letter PDF (the archived PDF is
 *   the one mailed and the one the board downloads).
 */
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/domain/format';
import { mailHarness, type Harness, datasetPositions, letterCampaign } from './mutabakat-harness';
import { pdfText as pdfTextOf } from '../harness/pdf-text';

let h: Harness;
mailHarness((m) => (h = m.h), { inbox: false, timeoutMs: 120_000, clock: null });

const ASOF = '2026-06-30';
const pdfText = (bytes: ArrayBuffer) => pdfTextOf(bytes).replace(/[ \t]+/g, ' ');

const campaign = (ids: string[], options: Record<string, unknown> = {}) => letterCampaign(h, ids, ASOF, options);

describe('an account of two currencies', () => {
  it(
    'states the TL and USD balances each with its side and the ERP TL figure; the reply page shows them; the board differs per currency',
    { timeout: 90_000 },
    async () => {
      // By hand from the dataset: account 1012's lines dated on or before 30.06.2026.
      const { tlOwn, usd, erpTl } = datasetPositions(h.erp, '1012', ASOF);
      // The figures this test was written against (so a change in the dataset shows here first).
      expect([tlOwn, usd, erpTl]).toEqual([-3_572_635, -2_086_936, -67_024_901]);

      const c = await campaign(['1012']);
      const letter = (await c.board()).letters[0]!;
      expect(letter.ours).toEqual([
        { currency: 'TL', balance: -3_572_635, side: 'A' },
        { currency: 'USD', balance: -2_086_936, side: 'A' },
      ]);
      expect(letter.localBalance).toBe(-67_024_901);

      const text = pdfText(await (await h.api(letter.pdfUrl)).arrayBuffer());
      const flat = text.replace(/\s+/g, ' ');
      expect(flat).toContain('35.726,35 TL alacak; 20.869,36 USD alacak');
      expect(flat).toContain('ERP kayıtlarındaki TL karşılığı: 670.249,01 TL alacak');
      // The reply slip asks for each currency.
      expect(flat).toContain('Kayıtlarımızdaki bakiye (TL)');
      expect(flat).toContain('Kayıtlarımızdaki bakiye (USD)');

      const page = await (await h.reply(c.path('1012'))).text();
      expect(page).toContain('35.726,35 TL — alacak');
      expect(page).toContain('20.869,36 USD — alacak');
      expect(page).toContain('TL karşılığı (tüm işlemler): 670.249,01 TL alacak');
      expect(page).toContain('name="amount_TL"');
      expect(page).toContain('name="amount_USD"');

      // They agree on TL, and hold 20.000,00 USD alacak: the difference is 869,36 USD on our side's A, none in TL.
      const f = new FormData();
      for (const [k, v] of Object.entries({
        kind: 'disagreed',
        amount_TL: '35.726,35',
        side_TL: 'A',
        amount_USD: '20.000,00',
        side_USD: 'A',
        name: 'Ali Veli',
        title: 'Mali işler',
      }))
        f.set(k, v);
      const answered = await h.reply(c.path('1012'), { method: 'POST', body: f });
      expect(answered.status).toBe(200);
      expect(await answered.text()).toContain('35.726,35 TL — alacak (sizden borçlu görünüyoruz); 20.000,00 USD — alacak');
      const after = await c.board();
      const row = after.letters[0]!;
      expect(row.state).toBe('disagreed');
      expect(row.theirs).toEqual([
        { currency: 'TL', balance: -3_572_635, side: 'A' },
        { currency: 'USD', balance: -2_000_000, side: 'A' },
      ]);
      // ours − theirs: TL 0; USD −20.869,36 − (−20.000,00) = −869,36.
      expect(row.difference).toEqual([
        { currency: 'TL', balance: 0, side: '' },
        { currency: 'USD', balance: -86_936, side: 'A' },
      ]);
      expect(after.campaign.differences).toEqual([
        { currency: 'TL', balance: 0, side: '' },
        { currency: 'USD', balance: -86_936, side: 'A' },
      ]);
    },
  );

  it('a currency left empty is refused by name, nothing is recorded', { timeout: 90_000 }, async () => {
    const c = await campaign(['1012']);
    const f = new FormData();
    for (const [k, v] of Object.entries({
      kind: 'disagreed',
      amount_TL: '35.726,35',
      side_TL: 'A',
      amount_USD: '',
      side_USD: 'A',
      name: 'Ali Veli',
      title: 'Mali işler',
    }))
      f.set(k, v);
    const r = await h.reply(c.path('1012'), { method: 'POST', body: f });
    expect(r.status).toBe(400);
    expect(await r.text()).toContain('USD bakiyeniz “1.234,56” biçiminde girilmeli');
    expect((await c.board()).letters[0]!.state).toBe('sent');
  });

  it(
    'amounts typed as Turkish people type them (issue 46): “20.000” USD is 20.000,00; “20,000” is refused naming both readings, what was typed kept',
    { timeout: 90_000 },
    async () => {
      const c = await campaign(['1012']);
      const post = (usd: string) => {
        const f = new FormData();
        for (const [k, v] of Object.entries({
          kind: 'disagreed',
          amount_TL: '35.726,35',
          side_TL: 'A',
          amount_USD: usd,
          side_USD: 'A',
          name: 'Ali Veli',
          title: 'Mali işler',
        }))
          f.set(k, v);
        return h.reply(c.path('1012'), { method: 'POST', body: f });
      };
      const refused = await post('20,000');
      expect(refused.status).toBe(400);
      const page = await refused.text();
      expect(page).toContain('USD bakiyeniz “20,000” belirsiz: yirmi bin için “20.000”, yirmi için “20,00” yazın.');
      expect(page).toContain('name="amount_USD" inputmode="decimal" placeholder="1.234,56" value="20,000"');
      expect((await c.board()).letters[0]!.state).toBe('sent');

      const answered = await post('20.000');
      expect(answered.status).toBe(200);
      expect(await answered.text()).toContain('20.000,00 USD — alacak');
      // 20.000,00 USD alacak = −2.000.000 cent; ours −20.869,36: the difference −869,36.
      const row = (await c.board()).letters[0]!;
      expect(row.theirs).toEqual([
        { currency: 'TL', balance: -3_572_635, side: 'A' },
        { currency: 'USD', balance: -2_000_000, side: 'A' },
      ]);
      expect(row.difference).toEqual([
        { currency: 'TL', balance: 0, side: '' },
        { currency: 'USD', balance: -86_936, side: 'A' },
      ]);
    },
  );

  it('one balance typed “1.500” (issue 46) is 1.500,00 borç; “1,500” is refused naming both readings, what was typed kept', { timeout: 90_000 }, async () => {
    const c = await campaign(['1006']);
    const post = (amount: string) => {
      const f = new FormData();
      for (const [k, v] of Object.entries({ kind: 'disagreed', amount, side: 'B', currency: 'TL', name: 'Ali Veli', title: 'Mali işler' })) f.set(k, v);
      return h.reply(c.path('1006'), { method: 'POST', body: f });
    };
    const refused = await post('1,500');
    expect(refused.status).toBe(400);
    const page = await refused.text();
    expect(page).toContain('Kayıtlarınızdaki bakiye tutarı “1,500” belirsiz: bin beş yüz için “1.500”, bir buçuk için “1,50” yazın.');
    expect(page).toContain('id="amount" name="amount" inputmode="decimal" placeholder="1.234,56" value="1,500"');
    expect((await c.board()).letters[0]!.state).toBe('sent');

    const wrong = await post('15.00');
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Kayıtlarınızdaki bakiye tutarı “1.234,56” biçiminde girilmeli. “15.00” okunamadı');

    const answered = await post('1.500');
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('1.500,00 TL — borç');
    const row = (await c.board()).letters[0]!;
    expect(row.state).toBe('disagreed');
    expect(row.theirs).toEqual([{ currency: 'TL', balance: 150_000, side: 'B' }]);
  });

  it('a one-currency TL account keeps its one balance, no TL figure repeated', { timeout: 90_000 }, async () => {
    const c = await campaign(['1006']);
    const letter = (await c.board()).letters[0]!;
    const bal = h.erp.dataset.accountById
      .get('1006')!
      .lines.filter((l) => l.date <= ASOF)
      .reduce((s, l) => s + l.debit - l.credit, 0);
    expect(letter.ours).toEqual([{ currency: 'TL', balance: bal, side: bal > 0 ? 'B' : bal < 0 ? 'A' : '' }]);
    const page = await (await h.reply(c.path('1006'))).text();
    expect(page).not.toContain('TL karşılığı');
    expect(page).toContain('name="amount"');
  });
});

describe('the option "açık kalemler"', () => {
  it(
    'encloses the open items after the letter, their total = the balance worked from the dataset; without the option there are none',
    { timeout: 90_000 },
    async () => {
      const lines = h.erp.dataset.accountById.get('1006')!.lines.filter((l) => l.date <= ASOF);
      const bal = lines.reduce((s, l) => s + l.debit - l.credit, 0);
      expect(bal).not.toBe(0);
      const withOpen = await campaign(['1006'], { openItems: true });
      const letter = (await withOpen.board()).letters[0]!;
      const pdf = await (await h.api(letter.pdfUrl)).arrayBuffer();
      const text = pdfText(pdf).replace(/\s+/g, ' ');
      expect(text).toContain('Açık Kalemler Ekstresi');
      // On the balance's side the open items add up to the balance (FIFO closes the rest).
      expect(text).toContain(`Açık kalemler toplamı: ${formatMoney(Math.abs(bal))} TL`);
      // Each open item is a line of the account: one of its document dates appears.
      expect(text).toContain('Para birimi: TL');
      // Buckets by their labels, as the open-items page shows them, never their keys.
      expect(text).toContain('Vadesi Gelmemiş');
      expect(text).not.toMatch(/notDue|\bb[1-9]\b/);

      await h.reset();
      const without = await campaign(['1006'], { openItems: false });
      const plain = pdfText(await (await h.api((await without.board()).letters[0]!.pdfUrl)).arrayBuffer());
      expect(plain).not.toContain('Açık Kalemler');
    },
  );
});
