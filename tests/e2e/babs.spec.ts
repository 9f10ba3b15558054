// BA/BS mutabakatı from the list to the board (issue 33), in Chromium, on a production server of its own
// (DEMO=1: embedded demo ERP, demo contacts — every tenth account without an address —, in-app outbox):
// a new user opens last month's BA/BS list and sees why each line is or is not reportable, starts the
// BA/BS campaign of the reportable counterparts, the counterpart opens the link in a fresh browser
// context and answers with one document fewer on our Bs (their Ba), the board shows the difference on
// the count only. Expected figures are grouped from the demo dataset here. Pictures for the note:
// docs/samples/babs-{list,start,letter,docs,reply-form,reply-answered,board,history}.png.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataset, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';
import { OwnServer, freePort, signIn } from './own-server';

/** The last full month before the dataset's today (the list's default while run in that month), written out here. */
const now = new Date(`${dataset.today}T12:00:00Z`);
const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
const MONTH = `${lastMonth.getUTCFullYear()}-${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}`;
const MONTH_NAME = `${['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'][lastMonth.getUTCMonth()]} ${lastMonth.getUTCFullYear()}`;

/** Per account: Bs = our sales + our purchase returns, Ba = our purchases + their sales returns (count, Σ KDV hariç). */
const figures = new Map<string, { name: string; bs: { count: number; net: number }; ba: { count: number; net: number } }>();
for (const i of dataset.invoices) {
  if (!i.date.startsWith(MONTH)) continue;
  const form = i.kind === 'Satış Faturası' || i.kind === 'Alış İade Faturası' ? 'bs' : 'ba';
  const f = figures.get(i.accountId) ?? { name: i.accountName, bs: { count: 0, net: 0 }, ba: { count: 0, net: 0 } };
  f[form].count += 1;
  f[form].net += i.net;
  figures.set(i.accountId, f);
}
const reportable = [...figures].filter(([, f]) => f.bs.net >= 500_000 || f.ba.net >= 500_000).map(([id]) => id);
/** Demo contacts: every account but each tenth (by position) has a mutabakat address. */
const hasAddress = new Set(
  dataset.accounts
    .filter((_, i) => i % 10 !== 9)
    .slice(0, 5000)
    .map((a) => a.id),
);
const withAddress = reportable.filter((id) => hasAddress.has(id));
/** The biggest Bs counterparty with two documents or more and an address: at the top of the list. */
const DISAGREE = [...withAddress].sort((a, b) => figures.get(b)!.bs.net - figures.get(a)!.bs.net).find((id) => figures.get(id)!.bs.count >= 2)!;
/** The smallest Bs line of the month (below the threshold when the dataset has one). */
const SMALLEST = [...figures].filter(([, f]) => f.bs.count > 0).sort((a, b) => a[1].bs.net - b[1].bs.net)[0]![1];

const count = (page: import('@playwright/test').Page, key: string) => page.getByTestId(`count-${key}`).locator('.mut-counts__n');

function pdfToPng(bytes: Buffer, out: string) {
  const dir = mkdtempSync(join(tmpdir(), 'babs-e2e-pdf-'));
  writeFileSync(join(dir, 'f.pdf'), bytes);
  execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '1', '-singlefile', join(dir, 'f.pdf'), out.replace(/\.png$/, '')]);
  rmSync(dir, { recursive: true, force: true });
}

