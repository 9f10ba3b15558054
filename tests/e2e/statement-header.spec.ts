// The statement's header (category, place, the list's balance) on a link opened directly: for an account
// the browser keeps (pinned or recently opened) it comes from get_cari asked by that account's name — a
// few rows — not from the whole account list. Runs against a standalone demo ERP (its request log).
import { account, SPECIAL_ACCOUNTS, trBalance } from './data';
import { e2e } from './env';
import { expect, test } from './fixtures';

test('a pinned account opened by its link: the header from get_cari asked by its name, the only account list the page reads', async ({ page }) => {
  expect(e2e.erpUrl, 'this journey reads the standalone demo ERP’s request log').not.toBe('');
  // The quoted name (`"&%+'`) goes to the ERP as the filter, exactly as kept.
  const acc = account(SPECIAL_ACCOUNTS.quoted);
  await page.addInitScript(
    ([id, name]) => localStorage.setItem('cari-ekran.account-shortcuts.v1', JSON.stringify({ recent: [], pinned: [{ id, name }] })),
    [acc.id, acc.name],
  );
  let lists = 0;
  page.on('response', (res) => void (res.request().method() === 'POST' && res.url().endsWith('/api/erp/get_cari') && lists++));
  await page.goto(`/accounts/${acc.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(acc.name);
  await expect(page.getByTestId('consistency')).toContainText(trBalance(acc.balance));
  await expect(page.getByText(`${acc.province} / ${acc.district}`)).toBeVisible();
  await expect(page.getByText(acc.category, { exact: true })).toBeVisible();
  // One account list read by the page, and the ERP was asked for the accounts with this name.
  expect(lists).toBe(1);
  const log = (await (await fetch(`${e2e.erpUrl}/__demo/requests`)).json()) as { operation: string; params: Record<string, string> }[];
  expect(log.some((r) => r.operation === 'get_cari' && r.params.firma_ismi === acc.name)).toBe(true);
});
