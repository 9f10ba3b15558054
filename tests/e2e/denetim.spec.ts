// Denetçi modu (issue 47) in Chromium, on a production server of its own (DEMO=1: embedded demo ERP, in-app
// outbox, its own DATA_DIR): the company authorises an audit firm for ten accounts; the auditor opens the
// invitation, sets a password and TOTP, logs in again with a fresh code, samples to 70 % coverage, approves
// the addresses (one flagged: company staff changed it just before, to a free-mail box — the auditor gives
// another), sends; a counterpart first gives another company's VKN (refused), then its own, gets the code
// and answers with a difference; another does not answer and the auditor documents the receipts after the
// period end; the chain verifies, the evidence ZIP's chain is recomputed here from its own lines; the
// company sees states only. Pictures of the auditor's pages: docs/samples/denetim-*.png.
import { createHash } from 'node:crypto';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import JSZip from 'jszip';
import type { Browser, Page } from '@playwright/test';
import { totpAt } from '../../server/audit/totp';
import { vknValid } from '../../src/domain/babs/tax-id';
import { dataset, trMoney } from './data';
import { checkPage, expect, test } from './fixtures';
import { pageLayoutProblems } from './table';
import { OwnServer, freePort, signIn } from './own-server';

const PERIOD_END = '2026-06-30';
const SCOPE = ['1001', '1002', '1003', '1004', '1005', '1006', '1007', '1008', '1010', '1013'];
const FIRM = 'Güven & Ortakları "Bağımsız" Denetim A.Ş.';
const PASSWORD = 'Çok gizli parola 2026 %+!';
const balanceAt = (id: string) =>
  dataset.accountById
    .get(id)!
    .lines.filter((l) => l.date <= PERIOD_END)
    .reduce((s, l) => s + l.debit - l.credit, 0);
const vkn = (nine: string) => [...Array(10).keys()].map((d) => `${nine}${d}`).find(vknValid)!;
const taxOf = (id: string) => vkn(`9${id.padStart(8, '0')}`);
const shot = (page: Page, name: string) => page.screenshot({ path: `docs/samples/denetim-${name}.png`, fullPage: true });

/** The 70 % sample, by hand: per side, the largest balances first until their sum reaches 70 % of the side's. */
function expectedSample(): string[] {
  const out: string[] = [];
  const rows = SCOPE.map((id) => ({ id, b: balanceAt(id) })).filter((x) => x.b !== 0);
  for (const side of [1, -1]) {
    const list = rows.filter((x) => Math.sign(x.b) === side).sort((x, y) => Math.abs(y.b) - Math.abs(x.b) || (x.id < y.id ? -1 : 1));
    const total = list.reduce((s, x) => s + Math.abs(x.b), 0);
    let sum = 0;
    for (const r of list) {
      if (sum * 100 >= total * 70) break;
      out.push(r.id);
      sum += Math.abs(r.b);
    }
  }
  return out.sort();
}

async function newPage(browser: Browser, width = 1400): Promise<Page> {
  const context = await browser.newContext({ locale: 'tr-TR', timezoneId: 'Europe/Istanbul', viewport: { width, height: 1000 } });
  return context.newPage();
}