test.describe('BA/BS mutabakatı, list to board', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 1500, height: 1000 } });

  test('last month’s list, a campaign of the reportable counterparts, a count-only disagreement on the board', async ({ page, browser }) => {
    test.setTimeout(480_000);
    expect(DISAGREE, 'a reportable Bs counterparty with two documents and an address in the dataset').toBeTruthy();
    const dataDir = mkdtempSync(join(tmpdir(), 'cari-e2e-babs-'));
    const server = new OwnServer(await freePort(), dataDir);
    try {
      await server.start();
      await signIn(page, server);

      // 1. Last month's list (the default), every line with why it is or is not reportable.
      await page.goto(`${server.url}/babs?ay=${MONTH}&hepsi=1`);
      const grid = page.getByRole('grid', { name: 'Ba/Bs satırları' });
      const mine = figures.get(DISAGREE)!;
      const line = grid.getByRole('row').filter({ hasText: mine.name });
      await expect(line).toContainText(String(mine.bs.count));
      await expect(line).toContainText(trMoney(mine.bs.net));
      await expect(line).toContainText('Bildirilir (≥ 5.000,00)');
      await checkPage(page, 'babs-list');
      await page.screenshot({ path: 'docs/samples/babs-list.png' });
      // Sorted by the amount, smallest first: the line below the threshold says so, with its figure.
      const firstRow = grid.locator('tbody tr').first();
      await grid.getByRole('button', { name: 'KDV hariç tutar' }).click();
      if (!(await firstRow.textContent())?.includes(trMoney(SMALLEST.bs.net))) await grid.getByRole('button', { name: 'KDV hariç tutar' }).click();
      await expect(firstRow).toContainText(SMALLEST.name);
      await expect(firstRow).toContainText(SMALLEST.bs.net < 500_000 ? `Sınırın altında (${trMoney(SMALLEST.bs.net)} < 5.000,00)` : 'Bildirilir (≥ 5.000,00)');

      // 2. The campaign of the reportable counterparts (the list without "sınırın altındakiler").
      await page.goto(`${server.url}/babs?ay=${MONTH}`);
      await page.getByRole('link', { name: 'BA/BS mutabakatı başlat' }).click();
      const start = page.getByRole('region', { name: `${MONTH_NAME} BA/BS mutabakatı` });
      await expect(start.getByTestId('babs-start-scope')).toContainText(`${reportable.length} karşı tarafa mektup hazırlanacak`);
      if (withAddress.length < reportable.length)
        await expect(start.getByTestId('babs-start-no-address')).toContainText(`olmayan ${reportable.length - withAddress.length} karşı taraf`);
      await page.screenshot({ path: 'docs/samples/babs-start.png' });
      await start.getByRole('button', { name: `${reportable.length} BA/BS mektubu hazırla ve gönder` }).click();
      await expect(page).toHaveURL(/\/mutabakat\/donemler\/[^/?]+$/);
      const boardUrl = page.url();
      const campaignId = boardUrl.split('/').pop()!;
      await expect(count(page, 'sent')).toHaveText(String(withAddress.length), { timeout: 240_000 });
      await expect(count(page, 'noAddress')).toHaveText(String(reportable.length - withAddress.length));

      // 3. The letter as mailed, and its documents list (pictures).
      const api = (path: string) => page.request.get(`${server.url}${path}`, { headers: { 'x-app-request': '1' } });
      const board = (await (await api(`/api/mutabakat/campaigns/${campaignId}`)).json()) as { letters: { id: string; accountId: string }[] };
      const letterId = board.letters.find((l) => l.accountId === DISAGREE)!.id;
      pdfToPng(Buffer.from(await (await api(`/api/mutabakat/letters/${letterId}/pdf`)).body()), 'docs/samples/babs-letter.png');
      pdfToPng(Buffer.from(await (await api(`/api/mutabakat/letters/${letterId}/docs.pdf`)).body()), 'docs/samples/babs-docs.png');
      const outbox = (await (await api(`/api/mutabakat/outbox?campaignId=${campaignId}&limit=1000`)).json()) as {
        mails: { accountId: string; replyUrl: string; subject: string }[];
      };
      const mail = outbox.mails.find((m) => m.accountId === DISAGREE)!;
      expect(mail.subject.startsWith(`${MONTH_NAME} BA/BS mutabakatı - `)).toBe(true);

      // 4. The counterpart: their Ba has one document fewer than our Bs, the same amount.
      const context = await browser.newContext({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul', viewport: { width: 1000, height: 1300 } });
      const reply = await context.newPage();
      await reply.goto(mail.replyUrl);
      await expect(reply.getByRole('heading', { name: `BA/BS mutabakatı — ${MONTH_NAME}` })).toBeVisible();
      await expect(reply.locator('span.balance').first()).toHaveText(`${mine.bs.count} belge · ${trMoney(mine.bs.net)} TL`);
      await reply.getByLabel('Mutabık değiliz').check();
      await reply.locator('#bsCount').fill(String(mine.bs.count - 1));
      await reply.getByLabel(/^Açıklama/).fill('Bir faturanız kayıtlarımızda bir sonraki ayda.');
      await reply.getByLabel('Ad soyad').fill('Kemal Aydın');
      await reply.getByLabel('Unvan').fill('Muhasebe Müdürü');
      await reply.screenshot({ path: 'docs/samples/babs-reply-form.png', fullPage: true });
      await reply.getByRole('button', { name: 'Yanıtı gönder' }).click();
      await expect(reply.getByRole('heading', { name: 'Yanıtınız kaydedildi' })).toBeVisible();
      await expect(reply.getByText(`${mine.bs.count - 1} belge · ${trMoney(mine.bs.net)} TL`)).toBeVisible();
      await reply.screenshot({ path: 'docs/samples/babs-reply-answered.png', fullPage: true });
      await context.close();

      // 5. The board: one disagreement, the difference on the Bs count only (+1 belge), none on the amount.
      await page.goto(`${boardUrl}?durum=disagreed`);
      await expect(count(page, 'disagreed')).toHaveText('1');
      await expect(page.getByTestId(`babs-diff-bs-${DISAGREE}`)).toHaveText('belge +1');
      await expect(page.getByTestId(`babs-diff-ba-${DISAGREE}`)).toHaveText('fark yok');
      await expect(page.getByTestId('board-differences')).toHaveText('Açık farklar: Bs: belge +1');
      await checkPage(page, 'babs-board');
      await page.screenshot({ path: 'docs/samples/babs-board.png', fullPage: true });

      // 6. Month over month: the account's history lists the BA/BS month beside a cari period.
      const status = await page.evaluate(async (id) => {
        const r = await fetch('/api/mutabakat/campaigns', {
          method: 'POST',
          headers: { 'x-app-request': '1', 'content-type': 'application/json' },
          body: JSON.stringify({ accountIds: [id], asOf: '2026-09-30', deadline: '2026-12-31' }),
        });
        return r.status;
      }, DISAGREE);
      expect(status).toBe(201);
      await page.goto(`${server.url}/accounts/${DISAGREE}?mutabakat=1`);
      const history = page.getByRole('grid', { name: 'Mutabakat geçmişi' });
      await expect(history.getByRole('row').filter({ hasText: MONTH_NAME })).toContainText('Bs: belge +1');
      await expect(history.getByRole('row').filter({ hasText: '30.09.2026' })).toContainText('Cari', { timeout: 60_000 });
      await history.scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'docs/samples/babs-history.png' });
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
