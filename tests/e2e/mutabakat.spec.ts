// Mutabakat from letter to answer (issue 32), in Chromium, on a production server of its own (DEMO=1:
// embedded demo ERP, in-app outbox, its own DATA_DIR) so the journey can restart it: the accountant
// imports the Ankara accounts' addresses, starts a campaign of the Ankara accounts from the letters
// page, the counterpart opens the link from the demo outbox in a fresh browser context and disagrees
// with an attachment, the board shows the difference (worked out here from the dataset); another
// agrees; after a restart of the server everything is still there. Pictures for the issue's note:
// docs/samples/mutabakat-{board,outbox-mail,reply-form,reply-answered}.png.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { dataset, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';
import { OwnServer, freePort, signIn } from './own-server';

const ASOF = '2026-06-30';
const ankara = dataset.accounts.filter((a) => a.province.toLocaleLowerCase('tr-TR') === 'ankara');
const DISAGREE = '1006';
const AGREE = '1003';
const balanceAt = (id: string) =>
  dataset.accountById
    .get(id)!
    .lines.filter((l) => l.date <= ASOF)
    .reduce((s, l) => s + l.debit - l.credit, 0);
const side = (m: number) => (m > 0 ? ' B' : m < 0 ? ' A' : '');

const count = (page: Page, key: string) => page.getByTestId(`count-${key}`).locator('.mut-counts__n');
const row = (page: Page, id: string) => page.locator(`table[aria-label="Mektuplar"] tr[data-row-id="${id}"]`);

