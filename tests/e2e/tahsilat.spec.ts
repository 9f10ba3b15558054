// Tahsilat takibi, a morning's work (issue 34), in Chromium on a production server of its own (DEMO=1:
// embedded demo ERP, in-app outbox, its own DATA_DIR) so the journey can restart it: the worklist, a call
// and a promise on one customer, a payment appearing in the ERP (the demo ERP's POST /__demo/payment)
// turning it kept; a call and a promise on another; the day's reminders sent in bulk and read in the demo
// outbox (with its PDF "Ek"); a restart some days later (DEMO_CLOCK_OFFSET_DAYS) — everything still there,
// and the unpaid promise broken, back on top. Pictures: docs/samples/tahsilat-*.png.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { checkPage, expect, test } from './fixtures';
import { OwnServer, freePort, signIn } from './own-server';

const H = { 'x-app-request': '1' };
const istanbulDay = (offsetDays = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(new Date(Date.now() + offsetDays * 86_400_000));
const tr = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
interface Row {
  accountId: string;
  name: string;
  overdue: { currency: string; overdue: number }[];
  promise: { status: string } | null;
}

/** The embedded demo ERP's address, from the server's latest start line (the log keeps earlier starts). */
const erpUrl = (server: OwnServer) => [...server.log.matchAll(/embedded demo ERP at (http:\/\/127\.0\.0\.1:\d+)/g)].at(-1)![1]!;
async function pay(request: APIRequestContext, server: OwnServer, accountId: string, date: string, amount: number) {
  const res = await request.post(`${erpUrl(server)}/__demo/payment`, { data: { accountId, date, amount } });
  expect(res.status()).toBe(201);
}
async function worklist(page: Page, server: OwnServer): Promise<Row[]> {
  const res = await page.request.get(`${server.url}/api/tahsilat/worklist?view=all&refresh=1`, { headers: H });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { rows: Row[] }).rows;
}

