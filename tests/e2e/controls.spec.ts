// Small controls a user reads at a glance (issue 35 item 8): the currency toggle shows which currency is
// selected, and the letter page's "Ekstre satırlarını ekle" checkbox sits on the line of its label.
import type { Locator } from '@playwright/test';
import { account } from './data';
import { expect, test } from './fixtures';

const look = (l: Locator) =>
  l.evaluate((el) => {
    const s = getComputedStyle(el);
    return { background: s.backgroundColor, color: s.color, border: s.borderColor };
  });

test('the currency toggle shows the selected currency, and moves with a click', async ({ page }) => {
  // 1012 keeps its account in USD and also has lines written in TL: open items open in TL (issue 31:
  // every currency on its own, TL first when the account has TL lines) and can be read in USD.
  expect(account('1012').currency).toBe('USD');
  await page.goto('/accounts/1012/acik-kalemler');
  const group = page.getByRole('group', { name: 'Para birimi' });
  const usd = group.getByRole('button', { name: 'USD', exact: true });
  const tl = group.getByRole('button', { name: 'TL', exact: true });
  await expect(tl).toHaveAttribute('aria-pressed', 'true');
  await expect(usd).toHaveAttribute('aria-pressed', 'false');
  const selected = await look(tl);
  const other = await look(usd);
  // Seen, not only announced: another background and text colour than the unselected button.
  expect(selected.background).not.toBe(other.background);
  expect(selected.color).not.toBe(other.color);
  await usd.click();
  await expect(usd).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0); // not hovered, not focused: the resting look
  await usd.blur();
  expect(await look(usd)).toEqual(selected);
  expect(await look(tl)).toEqual(other);
});

test("“Ekstre satırlarını ekle”: the checkbox is on its label's line, before the text", async ({ page }) => {
  await page.goto('/accounts/1000/mutabakat');
  const box = page.getByRole('checkbox', { name: 'Ekstre satırlarını ekle' });
  await expect(box).toBeVisible();
  const geometry = await box.evaluate((input) => {
    const label = input.closest('label')!;
    const text = [...label.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim())!;
    const range = document.createRange();
    range.selectNodeContents(text);
    const t = range.getBoundingClientRect();
    const b = input.getBoundingClientRect();
    return { boxMid: b.top + b.height / 2, textTop: t.top, textBottom: t.bottom, boxRight: b.right, textLeft: t.left };
  });
  expect(geometry.boxMid).toBeGreaterThan(geometry.textTop);
  expect(geometry.boxMid).toBeLessThan(geometry.textBottom);
  expect(geometry.boxRight).toBeLessThanOrEqual(geometry.textLeft);
});
