import { type Locator, type Page, expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signUpViaApi, test as signedInTest } from '../support/accounts.ts';
import { TOASTS_SELECTOR, openSendReceive, sendForm } from '../support/send-receive.ts';

type Box = { top: number; bottom: number; left: number; right: number };

async function boxOf(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/** Where the focused element is on screen, and what it is called. */
async function focusedBox(page: Page): Promise<Box & { name: string }> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { top: 0, bottom: 0, left: 0, right: 0, name: 'body' };
    const { top, bottom, left, right } = element.getBoundingClientRect();
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? element.tagName;
    return { top, bottom, left, right, name };
  });
}

test.describe('Nothing hidden under the cookie banner', () => {
  test('at 375 px the banner is compact, and tabbing through the send form never leaves the focused control under it', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 667 });
    await signUpViaApi(page.request);
    await openSendReceive(page);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    const bannerBox = await boxOf(banner);
    // Compact: well under a quarter of the screen.
    expect(bannerBox.bottom - bannerBox.top).toBeLessThan(667 * 0.2);

    const form = sendForm(page);
    await expect(form.speed('Normal')).toBeVisible();
    await form.wallet.focus();
    const header = await boxOf(page.locator('header').first());
    const seen: string[] = [];
    for (let presses = 0; presses < 40; presses += 1) {
      await page.keyboard.press('Tab');
      const focused = await focusedBox(page);
      seen.push(focused.name);
      // Above the banner (whose top is fixed to the screen) and below the sticky top bar.
      expect(focused.bottom, `"${focused.name}" under the cookie banner`).toBeLessThanOrEqual(bannerBox.top);
      expect(focused.top, `"${focused.name}" under the top bar`).toBeGreaterThanOrEqual(header.bottom);
      if (await form.submit.evaluate((button) => button === document.activeElement)) break;
    }
    await expect(form.submit, `tabbed through: ${seen.join(' → ')}`).toBeFocused();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // The end of the page can still be scrolled clear of the banner.
    await page.keyboard.press('End');
    const footerEnd = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().bottom);
    expect(footerEnd).toBeLessThanOrEqual(bannerBox.top + 1);

    // Once answered, the banner and its padding are gone.
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    // Polled like the banner: read once right after it, the padding was still there in one run of many; a padding
    // left behind for good still fails here.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe('0px');
  });
});

signedInTest.describe('Toasts', () => {
  for (const width of [1280, 375]) {
    signedInTest(`at ${width} px a toast shows below the top bar, never over its currency, theme and name controls`, async ({ page, account: _account }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/profile');
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      await page.getByLabel('Full name').fill('Grace Hopper');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Profile updated successfully' });
      await expect(toast).toBeVisible();
      // Wait for the toast's entry animation to end before measuring it.
      await expect.poll(async () => toast.evaluate((element) => element.getAnimations().length)).toBe(0);
      const toastBox = await boxOf(toast);
      const header = await boxOf(page.locator('header').first());
      expect(toastBox.top).toBeGreaterThanOrEqual(header.bottom);
      for (const control of [
        page.getByLabel('Display currency'),
        page.getByRole('button', { name: /^Switch to (light|dark) mode$/ }),
        page.getByTestId('signed-in-name'),
      ]) {
        if (!(await control.isVisible())) continue;
        expect(overlaps(toastBox, await boxOf(control))).toBe(false);
      }
      await expect(page.getByLabel('Display currency')).toBeVisible();
    });
  }
});