test.describe('Denetçi modu: the independent auditor confirms balances', () => {
  test.use({ storageState: { cookies: [], origins: [] }, viewport: { width: 1400, height: 1000 } });

  test('authorise, enrol with TOTP, sample 70 %, approve (one flagged), send, a verified answer, a non-reply worked, the chain and the ZIP verify', async ({
    page,
    browser,
  }) => {
    test.setTimeout(240_000);
    const sample = expectedSample();
    const flagged = sample[0]!;
    const dataDir = mkdtempSync(join(tmpdir(), 'cari-e2e-den-'));
    const server = new OwnServer(await freePort(), dataDir);
    try {
      await server.start();
      await signIn(page, server);
      // Staff change one sampled party's address to a free-mail box just before the audit.
      const changed = await page.evaluate(
        async (id) =>
          (
            await fetch(`/api/mutabakat/contacts/${id}`, {
              method: 'PUT',
              headers: { 'content-type': 'application/json', 'x-app-request': '1' },
              body: JSON.stringify({ to: [`muhasebe${id}@gmail.com`], cc: [], person: '' }),
            })
          ).status,
        flagged,
      );
      expect(changed).toBe(200);

      // 1. The company authorises the firm for ten accounts.
      await page.goto(`${server.url}/mutabakat/denetim`);
      await page.getByLabel('Denetim firması').fill(FIRM);
      await page.getByLabel('Denetim (sözleşme) no').fill('BD-2026/17');
      await page.getByRole('textbox', { name: 'Dönem sonu' }).fill('30.06.2026');
      await page.getByRole('textbox', { name: 'Dönem sonu' }).press('Tab');
      await page.getByLabel('Denetçinin adı soyadı').fill('Ayşe Yılmaz');
      await page.getByLabel('Denetçinin e-posta adresi').fill('ayse@guvendenetim.example');
      await page.getByLabel(/Yalnızca bu hesaplar/).fill(SCOPE.join(', '));
      await page.getByRole('button', { name: 'Yetki ver ve davet gönder' }).click();
      const invite = await page.getByRole('status').getByRole('link').getAttribute('href');
      expect(invite).toMatch(/\/denetim\/davet#[A-Za-z0-9_-]{43}$/);
      await checkPage(page, 'denetim-company');

      // 2. The auditor enrols: password, TOTP confirmed by a code, recovery codes once.
      const a = await newPage(browser);
      await a.goto(invite!);
      await expect(a.getByText(`${FIRM} adına BD-2026/17 sayılı denetim`)).toBeVisible();
      await a.getByLabel('Parola (en az 12 karakter)').fill(PASSWORD);
      await a.getByLabel('Parola (tekrar)').fill(PASSWORD);
      await a.getByRole('button', { name: 'Devam' }).click();
      const secret = (await a.getByTestId('totp-secret').innerText()).replace(/\s/g, '');
      await shot(a, 'davet');
      await a.getByLabel('Uygulamadaki 6 haneli kod').fill(totpAt(secret, new Date()));
      await a.getByRole('button', { name: 'Hesabı aç' }).click();
      await expect(a.getByRole('list', { name: '3. Kurtarma kodlarınız' }).getByRole('listitem')).toHaveCount(10);
      // Logged out, then in again with the next code (the one used at enrolment is refused as a replay).
      await a.goto(`${server.url}/denetim`);
      await a.getByRole('button', { name: 'Çıkış' }).click();
      await expect(a).toHaveURL(/\/denetim\/giris$/);
      await a.getByLabel('E-posta').fill('ayse@guvendenetim.example');
      await a.getByLabel('Parola').fill(PASSWORD);
      // The next step's code (a clock one step ahead is allowed): the enrolment's own code would be refused as used.
      await a.getByLabel('Doğrulama kodu (6 hane)').fill(totpAt(secret, new Date(Date.now() + 30_000)));
      await a.getByRole('button', { name: 'Giriş' }).click();
      await expect(a.getByRole('heading', { level: 1, name: `${FIRM} — BD-2026/17` })).toBeVisible();
      await checkPage(a, 'denetim-login-ok');

      // 3. Sample: largest first to 70 % — the accounts worked out above.
      await expect(a.getByText(/hesap, dönem sonunda bakiyesi olan/)).toBeVisible({ timeout: 30_000 });
      await a.getByRole('button', { name: 'Örneklemi seç' }).click();
      await expect(a.getByRole('status')).toContainText(`Seçilen: ${sample.length} hesap. Yöntem: en büyükten %70 kapsamaya kadar.`);
      await shot(a, 'orneklem');

      // 4. Addresses: the flagged one replaced, the others approved with their VKN.
      await a.getByRole('link', { name: 'Adresler' }).click();
      const parties = a.getByRole('grid', { name: 'Teyit edilecek taraflar ve adresleri' });
      await expect(parties.getByRole('link')).toHaveCount(sample.length);
      await parties.getByRole('link', { name: new RegExp(`\\(${flagged}\\)$`) }).click();
      await expect(a.getByText('Ücretsiz e-posta alan adı: herkes bu adla bir kutu açabilir.')).toBeVisible();
      await expect(a.getByText('Adres son 30 gün içinde şirket personelince değiştirilmiş.')).toBeVisible();
      await shot(a, 'adresler');
      for (const id of sample) {
        await parties.getByRole('link', { name: new RegExp(`\\(${id}\\)$`) }).click();
        await a.getByLabel('VKN / TCKN').fill(taxOf(id));
        if (id === flagged) await a.getByLabel('Mektubun gideceği adres').fill(`finans@dogrulanmis${id}.example`);
        await a.getByRole('button', { name: /onayla$/ }).click();
        await expect(a.getByText(/^Onaylanan: /)).toBeVisible();
      }
      await expect(a.getByText(`${sample.length} / ${sample.length} adres onaylandı.`)).toBeVisible();

      // 5. Send.
      await a.getByRole('link', { name: 'Gönderim' }).click();
      await a.getByRole('textbox', { name: 'Son yanıt tarihi' }).fill('31.12.2026');
      await a.getByRole('textbox', { name: 'Son yanıt tarihi' }).press('Tab');
      await a.getByRole('button', { name: `${sample.length} mektubu gönder` }).click();
      await a.getByRole('link', { name: 'Mektuplar ve istisnalar' }).click();
      const letters = a.getByRole('grid', { name: 'Mektuplar' });
      await expect(letters.getByText('Gönderildi, yanıt yok')).toHaveCount(sample.length, { timeout: 90_000 });

      // 6. A counterpart: another company's VKN refused; its own gets the code; it answers with a difference.
      const answering = sample.find((id) => id !== flagged && balanceAt(id) > 0) ?? sample[1]!;
      await a.getByRole('link', { name: 'Demo giden kutusu' }).click();
      const reply = await a
        .getByRole('article')
        .filter({ hasText: `muhasebe.${answering}@` })
        .getByRole('link')
        .getAttribute('href');
      const c = await newPage(browser, 1000);
      await c.goto(reply!);
      await expect(c.getByText(`bağımsız denetçisi ${FIRM} adına gönderilmiştir`)).toBeVisible();
      await c.getByLabel('VKN / TCKN').fill(taxOf('1099'));
      await c.getByRole('button', { name: 'Doğrulama kodu gönder' }).click();
      await expect(c.getByText('Girilen VKN/TCKN bu mektubun karşı tarafıyla eşleşmiyor. Kalan deneme: 4.')).toBeVisible();
      await c.getByLabel('VKN / TCKN').fill(taxOf(answering));
      await c.getByRole('button', { name: 'Doğrulama kodu gönder' }).click();
      await expect(c.getByLabel('Kod', { exact: true })).toBeVisible();
      await a.reload();
      const code = /kodunuz: (\d{6})/.exec(await a.getByRole('article').filter({ hasText: 'Teyit yanıtı doğrulama kodu' }).first().innerText())![1]!;
      const ours = balanceAt(answering);
      const theirs = ours - 1_000_00;
      await c.getByLabel('Kod', { exact: true }).fill(code);
      await c.getByLabel('Mutabık değiliz').check();
      await c.getByLabel('Tutar').fill(trMoney(theirs));
      await c.getByLabel('Borç / alacak').selectOption('B');
      await c.getByLabel('Ad soyad').fill('Mehmet Öztürk');
      await c.getByLabel('Unvan').fill('Mali İşler Müdürü');
      await shot(c, 'yanit-kod');
      await c.getByRole('button', { name: 'Yanıtı gönder' }).click();
      await expect(c.getByRole('heading', { name: 'Yanıtınız kaydedildi' })).toBeVisible();

      // 7. The auditor sees it, verified, with the difference (1.000,00 TL) as an exception.
      await a.getByRole('link', { name: 'Mektuplar ve istisnalar' }).click();
      const row = letters.getByRole('row').filter({ hasText: `(${answering})` });
      await expect(row).toContainText('Mutabık değil');
      await expect(row).toContainText(`${trMoney(theirs)} TL B`);
      await expect(row).toContainText('1.000,00 TL');
      await expect(row).toContainText(`VKN ${taxOf(answering)} + kod`);
      await letters.getByRole('link', { name: new RegExp(`\\(${answering}\\)$`) }).click();
      await expect(a.getByText('Kod doğrulandı')).toBeVisible();
      // Beside the panel the list keeps its type size, does not scroll sideways, and every name shows whole
      // (at most two lines: a third would be cut); it had all seven columns set smaller, names cut to a few letters.
      expect(await pageLayoutProblems(a)).toEqual([]);
      expect(await letters.evaluate((t) => t.style.fontSize)).toBe('');
      const names = letters.locator('tbody a');
      await expect(names).toHaveCount(sample.length);
      expect(await names.evaluateAll((links) => links.filter((l) => l.getClientRects().length > 2).map((l) => l.textContent))).toEqual([]);
      await shot(a, 'mektup-yanit');

      // 8. A letter nobody answered: the receipts after the period end, from the ERP statement.
      const silent = sample.find((id) => id !== answering)!;
      await letters.getByRole('link', { name: new RegExp(`\\(${silent}\\)$`) }).click();
      await a.getByRole('textbox', { name: /Alternatif prosedür/ }).fill('15.11.2026');
      await a.getByRole('textbox', { name: /Alternatif prosedür/ }).press('Tab');
      await a.getByRole('button', { name: 'ERP ekstresinden hesapla' }).click();
      await expect(a.getByText(`TL: dönem sonunda açık ${trMoney(Math.abs(balanceAt(silent)))}`).first()).toBeVisible();
      await a.getByLabel('Not').fill('Yanıt gelmedi; dönem sonrası tahsilatlar ERP ekstresinden incelendi.');
      await a.getByRole('button', { name: 'Not ekle' }).click();
      await expect(a.getByText(/Alternatif prosedür \(Ayşe Yılmaz\)/)).toBeVisible();
      await checkPage(a, 'denetim-letters');
      await shot(a, 'alternatif');

      // 9. The company before release: states only, no answer.
      await page.goto(`${server.url}/mutabakat/denetim`);
      await page.getByRole('grid', { name: 'Denetim yetkileri' }).getByRole('link').first().click();
      await expect(page.getByRole('grid', { name: 'Mektuplar' }).getByText('yanıtlandı')).toHaveCount(1);
      await expect(page.getByText('Mehmet Öztürk')).toHaveCount(0);

      // 10. The chain verifies; the ZIP's chain is recomputed here from its own lines.
      await a.getByRole('link', { name: 'Kanıt' }).click();
      await a.getByRole('button', { name: 'Zinciri doğrula' }).click();
      await expect(a.getByText(/^Kanıt zinciri sağlam: \d+ olay/)).toBeVisible();
      await shot(a, 'kanit');
      const download = a.waitForEvent('download');
      await a.getByRole('button', { name: 'Kanıt paketini indir (ZIP)' }).click();
      const file = await (await download).path();
      const zip = await JSZip.loadAsync(readFileSync(file));
      const events = (await zip.file('olaylar.jsonl')!.async('string'))
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, string | number | null>);
      let prev = '0'.repeat(64);
      for (const e of events) {
        expect(e.prevHash).toBe(prev);
        const content = [prev, e.seq, e.at, e.type, e.byUser ?? '', e.byName ?? '', e.letterId ?? '', e.accountId ?? '', e.detail].join('\n');
        expect(createHash('sha256').update(content, 'utf8').digest('hex')).toBe(e.hash);
        prev = String(e.hash);
      }
      expect(events.map((e) => e.type)).toEqual(
        expect.arrayContaining([
          'authorised',
          'auditor_enrolled',
          'sampled',
          'address_approved',
          'sent',
          'identity_failed',
          'code_verified',
          'answered',
          'alternative_procedure',
        ]),
      );
      expect(Object.keys(zip.files).filter((f) => f.endsWith('/kanit.json'))).toHaveLength(sample.length);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
