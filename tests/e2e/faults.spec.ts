// Fault journeys: the standalone demo ERP misbehaves (POST /__demo/settings), the user sees a clear
// message with a retry, and once the ERP is healthy again the app keeps working. One at a time
// (they change the ERP for everyone); only in runs with a standalone demo ERP.
import { account, dataset, SPECIAL_ACCOUNTS } from './data';
import { e2e } from './env';
import { t } from '../../src/i18n';
import { formatCount } from '../../src/domain/format';
import { checkPage, expect, setDemoErp, test } from './fixtures';

test.describe.configure({ mode: 'serial' });
// The runner starts this project only where a standalone demo ERP runs; anywhere else is a set-up error.
test.beforeAll(() => {
  if (!e2e.erpUrl) throw new Error('the fault journeys need a standalone demo ERP (its control endpoint): run them through npm run test:e2e');
});

const known = account(SPECIAL_ACCOUNTS.quoted);

test.afterEach(async () => {
  await setDemoErp({ fail: 'none' });
});

async function expectRecovers(page: import('@playwright/test').Page) {
  await setDemoErp({ fail: 'none' });
  await page.getByRole('button', { name: 'Tekrar dene' }).first().click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('link', { name: known.name })).toBeVisible();
  // …and the rest of the app still works: another page, another ERP call.
  await page.getByRole('navigation', { name: 'Ana menü' }).getByRole('link', { name: 'Yaşlandırma' }).click();
  await expect(page).toHaveURL(/\/aging/);
  await expect(page.getByRole('alert')).toHaveCount(0);
}

test('ERP answers an HTML 500 page: a plain message with the status and a retry', async ({ page }) => {
  await setDemoErp({ fail: 'html500' });
  await page.goto('/accounts');
  const alert = page.getByRole('alert').first();
  await expect(alert).toContainText('ERP sunucusu hata verdi (HTTP 500)');
  // None of the ColdFusion page reaches the user.
  await expect(page.getByText('Error Executing Database Query')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Tekrar dene' }).first()).toBeVisible();
  await checkPage(page, 'fault-html500');
  await expectRecovers(page);
});

test('ERP hangs past the gateway time-out: a time-out message and a retry', async ({ page }) => {
  if (!e2e.erpTimeoutMs) throw new Error('this journey needs the short ERP_TIMEOUT_MS the runner sets');
  await setDemoErp({ fail: 'hang' });
  const started = Date.now();
  await page.goto('/accounts');
  await expect(page.getByRole('alert').first()).toContainText('ERP zamanında yanıt vermedi', { timeout: e2e.erpTimeoutMs * 3 + 5000 });
  // The gateway gave up after its time-out, not before.
  expect(Date.now() - started).toBeGreaterThanOrEqual(e2e.erpTimeoutMs);
  await checkPage(page, 'fault-hang');
  await expectRecovers(page);
});

test('ERP answers 200 with an empty body: “unreadable answer” and a retry', async ({ page }) => {
  await setDemoErp({ fail: 'empty' });
  await page.goto('/accounts');
  await expect(page.getByRole('alert').first()).toContainText('ERP’den okunamayan bir yanıt geldi');
  await checkPage(page, 'fault-empty');
  await expectRecovers(page);
});

test('ERP sends malformed numbers: the raw text is shown marked, with a count, never as 0 or NaN', async ({ page }) => {
  await setDemoErp({ fail: 'malformed-numbers' });
  await page.goto('/accounts');
  // The demo ERP spoils one number in every fourth row (rows 1, 5, 9, …) of the account list.
  const n = dataset.accounts.length;
  const spoiled = Math.floor((n + 2) / 4);
  await expect(page.getByText(`${spoiled} değer okunamadı`)).toBeVisible();
  // Marked cells show the ERP's raw text (never 0, NaN or an empty cell).
  const marked = page.getByRole('grid', { name: 'Cari listesi' }).getByTitle('okunamayan değer, ERP’nin gönderdiği haliyle');
  await expect(marked.first()).toBeVisible();
  expect(await marked.first().innerText()).toMatch(/^(12,34,5|abc|1\.2\.3|--5|12a)\b/);
  await checkPage(page, 'fault-malformed-numbers');
  await setDemoErp({ fail: 'none' });
  await page.reload();
  await expect(page.getByRole('link', { name: known.name })).toBeVisible();
  await expect(page.getByText(/değer okunamadı/)).toHaveCount(0);
});

test('the ERP drops the connection halfway through a long answer: “cut off”, no partial list, and a retry', async ({ page, guard }) => {
  // Chromium logs the cut answer itself; that is the fault this journey injects.
  guard.allowConsoleError(/^Failed to load resource: net::ERR_INCOMPLETE_CHUNKED_ENCODING$/);
  // get_fatura for every invoice is ~0.6 MB here: half of it is past the 64 KiB the gateway holds
  // back, so the 200 has already gone out and the browser itself sees the answer stop (the page
  // reads the answer as a stream while it arrives; it must fail, not show what came so far).
  await setDemoErp({ fail: 'cut' });
  await page.goto('/invoices?no=&firma=');
  await expect(page.getByRole('alert').first()).toContainText('ERP’nin yanıtı yarıda kesildi');
  const grid = page.getByRole('grid', { name: t('invoices.table.label') });
  await expect(grid.locator('tr[data-row-id]')).toHaveCount(0);
  await checkPage(page, 'fault-cut');
  await setDemoErp({ fail: 'none' });
  await page.getByRole('button', { name: 'Tekrar dene' }).first().click();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(grid.locator('tr[data-row-id]').first()).toBeVisible();
  await expect(page.getByText(`${formatCount(dataset.invoices.length)} satır`).first()).toBeVisible();
});
