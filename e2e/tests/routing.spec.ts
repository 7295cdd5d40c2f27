import { expect, test } from '@playwright/test';
import { openPublicPage, skipCookieBanner } from '../support/public-site.ts';

test('an unknown path redirects to the home page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
});

for (const path of ['/dashboard', '/send-receive', '/insights', '/transactions', '/transaction/0xabc', '/transaction/0xabc/receipt', '/profile']) {
  test(`signed out, ${path} redirects to /login`, async ({ page }) => {
    await page.goto(path);
    await expect(page).toHaveURL('/login');
  });
}

test.describe('moving between pages', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await skipCookieBanner(context, baseURL);
  });

  test('a new page starts at the top, and Back returns to where the last one was scrolled', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 500 });
    await openPublicPage(page, '/legal/terms', 'Terms of Service');
    const scrollY = () => page.evaluate(() => window.scrollY);
    // Scrolled down to the footer's link, where the page is left.
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await link.scrollIntoViewIfNeeded();
    const leftAt = await scrollY();
    expect(leftAt).toBeGreaterThan(500);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }).waitFor();
    expect(await scrollY()).toBe(0);

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service', exact: true }).waitFor();
    await expect.poll(scrollY).toBe(leftAt);

    await page.goForward();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy', exact: true }).waitFor();
    await expect.poll(scrollY).toBe(0);
  });

  test('a page whose code cannot be loaded says so, and Go home leaves it', async ({ page }) => {
    await openPublicPage(page, '/', 'Cross-border crypto payments, checked for fraud before they leave');
    // The About page's chunk fails to arrive, as after a deploy that removed it.
    await page.route(/\/assets\/about-page-[^/]+\.js$/, (route) => route.abort());
    await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'This page could not be shown' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    await page.getByRole('link', { name: 'Go home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Cross-border crypto payments, checked for fraud before they leave' })).toBeVisible();
  });
});