/** The counterpart: the mail's link opened in a fresh browser context (no cookie of ours), answered. */
async function answerAsCounterpart(browser: Browser, replyUrl: string, answer: { agree: boolean; amount?: string; file?: boolean }, shot?: string) {
  const context = await browser.newContext({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul', viewport: { width: 1000, height: 1200 } });
  const page = await context.newPage();
  await page.goto(replyUrl);
  await expect(page.getByRole('heading', { name: 'Cari hesap mutabakatı' })).toBeVisible();
  await page.getByLabel(answer.agree ? 'Mutabıkız' : 'Mutabık değiliz').check();
  if (answer.amount) {
    await page.getByLabel('Tutar').fill(answer.amount);
    await page.getByLabel('Borç / alacak').selectOption('B');
  }
  if (answer.file)
    await page.getByLabel(/^Ek/).setInputFiles({
      name: 'Ekstremiz 30.06.2026.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
    });
  await page.getByLabel('Açıklama').fill(answer.agree ? '' : 'Haziran iadesi kayıtlarımızda yok.');
  await page.getByLabel('Ad soyad').fill('Kemal Aydın');
  await page.getByLabel('Unvan').fill('Muhasebe Müdürü');
  if (shot) await page.screenshot({ path: `${shot}-form.png`, fullPage: true });
  await page.getByRole('button', { name: 'Yanıtı gönder' }).click();
  await expect(page.getByRole('heading', { name: 'Yanıtınız kaydedildi' })).toBeVisible();
  if (shot) await page.screenshot({ path: `${shot}-answered.png`, fullPage: true });
  await context.close();
}

/** The reply link of the mail to an account, from the demo outbox page. */
async function replyLinkFor(page: Page, server: OwnServer, accountId: string, shot?: string): Promise<string> {
  await page.goto(`${server.url}/mutabakat/giden-kutusu?q=${encodeURIComponent(`muhasebe${accountId}@`)}`);
  const table = page.getByRole('grid', { name: 'E-postalar' });
  await table
    .getByRole('row')
    .filter({ hasText: `muhasebe${accountId}@` })
    .first()
    .getByRole('link')
    .click();
  const mail = page.getByRole('region', { name: 'E-posta' });
  await expect(mail).toContainText(`Kime: muhasebe${accountId}@ornek.com.tr`);
  await expect(mail.getByRole('document', { name: 'E-postanın içeriği' })).toContainText(dataset.accountById.get(accountId)!.name);
  if (shot) {
    await page.setViewportSize({ width: 1500, height: 1100 });
    await page.screenshot({ path: shot, fullPage: false });
  }
  const href = await mail.getByRole('link', { name: 'Karşı taraf olarak yanıtla (yeni sekmede)' }).getAttribute('href');
  expect(href).toMatch(/\/yanit\/[A-Za-z0-9_-]{22,}$/);
  return new URL(href!, server.url).href;
}

test.describe('mutabakat campaign, letter to answer', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 1500, height: 1000 } });

  test('Ankara campaign: imported addresses, a disagreement with an attachment, an agreement, all kept across a restart', async ({ page, browser }) => {
    test.setTimeout(240_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'cari-e2e-mut-'));
    const server = new OwnServer(await freePort(), dataDir);
    try {
      await server.start();
      await signIn(page, server);

      // 1. Addresses of the Ankara accounts, imported from a CSV file (preview, then all at once).
      await page.goto(`${server.url}/mutabakat/kisiler`);
      const csv = ['Firma ID;E-posta;Cc;Yetkili', ...ankara.map((a) => `${a.id};muhasebe${a.id}@ornek.com.tr;;Yetkili ${a.id}`)].join('\r\n');
      await page.getByLabel('Dosya seçin').setInputFiles({ name: 'ankara-kişiler.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
      await expect(page.getByText(`ankara-kişiler.csv: ${ankara.length} satır uygun, 0 satır hatalı.`)).toBeVisible();
      await page.getByRole('button', { name: `${ankara.length} kişiyi kaydet` }).click();
      await expect(page.getByText(`${ankara.length} carinin mutabakat kişisi kaydedildi.`)).toBeVisible();

      // 2. The campaign, from the letters page with the list's filter (province Ankara).
      await page.goto(`${server.url}/mutabakat?province=Ankara&asOf=${ASOF}`);
      await page.getByRole('link', { name: 'Mutabakat dönemi başlat' }).click();
      const start = page.getByRole('region', { name: 'Mutabakat dönemi başlat' });
      await expect(start).toContainText(`seçili ${ankara.length} cari için`);
      await expect(start).toContainText('Seçilen bütün carilerin e-posta adresi var.');
      await start.getByRole('button', { name: `${ankara.length} cari için başlat` }).click();
      await expect(page).toHaveURL(/\/mutabakat\/donemler\/[^/?]+$/);
      const boardUrl = page.url();
      await expect(count(page, 'sent')).toHaveText(String(ankara.length), { timeout: 90_000 });

      // 3. The counterpart disagrees (1.000,00 TL borç) with their statement attached.
      const reply1 = await replyLinkFor(page, server, DISAGREE, 'docs/samples/mutabakat-outbox-mail.png');
      await answerAsCounterpart(browser, reply1, { agree: false, amount: '1.000,00', file: true }, 'docs/samples/mutabakat-reply');

      // 4. The board: the difference, worked out here: ours − 1.000,00 TL borç.
      const ours = balanceAt(DISAGREE);
      const diff = ours - 100_000;
      await page.goto(boardUrl);
      await expect(count(page, 'disagreed')).toHaveText('1');
      await page.getByTestId('count-disagreed').click();
      await expect(page).toHaveURL(/durum=disagreed/);
      await expect(page.locator('table[aria-label="Mektuplar"] tbody tr[data-row-id]')).toHaveCount(1);
      await expect(row(page, DISAGREE)).toContainText(`${trMoney(Math.abs(ours))} TL${side(ours)}`);
      await expect(row(page, DISAGREE)).toContainText('1.000,00 TL B');
      await expect(page.getByTestId(`diff-${DISAGREE}`)).toHaveText(`${trMoney(Math.abs(diff))} TL${side(diff)}`);
      await expect(row(page, DISAGREE)).toContainText('Kemal Aydın, Muhasebe Müdürü');
      await expect(row(page, DISAGREE)).toContainText('web');
      await expect(row(page, DISAGREE).getByRole('link', { name: /Ekstremiz 30\.06\.2026\.pdf/ })).toBeVisible();

      // 5. Another account agrees.
      const reply2 = await replyLinkFor(page, server, AGREE);
      await answerAsCounterpart(browser, reply2, { agree: true });
      await page.goto(boardUrl);
      await expect(count(page, 'agreed')).toHaveText('1');
      await expect(count(page, 'noAnswer')).toHaveText(String(ankara.length - 2));
      await page.goto(`${boardUrl}?durum=agreed`);
      await expect(row(page, AGREE)).toContainText('Mutabık');
      await page.goto(boardUrl);
      await expect(page.getByTestId(`diff-${DISAGREE}`)).toBeVisible();
      await page.setViewportSize({ width: 1500, height: 1000 });
      await checkPage(page, 'mutabakat-board');
      await page.screenshot({ path: 'docs/samples/mutabakat-board.png', fullPage: true });

      // 6. A restart keeps everything: the counts, the figures, the answer and its attachment.
      await server.stop();
      await server.start();
      await signIn(page, server);
      await page.goto(`${boardUrl}?durum=disagreed`);
      await expect(count(page, 'agreed')).toHaveText('1');
      await expect(count(page, 'disagreed')).toHaveText('1');
      await expect(page.getByTestId(`diff-${DISAGREE}`)).toHaveText(`${trMoney(Math.abs(diff))} TL${side(diff)}`);
      await expect(row(page, DISAGREE).getByRole('link', { name: /Ekstremiz 30\.06\.2026\.pdf/ })).toBeVisible();
      await expect(page.locator('table[aria-label="Mektuplar"] tbody tr[data-row-id]')).toHaveCount(1);
      await page.getByTestId('count-agreed').click();
      await expect(page).toHaveURL(/durum=agreed/);
      await expect(row(page, AGREE)).toContainText('Mutabık');
      // The auditor's reports, as files with their Turkish names.
      for (const [link, name] of [
        ['Excel raporu', 'Mutabakat raporu 30.06.2026.xlsx'],
        ['PDF raporu', 'Mutabakat raporu 30.06.2026.pdf'],
      ] as const) {
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: link }).click();
        expect((await download).suggestedFilename()).toBe(name);
      }
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