test.describe('tahsilat takibi, a morning from the worklist', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 1500, height: 1000 } });

  test('call, note, promise kept by a payment in the ERP; bulk reminders read in the outbox; a broken promise back on top after a restart', async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const dataDir = mkdtempSync(join(tmpdir(), 'cari-e2e-col-'));
    const server = new OwnServer(await freePort(), dataDir);
    delete process.env.DEMO_CLOCK_OFFSET_DAYS;
    const today = istanbulDay();
    try {
      await server.start();
      await signIn(page, server);

      // The worklist: TL customers overdue; A and B are the first two, with a tahsilat address each (and four more).
      const rows = await worklist(page, server);
      const tl = rows.filter((r) => r.overdue.length === 1 && r.overdue[0]!.currency === 'TL' && r.overdue[0]!.overdue >= 2_000_000);
      const [A, B] = tl;
      expect(A && B).toBeTruthy();
      for (const r of tl.slice(0, 6)) {
        const res = await page.request.put(`${server.url}/api/tahsilat/accounts/${r.accountId}/address`, {
          headers: H,
          data: { collectTo: [`tahsilat${r.accountId}@musteri.example`] },
        });
        expect(res.status()).toBe(200);
      }
      await page.goto(`${server.url}/tahsilat`);
      const table = page.getByRole('grid', { name: 'Vadesi geçmiş alacaklar' });
      await expect(table.locator('tr[data-row-id]').first()).toBeVisible();
      await checkPage(page, 'tahsilat worklist');

      // A: called, promised 10.000,00 TL in two days; the payment arrives in the ERP today → kept.
      await page.goto(`${server.url}/tahsilat?musteri=${A!.accountId}`);
      const panelA = page.getByRole('region', { name: new RegExp(A!.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
      const log = panelA.getByRole('form', { name: 'Kayıt ekle' });
      await log.getByLabel('Tür').selectOption('call');
      await log.getByLabel('Sonuç').selectOption({ label: 'Ödeme sözü' });
      await log.getByRole('textbox', { name: 'Not' }).fill('Muhasebe müdürü: 10.000 TL iki gün içinde.');
      await log.getByRole('button', { name: 'Ekle' }).click();
      await expect(panelA.locator('.col-log')).toContainText('Muhasebe müdürü: 10.000 TL iki gün içinde.');
      const promiseA = panelA.getByRole('form', { name: 'Ödeme sözü' });
      await promiseA.getByLabel('Tutar').fill('10.000,00');
      await promiseA.getByRole('textbox', { name: 'Ödeme tarihi' }).fill(tr(istanbulDay(2)));
      await promiseA.getByRole('button', { name: 'Sözü kaydet' }).click();
      await expect(panelA.getByRole('list', { name: 'Sözler' })).toContainText(`${tr(istanbulDay(2))}: 10.000,00 TL → Bekliyor`);
      await pay(page.request, server, A!.accountId, today, 1_000_000);
      await page.getByRole('button', { name: 'ERP’den yenile' }).click();
      await page.reload();
      await expect(page.getByRole('list', { name: 'Sözler' })).toContainText('10.000,00 TL → Tutuldu', { timeout: 30_000 });

      // B: a call, a note, a promise of 5.000,00 TL tomorrow (never paid).
      await page.goto(`${server.url}/tahsilat?musteri=${B!.accountId}`);
      const panelB = page.locator('.col-panel');
      await panelB.getByRole('form', { name: 'Kayıt ekle' }).getByLabel('Sonuç').selectOption({ label: 'Mesaj bırakıldı' });
      await panelB.getByRole('form', { name: 'Kayıt ekle' }).getByRole('button', { name: 'Ekle' }).click();
      await expect(panelB.locator('.col-log')).toContainText('Arama: Mesaj bırakıldı');
      await panelB.getByRole('form', { name: 'Kayıt ekle' }).getByLabel('Tür').selectOption('note');
      await panelB.getByRole('form', { name: 'Kayıt ekle' }).getByRole('textbox', { name: 'Not' }).fill('Geri aradı: yarın 5.000 TL gönderecek.');
      await panelB.getByRole('form', { name: 'Kayıt ekle' }).getByRole('button', { name: 'Ekle' }).click();
      await expect(panelB.locator('.col-log')).toContainText('Geri aradı: yarın 5.000 TL gönderecek.');
      await panelB.getByRole('form', { name: 'Ödeme sözü' }).getByLabel('Tutar').fill('5.000,00');
      await panelB
        .getByRole('form', { name: 'Ödeme sözü' })
        .getByRole('textbox', { name: 'Ödeme tarihi' })
        .fill(tr(istanbulDay(1)));
      await panelB.getByRole('form', { name: 'Ödeme sözü' }).getByRole('button', { name: 'Sözü kaydet' }).click();
      await expect(panelB.getByRole('list', { name: 'Sözler' })).toContainText('5.000,00 TL → Bekliyor');

      // The same panel on B's account page.
      await page.goto(`${server.url}/accounts/${B!.accountId}`);
      await page.getByRole('link', { name: 'Tahsilat takibi', exact: true }).click();
      await expect(page.locator('.col-account .col-log')).toContainText('Geri aradı: yarın 5.000 TL gönderecek.');
      await page.locator('.col-account').scrollIntoViewIfNeeded();
      await page.screenshot({ path: 'docs/samples/tahsilat-account-panel.png', fullPage: true });

      // The template editor.
      await page.goto(`${server.url}/tahsilat/ayarlar`);
      await expect(page.getByRole('region', { name: 'Şablonda kullanılabilecek alanlar' })).toContainText('{tutarlar}');
      await page.getByRole('button', { name: 'Bu müşteriyle önizle' }).click();
      await expect(page.getByTestId('preview')).toContainText('Konu: Vadesi geçmiş ödemeleriniz hakkında');
      await page.screenshot({ path: 'docs/samples/tahsilat-templates.png', fullPage: true });

      // The day's reminders, in bulk: B (a pending promise) is not among them.
      await page.goto(`${server.url}/tahsilat/hatirlatmalar`);
      await page.getByRole('button', { name: 'Bugünün önerilerini hazırla' }).click();
      const send = page.getByRole('button', { name: /^Seçilenleri gönder \((\d+)\)$/ });
      await expect(send).toBeEnabled({ timeout: 60_000 });
      const n = Number(/\((\d+)\)/.exec((await send.textContent())!)![1]);
      expect(n).toBeGreaterThan(0);
      const proposals = (await (await page.request.get(`${server.url}/api/tahsilat/reminders`, { headers: H })).json()) as {
        reminders: { accountId: string; state: string; to: string[] }[];
      };
      // Not proposed (after 07:00 the day's job may have proposed B before the promise: that proposal is withdrawn).
      expect(proposals.reminders.filter((p) => p.state === 'proposed').map((p) => p.accountId)).not.toContain(B!.accountId);
      const mailed = proposals.reminders.filter((p) => p.state === 'proposed');
      await send.click();
      await expect(page.getByText(`${n} e-posta giden kutusuna alındı; 0 atlandı.`)).toBeVisible();

      // Read in the demo outbox, with its PDF.
      // The tahsilat address where one was set, else the demo's mutabakat contact.
      const to = mailed[0]!.to[0]!;
      await page.goto(`${server.url}/mutabakat/giden-kutusu?q=${encodeURIComponent(to)}`);
      await page.getByRole('grid', { name: 'E-postalar' }).getByRole('row').filter({ hasText: to }).first().getByRole('link').click();
      const mail = page.getByRole('region', { name: 'E-posta' });
      await expect(mail).toContainText(`Kime: ${to}`);
      await expect(mail.getByRole('document', { name: 'E-postanın içeriği' })).toContainText('Vadesi geçmiş');
      const ek = mail.getByRole('link', { name: /^Ek: / });
      // The "Ek" link, clicked as the user does: the mail's own PDF downloads (no error shown).
      const [download] = await Promise.all([page.waitForEvent('download'), ek.click()]);
      expect(download.suggestedFilename()).toMatch(/^(Açık kalemler|Vade farkı hesabı) - .+\.pdf$/);
      expect(
        readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expect(mail.getByRole('alert')).toHaveCount(0);
      await page.screenshot({ path: 'docs/samples/tahsilat-reminder-mail.png' });

      // Six days later (the server restarted): B's window (tomorrow + 3 days' grace) has closed unpaid.
      // The open outbox page polls: it leaves before the server stops (no refused requests in its console).
      await page.goto('about:blank');
      await server.stop();
      process.env.DEMO_CLOCK_OFFSET_DAYS = '6';
      await server.start();
      // The demo ERP keeps its data in memory: A's payment is entered again (a real ERP keeps it).
      await pay(page.request, server, A!.accountId, today, 1_000_000);
      await signIn(page, server);
      await page.goto(`${server.url}/tahsilat`);
      const first = page.getByRole('grid', { name: 'Vadesi geçmiş alacaklar' }).locator('tr[data-row-id]').first();
      await expect(first).toHaveAttribute('data-row-id', B!.accountId, { timeout: 60_000 });
      await expect(first).toContainText('5.000,00 TL → Tutulmadı');
      await page.screenshot({ path: 'docs/samples/tahsilat-worklist.png' });
      await page.goto(`${server.url}/tahsilat?gorunum=broken`);
      await expect(page.getByRole('grid', { name: 'Vadesi geçmiş alacaklar' }).locator('tr[data-row-id]')).toHaveCount(1);
      // Everything kept: B's call and note, A's kept promise, the reminders in the outbox.
      await page.goto(`${server.url}/tahsilat?musteri=${B!.accountId}`);
      await expect(page.locator('.col-log')).toContainText('Geri aradı: yarın 5.000 TL gönderecek.');
      await expect(page.locator('.col-log')).toContainText('Arama: Mesaj bırakıldı');
      await page.goto(`${server.url}/tahsilat?musteri=${A!.accountId}`);
      await expect(page.getByRole('list', { name: 'Sözler' })).toContainText('10.000,00 TL → Tutuldu');
      const outbox = (await (await page.request.get(`${server.url}/api/mutabakat/outbox?campaignId=tahsilat`, { headers: H })).json()) as { mails: unknown[] };
      expect(outbox.mails).toHaveLength(n);
    } finally {
      await page.goto('about:blank');
      await server.stop();
      delete process.env.DEMO_CLOCK_OFFSET_DAYS;
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
