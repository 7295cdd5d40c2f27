import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts.ts';
import { focusContrast } from '../support/focus.ts';

/** Tabs through the page from its top and names every focused control whose ring has less than 3:1 contrast. */
async function weakRings(page: Page, presses = 45): Promise<string[]> {
  await page.locator('body').focus();
  const weak = new Set<string>();
  for (let press = 0; press < presses; press += 1) {
    await page.keyboard.press('Tab');
    // Past the last control focus leaves the page: the sweep is done.
    if (await page.evaluate(() => document.activeElement === document.body || document.activeElement === null)) break;
    const { name, ratio } = await focusContrast(page);
    if (ratio < 3) weak.add(`${name} (${ratio.toFixed(2)})`);
  }
  return [...weak];
}

// Every control shows a focus indicator of at least 3:1 against its background (WCAG 2.2, 2.4.7 and 1.4.11), at once:
// with motion on, as most people see it.
test.use({ reducedMotion: 'no-preference' });

for (const scheme of ['light', 'dark'] as const) {
  test(`every page's controls show a visible focus ring in ${scheme} mode`, async ({ page, account: _account }) => {
    test.setTimeout(120_000);
    await page.emulateMedia({ colorScheme: scheme });
    const found: Record<string, string[]> = {};
    for (const path of ['/dashboard', '/transactions', '/insights', '/profile', '/explorer', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const weak = await weakRings(page);
      if (weak.length > 0) found[path] = weak;
    }
    expect(found).toEqual({});
  });
}
