// temporary: screenshots of the long-load progress and statement-first states (not committed)
import { chromium } from 'playwright-core';
import { startProdServer } from './server/prod';
const server = await startProdServer({ distDir: 'dist', cwd: process.cwd(), env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' }, gateway: { log: () => undefined }, print: () => undefined });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
for (const [w, h] of [[1366, 768], [1920, 1080]]) {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, locale: 'tr-TR', baseURL: server.url });
  await ctx.request.post('/api/session', { headers: { 'x-app-request': '1' }, data: { userName: 'demo', password: 'demo' } });
  const page = await ctx.newPage();
  const cdp = await ctx.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 60, downloadThroughput: 1_250_000, uploadThroughput: 1_250_000 });
  await page.goto('/accounts/1000');
  await page.getByTestId('load-progress').waitFor({ timeout: 30000 });
  await page.waitForTimeout(1200);
  await page.screenshot({ path: `/tmp/nc/shots/statement-progress-${w}.png` });
  await page.locator('.statement-page tr[data-row-id]').first().waitFor({ timeout: 60000 });
  await page.screenshot({ path: `/tmp/nc/shots/statement-rows-${w}.png` });
  await page.getByRole('heading', { level: 1 }).filter({ hasNotText: 'Cari Ekstre' }).waitFor({ timeout: 60000 });
  await page.screenshot({ path: `/tmp/nc/shots/statement-named-${w}.png` });
  await page.goto('/accounts');
  await page.getByTestId('load-progress').waitFor({ timeout: 30000 });
  await page.waitForTimeout(1500);
  await page.screenshot({ path: `/tmp/nc/shots/accounts-progress-${w}.png` });
  await ctx.close();
}
await browser.close();
await server.close();
