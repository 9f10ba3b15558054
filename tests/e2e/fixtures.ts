// The e2e test fixture: every test is wrapped by `guard`, which watches everything the browser sees —
// request URLs and bodies, response bodies, console errors, uncaught page errors — and, at the end,
// the text of every open page. It fails the test when the ERP API password shows up anywhere the
// browser can see it, when the console logs an error, or when a page shows NaN/undefined/Invalid Date/[object Object].
import { mkdirSync } from 'node:fs';
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { e2e, screenshotDir } from './env';

export { expect };

/** Text that must never be shown to a user. */
const BAD_TEXT = /\bNaN\b|\bundefined\b|Invalid Date|\[object Object\]|\bnull\b/;

/** Browser-generated console errors for HTTP error statuses of our own API: the tests assert on those statuses. */
function isExpectedNetworkError(msg: ConsoleMessage): boolean {
  return (
    /^Failed to load resource: the server responded with a status of \d{3}/.test(msg.text()) &&
    new URL(msg.location().url || 'http://x/').pathname.startsWith('/api/')
  );
}

export type Guard = {
  /** Console errors matching this pattern are allowed in this test (use sparingly, say why). */
  allowConsoleError(pattern: RegExp): void;
  /** Problems recorded so far (password leaks, console errors, page errors). */
  problems: string[];
};

/** Checks what the page shows: no leaked password, no NaN/undefined/Invalid Date/[object Object]. */
export async function checkPageText(page: Page, where: string): Promise<void> {
  const text = await page.locator('body').innerText();
  if (e2e.apiPassword) expect(text.includes(e2e.apiPassword), `${where}: page text contains the ERP API password`).toBe(false);
  const bad = BAD_TEXT.exec(text);
  expect(bad, `${where}: page text shows "${bad?.[0]}" near: ${bad ? text.slice(Math.max(0, bad.index - 80), bad.index + 80) : ''}`).toBeNull();
}

/** Runs axe-core on the page as it is: no serious or critical violations. */
export async function checkA11y(page: Page, where: string): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
  expect(bad, `${where}: axe found serious/critical violations`).toEqual([]);
}

/**
 * Checks a page a user has in front of them and keeps a picture of it:
 * page text, axe-core, full-page screenshot under screenshots/e2e/<mode>/<name>.png.
 */
export async function checkPage(page: Page, name: string, opts: { a11y?: boolean } = {}): Promise<void> {
  await checkPageText(page, name);
  if (opts.a11y !== false) await checkA11y(page, name);
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: `${screenshotDir}/${name}.png`, fullPage: true });
}

export const test = base.extend<{ guard: Guard }>({
  guard: [
    async ({ context }, use, testInfo) => {
      const pw = e2e.apiPassword;
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      const pending: Promise<unknown>[] = [];

      const leaks = (s: string | null | undefined) => !!pw && !!s && s.includes(pw);
      const watch = (page: Page) => {
        page.on('request', (req) => {
          if (leaks(req.url())) problems.push(`request URL contains the API password: ${req.method()} ${req.url().replace(pw, '***')}`);
          const body = req.postData();
          if (leaks(body)) problems.push(`request body contains the API password: ${req.method()} ${req.url()}`);
        });
        page.on('response', (res) => {
          const headers = JSON.stringify(res.headers());
          if (leaks(headers)) problems.push(`response headers contain the API password: ${res.url()}`);
          if (leaks(res.url())) problems.push(`response URL contains the API password`);
          if (!pw) return;
          pending.push(
            res
              .body()
              .then((b) => {
                if (b.toString('utf8').includes(pw)) problems.push(`response body contains the API password: ${res.url()}`);
              })
              .catch(() => undefined),
          );
        });
        page.on('console', (msg) => {
          if (msg.type() !== 'error') return;
          if (isExpectedNetworkError(msg)) return;
          if (allowed.some((re) => re.test(msg.text()))) return;
          problems.push(`console error on ${page.url()}: ${msg.text().slice(0, 500)}`);
        });
        page.on('pageerror', (err) => problems.push(`uncaught error on ${page.url()}: ${err.message}`));
      };
      context.pages().forEach(watch);
      context.on('page', watch);

      await use({ allowConsoleError: (re) => allowed.push(re), problems });

      await Promise.race([Promise.all(pending), new Promise((r) => setTimeout(r, 5000))]);
      if (testInfo.status === testInfo.expectedStatus) {
        for (const page of context.pages()) {
          if (!page.isClosed()) await checkPageText(page, `end of test, ${page.url()}`);
        }
      }
      expect(problems, 'browser-visible problems (password leaks, console errors, page errors)').toEqual([]);
    },
    { auto: true },
  ],
});

/** Logs in through the login form (the user sees it; nothing is faked). */
export async function login(page: Page, userName = 'demo', password = 'demo'): Promise<void> {
  await page.getByLabel('Kullanıcı adı').fill(userName);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş yap' }).click();
}

/** Tells the standalone demo ERP how to behave (fault journeys). */
export async function setDemoErp(settings: { shape?: string; fail?: string }): Promise<void> {
  if (!e2e.erpUrl) throw new Error('no standalone demo ERP in this run');
  const r = await fetch(`${e2e.erpUrl}/__demo/settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(settings),
  });
  if (!r.ok) throw new Error(`demo ERP settings: HTTP ${r.status} ${await r.text()}`);
}
