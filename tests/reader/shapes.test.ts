/**
 * Every answer shape the demo ERP speaks, read by the one reader (src/domain/reader), operation by
 * operation — checked against the demo dataset itself. The UI flow tests run their journeys once
 * (the default 'wex' shape): what differs between shapes is how an answer is read, and that is
 * tested here, for every shape and every operation, without rendering a page.
 * (In tests/, not src/: src/ must not import server/.)
 */
import { describe, expect, it } from 'vitest';
import { parseErpBody, readAccounts, readInvoiceDetail, readLogin, readStatement, readTableAnswer } from '../../src/domain/reader';
import type { Cell, ErpTable } from '../../src/domain/erp-types';
import { createDemoErp, getDataset, SHAPES, type DemoErp } from '../../server/demo-erp';

const PW = 'reader-shapes-test';
const ds = getDataset();

async function answer(erp: DemoErp, op: string, params: Record<string, string>): Promise<unknown> {
  const res = await erp.fetch(
    new Request(`http://erp.test/wex.cfm/mobiusmus/${op}?password=${PW}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      body: new URLSearchParams(params).toString(),
    }),
  );
  expect(res.status).toBe(200);
  return parseErpBody(await res.text(), res.status);
}

/** A cell as plain data: text as text, a number as kuruş (minor units), a date as ISO. */
function plain(c: Cell | undefined): string | number | null {
  if (!c || c.kind === 'empty') return null;
  if (c.kind === 'text') return c.text;
  if (c.kind === 'number') return c.minor;
  if (c.kind === 'date') return c.iso;
  return `invalid:${c.raw}`;
}

/** The values of the column the reader recognised as `field`, row by row. */
function fieldValues(t: ErpTable, field: string): (string | number | null)[] {
  const col = t.columns.find((c) => c.field === field);
  expect(col, `a column read as ${field}`).toBeDefined();
  return t.rows.map((r) => plain(r[col!.key]));
}

// The foreign-currency accounts (3 USD, 2 EUR) and an ordinary TL account.
const usd = ds.accounts.find((a) => a.currency === 'USD')!;
const tlAccount = ds.accountById.get('1006')!;
const invoice = ds.invoices[0]!;

// 'mobius' (the vendor's documented labels and value forms) carries other fields than the rest (no
// account id on invoices, …): it is read against its own expectations in tests/reader/workcube.test.ts.
const SAME_FIELDS = SHAPES.filter((s) => s !== 'mobius');

describe.each(SAME_FIELDS)('the reader reads the demo ERP shape %s', (shape) => {
  const erp = createDemoErp({ apiPassword: PW, shape });

  it('get_cari: every account with its id, category, name, province, district, balance (kuruş) and currency', async () => {
    const list = readAccounts(await answer(erp, 'get_cari', { firma_ismi: '' }));
    expect(list.warnings).toBe(0);
    expect(list.accounts.map((a) => [a.id, a.category, a.name, a.province, a.district, a.balance, a.currency ?? null])).toEqual(
      ds.accounts.map((a) => [a.id, a.category, a.name, a.province, a.district, a.balance, a.currency ?? null]),
    );
  });

  it('get_cari_extre: a TL statement and a USD statement, line by line (dates, debit/credit in kuruş, currency amounts)', async () => {
    for (const acc of [tlAccount, usd]) {
      const st = readStatement(await answer(erp, 'get_cari_extre', { cari_id: acc.id }));
      expect(st.warnings).toBe(0);
      expect(st.lines.map((l) => [l.date, l.dueDate, l.type, l.debit, l.credit])).toEqual(acc.lines.map((l) => [l.date, l.dueDate, l.type, l.debit, l.credit]));
      if (acc.currency) {
        expect(st.lines.map((l) => [l.currency, l.currencyAmount])).toEqual(acc.lines.map((l) => [l.currency ?? 'TL', l.currencyAmount ?? l.debit + l.credit]));
      }
      // Σ debit − Σ credit = the account's balance in get_cari.
      expect(st.lines.reduce((s, l) => s + l.debit - l.credit, 0)).toBe(acc.balance);
    }
  });

  it('get_yaslandirma: one row per account with a balance, its id and its total = the balance', async () => {
    const aging = readTableAnswer(await answer(erp, 'get_yaslandirma', { firma_ismi: '' }), 'aging');
    expect(aging.warnings).toBe(0);
    const withBalance = ds.accounts.filter((a) => a.balance !== 0);
    expect(fieldValues(aging, 'accountId').map(String)).toEqual(withBalance.map((a) => a.id));
    const total = aging.columns.find((c) => c.label === 'Toplam')!;
    expect(aging.rows.map((r) => plain(r[total.key]))).toEqual(withBalance.map((a) => a.balance));
  });

  it('get_fatura: every invoice of an account with its number and total (kuruş)', async () => {
    const expected = ds.invoices.filter((i) => i.accountId === invoice.accountId);
    const table = readTableAnswer(await answer(erp, 'get_fatura', { firma_ismi: invoice.accountName, fatura_no: '' }), 'invoice');
    expect(table.warnings).toBe(0);
    const mine = table.rows.filter((_, k) => String(fieldValues(table, 'accountId')[k]) === invoice.accountId);
    expect(mine.length).toBe(expected.length);
    const numbers = fieldValues(table, 'number');
    for (const inv of expected) expect(numbers).toContain(inv.number);
  });

  it('get_fatura_det: the header (number, total) and every line (total in kuruş)', async () => {
    const detail = readInvoiceDetail(await answer(erp, 'get_fatura_det', { fatura_id: invoice.id }));
    expect(fieldValues(detail.header, 'number')).toEqual([invoice.number]);
    expect(fieldValues(detail.header, 'total')).toEqual([invoice.total]);
    expect(detail.lines.rows).toHaveLength(invoice.lines.length);
    expect(fieldValues(detail.lines, 'amount')).toEqual(invoice.lines.map((l) => l.total));
  });

  it('get_user: a known user is let in with a name; a wrong password is refused', async () => {
    const ok = readLogin(await answer(erp, 'get_user', { user_name: 'demo', user_password: 'demo' }));
    expect(ok.ok).toBe(true);
    expect(ok.user?.name).toBeTruthy();
    expect(readLogin(await answer(erp, 'get_user', { user_name: 'demo', user_password: 'yanlış' })).ok).toBe(false);
  });
});
