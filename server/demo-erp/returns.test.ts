// @vitest shared-modules
/**
 * The demo ERP names a return's invoice (İlgili Belge No) on some returns, in every answer shape, and
 * our reader + account view take it: the return reduces THAT invoice, not the oldest open one
 * (issue 31). Account 1041 (a dealer): SIF2026000006, 345,98 on 27.01.2026, names SF2025000994
 * (11.11.2025, 66.366,33, due 10.01.2026) — the latest invoice before it, not the oldest open one.
 */
import { describe, expect, it } from 'vitest';
import { createDemoErp } from './service';
import { SHAPES } from './shapes';
import { readStatement } from '../../src/domain/reader';
import { accountLedger } from '../../src/domain/ledger';

const PW = 'pw';
const extre = async (erp: ReturnType<typeof createDemoErp>, id: string) =>
  (
    await erp.fetch(
      new Request(`http://erp.test/wex.cfm/mobiusmus/get_cari_extre?password=${PW}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
        body: new URLSearchParams({ cari_id: id }).toString(),
      }),
    )
  ).text();
const json = (text: string) => JSON.parse(text.replace(/^\uFEFF?\s*\/\//, '')) as unknown;

describe('a return that names its invoice, from the demo ERP', () => {
  it.each(SHAPES)('%s: the reader takes the reference; the return reduces SF2025000994 by 345,98, not the oldest open invoice', async (shape) => {
    const erp = createDemoErp({ apiPassword: PW });
    erp.settings.shape = shape;
    const { lines } = readStatement(json(await extre(erp, '1041')));
    const ret = lines.findIndex((l) => l.documentNo === 'SIF2026000006');
    const named = lines.findIndex((l) => l.documentNo === 'SF2025000994');
    expect(lines[ret]).toMatchObject({ type: 'Satış İade Faturası', credit: 34498, ref: 'SF2025000994' });
    expect(lines[named]).toMatchObject({ date: '2025-11-11', debit: 6636633 });

    const closingsOf = (ls: typeof lines) =>
      accountLedger(ls, { asOf: '2026-11-27', explain: true })
        .view('TL')!
        .items.closings!.filter((c) => c.by === ret);
    // With the reference: one closing, all 345,98 on the named invoice.
    expect(closingsOf(lines).map((c) => [lines[c.item]!.documentNo, c.amount, c.credit])).toEqual([['SF2025000994', 34498, true]]);
    // Without it the return falls on the oldest open invoice — another one.
    const unnamed = lines.map((l) => ({ ...l, ref: null }));
    const fallback = closingsOf(unnamed);
    expect(fallback.length).toBeGreaterThan(0);
    expect(fallback.map((c) => lines[c.item]!.documentNo)).not.toContain('SF2025000994');
    expect(fallback.reduce((s, c) => s + c.amount, 0)).toBe(34498);
  });

  it('an account without such a return has no İlgili Belge No column (the statement keeps its documented columns)', async () => {
    const erp = createDemoErp({ apiPassword: PW });
    erp.settings.shape = 'labels';
    const st = readStatement(json(await extre(erp, '1000')));
    expect(st.extraColumns.map((c) => c.label)).not.toContain('İlgili Belge No');
    expect(st.lines.every((l) => l.ref === undefined)).toBe(true);
  });
});
