import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { startProdServer } from '../../server/prod';
import { PROBE_SCRIPT } from '../probe';

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
function summarize(profile: { nodes: Node[]; samples: number[]; timeDeltas: number[] }, label: string) {
  const self = new Map<string, number>();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]!)!;
    const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  }
  const top = [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.info(`--- ${label}: top self time (ms)`);
  for (const [k, v] of top) console.info(v.toFixed(1).padStart(8), k);
}
const server = await startProdServer({ distDir: process.argv[2] ?? '/tmp/h9nomin', cwd: process.cwd(), env: { DEMO: '1', DEMO_ERP_SIZE: 'large', HOST: '127.0.0.1', PORT: '0' }, gateway: { log: () => undefined }, print: () => undefined });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: server.url });
await context.addInitScript({ content: PROBE_SCRIPT });
await context.request.post('/api/session', { headers: { 'x-app-request': '1' }, data: { userName: 'demo', password: 'demo' } });
await context.request.post('/api/erp/get_cari', { headers: { 'x-app-request': '1' }, data: { firma_ismi: '' } });
const page = await context.newPage();
const cdp = await context.newCDPSession(page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto('/accounts');
const mark = await page.evaluate('window.__bench.waitMark("rows", 60000)') as { painted: number };
const api = await page.evaluate('window.__bench.api') as { op: string; responseEnd: number }[];
console.info('first rows', (mark.painted - api.find((a) => a.op === 'get_cari')!.responseEnd).toFixed(0));
let { profile } = await cdp.send('Profiler.stop');
summarize(profile as never, 'load');
await page.waitForTimeout(2000);
await cdp.send('Profiler.start');
await page.evaluate('window.__bench.arm()');
await page.locator('th button.dt-sort', { hasText: 'Firma Adı' }).click();
await page.waitForSelector('th[aria-sort=ascending]');
console.info('sort', JSON.stringify(await page.evaluate('window.__bench.settle(300, 60000)')));
({ profile } = await cdp.send('Profiler.stop'));
summarize(profile as never, 'sort');
const input = page.getByRole('searchbox', { name: 'Cari ara' });
await input.click();
await cdp.send('Profiler.start');
for (const ch of 'yıldı') { await page.evaluate('window.__bench.arm()'); await page.keyboard.type(ch); console.info('key', ch, JSON.stringify(await page.evaluate('window.__bench.settle(150, 60000)'))); }
({ profile } = await cdp.send('Profiler.stop'));
summarize(profile as never, 'keys');
console.info(await page.locator('.dt-toolbar__summary').textContent());
writeFileSync('/tmp/h9/last-profile.json', JSON.stringify(profile));
await browser.close();
await server.close();
