// The accountant's day: login → Özet → a linked figure (receivables) → the list that explains it →
// the top debtor's statement → its mutabakat letter at a chosen date, print view photographed and
// printed to an A4 PDF. Expected numbers come straight from the demo dataset.
import { account, dataset, sum, trBalance, trDate, trMoney } from './data';
import { e2e } from './env';
import { checkPage, expect, login, test } from './fixtures';

test.use({ storageState: { cookies: [], origins: [] } });

const ASOF = '2026-09-30';

test('login → Özet → receivables → statement → mutabakat letter (print view, one A4 page)', async ({ page }) => {
  const balances = dataset.accounts.map((a) => ({ a, balance: sum(a.lines.map((l) => l.debit - l.credit)) }));
  const debtors = balances.filter((x) => x.balance > 0);
  const receivables = sum(debtors.map((x) => x.balance));
  const top = [...debtors].sort((x, y) => y.balance - x.balance)[0]!.a;
  const atAsOf = sum(
    account(top.id)
      .lines.filter((l) => l.date <= ASOF)
      .map((l) => l.debit - l.credit),
  );

  await page.goto('/login');
  await login(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Özet' })).toBeVisible();
  await expect(page.getByTestId('overview-receivables')).toContainText(trBalance(receivables));
  await expect(page.getByRole('grid', { name: 'En çok borçlu 10 cari' }).getByRole('link').first()).toHaveText(top.name);
  await checkPage(page, 'overview');

  // The figure is a link to the list that shows the same total, biggest debtor first.
  await page.getByTestId('overview-receivables').click();
  await expect(page).toHaveURL((url) => url.pathname === '/accounts' && url.searchParams.get('side') === 'B' && url.searchParams.get('sort') === '-balance');
  await expect(page.getByTestId('accounts-debit')).toHaveText(trBalance(receivables));
  const grid = page.getByRole('grid', { name: 'Cari listesi' });
  await expect(grid.locator('tbody tr[data-row-id]').first()).toHaveAttribute('data-row-id', top.id);

  await grid.getByRole('link', { name: top.name }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/accounts/${top.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(top.name);

  await page.getByRole('link', { name: 'Mutabakat mektubu' }).click();
  await expect(page).toHaveURL((url) => url.pathname === `/accounts/${top.id}/mutabakat`);
  await page.getByRole('textbox', { name: 'Mutabakat tarihi', exact: true }).fill(trDate(ASOF));
  await page.getByRole('textbox', { name: 'Mutabakat tarihi', exact: true }).press('Enter');
  await expect(page).toHaveURL((url) => url.searchParams.get('asOf') === ASOF);
  const letter = page.getByRole('article', { name: `${top.name} mutabakat mektubu` });
  await expect(letter.getByTestId('letter-sentence')).toHaveText(
    `Şirketimiz kayıtlarında cari hesabınız ${trDate(ASOF)} tarihi itibarıyla ${trMoney(Math.abs(atAsOf))} TL ${atAsOf > 0 ? 'borç' : 'alacak'} bakiyesi vermektedir.`,
  );
  await expect(letter).toContainText(e2e.companyTitle);
  await expect(letter).toContainText('Hata ve unutma müstesnadır.');
  await expect(letter).toContainText('Mutabık değiliz.');
  await checkPage(page, 'letter');

  // Print view: only the letter (no menu, no date box), photographed; printed it is exactly one A4 page.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Ana menü' })).toBeHidden();
  await expect(page.getByRole('textbox', { name: 'Mutabakat tarihi', exact: true })).toBeHidden();
  await expect(letter).toBeVisible();
  await checkPage(page, 'letter-print', { a11y: false });
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length).toBe(1);
  await page.emulateMedia({ media: 'screen' });
});
