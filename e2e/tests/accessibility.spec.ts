import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { PUBLIC_PAGES, openPublicPage } from '../support/public-site.ts';

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} mode`, () => {
    test.use({ colorScheme });

    for (const { path, heading } of PUBLIC_PAGES) {
      // The cookie banner is left open, so it is checked on every page too.
      test(`${path} has no serious accessibility violations`, async ({ page }) => {
        await openPublicPage(page, path, heading);
        expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(colorScheme === 'dark');
        await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
        if (path === '/') {
          await expect(page.getByRole('region', { name: 'Live prices' }).getByRole('listitem')).toHaveCount(4);
        }
        await expectNoSeriousA11yViolations(page);
      });
    }

    test('the contact form with its validation messages has no serious accessibility violations', async ({ page }) => {
      await openPublicPage(page, '/contact', 'Contact Us');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page.getByText('Please select a subject')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });

    test('the open FAQ answers and the open mobile menu have no serious accessibility violations', async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await openPublicPage(page, '/about', 'About FinCrypt');
      for (const question of await page.locator('summary').all()) await question.click();
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });
}
