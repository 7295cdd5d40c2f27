import { type Page, expect, test } from '@playwright/test';
import { PUBLIC_PAGES, openPublicPage, skipCookieBanner } from '../support/public-site.ts';

const HOME_HEADING = PUBLIC_PAGES[0].heading;
const DAY_SECONDS = 24 * 60 * 60;

const hasDarkClass = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

test.describe('top bar', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await skipCookieBanner(context, baseURL);
  });

  test('offers Home, About, Contact, Explorer and Login to a signed-out visitor', async ({ page }) => {
    await openPublicPage(page, '/about', 'About FinCrypt');
    const mainNav = page.getByRole('navigation', { name: 'Main' });
    await expect(mainNav.getByRole('link')).toHaveText(['Home', 'About', 'Contact', 'Explorer', 'Login']);
    await expect(mainNav.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
    await mainNav.getByRole('link', { name: 'Contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    await mainNav.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL('/login');
  });

  test('the theme starts light, the toggle switches to dark and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await openPublicPage(page, '/', HOME_HEADING);
    expect(await hasDarkClass(page)).toBe(false);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    expect(await hasDarkClass(page)).toBe(true);
    const stored = await page.evaluate(() => localStorage.getItem('fincrypt-theme'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ state: { theme: 'dark' } });

    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();
    expect(await hasDarkClass(page)).toBe(true);

    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
    expect(await hasDarkClass(page)).toBe(false);
  });

  test('with no stored theme, the page follows the system colour scheme, also when it changes', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPublicPage(page, '/', HOME_HEADING);
    expect(await hasDarkClass(page)).toBe(true);
    await expect(page.getByRole('button', { name: 'Switch to light mode' })).toBeVisible();

    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => hasDarkClass(page)).toBe(false);
    await expect(page.getByRole('button', { name: 'Switch to dark mode' })).toBeVisible();
  });

  test('a stored theme wins over the system colour scheme', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await openPublicPage(page, '/', HOME_HEADING);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    expect(await hasDarkClass(page)).toBe(false);
  });

  test('the stored theme is applied before the app script runs, so the first paint has no flash', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('fincrypt-theme', JSON.stringify({ state: { theme: 'dark' }, version: 0 })));
    // With the app bundle blocked, only public/theme-init.js can set the class.
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    expect(await hasDarkClass(page)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');
  });

  test('the display currency defaults to INR, and a new choice changes the ticker and survives a reload', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    const currency = page.getByLabel('Display currency');
    const ethereum = page.getByRole('region', { name: 'Live prices' }).getByRole('listitem').filter({ hasText: 'ETH' });
    await expect(currency).toHaveValue('inr');
    await expect(ethereum).toHaveText(/₹[\d,]+\.\d{2}/);

    await currency.selectOption('usd');
    await expect(ethereum).toHaveText(/\$[\d,]+\.\d{2}/);
    await expect(ethereum).not.toHaveText(/₹/);
    const stored = await page.evaluate(() => localStorage.getItem('currency-storage'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ state: { currency: 'usd' } });

    await page.reload();
    await expect(page.getByLabel('Display currency')).toHaveValue('usd');
    await expect(ethereum).toHaveText(/\$[\d,]+\.\d{2}/);

    await page.getByLabel('Display currency').selectOption('eur');
    await expect(ethereum).toHaveText(/€[\d,]+\.\d{2}/);
  });
});

test.describe('cookie banner', () => {
  async function expectConsentCookie(page: Page, value: string, days: number) {
    const cookies = await page.context().cookies();
    const consent = cookies.find((cookie) => cookie.name === 'cookie-consent');
    expect(consent?.value).toBe(value);
    const secondsLeft = (consent?.expires ?? 0) - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(days * DAY_SECONDS - 60 * 60);
    expect(secondsLeft).toBeLessThanOrEqual(days * DAY_SECONDS + 60);
  }

  test('Accept All stores "accepted" for 365 days and the banner stays away after a reload', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Accept All' }).click();
    await expect(banner).toBeHidden();
    await expectConsentCookie(page, 'accepted', 365);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: HOME_HEADING }).waitFor();
    await expect(banner).toBeHidden();
  });

  test('Decline stores "declined" for 7 days and the banner stays away after a reload', async ({ page }) => {
    await openPublicPage(page, '/about', 'About FinCrypt');
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Decline' }).click();
    await expect(banner).toBeHidden();
    await expectConsentCookie(page, 'declined', 7);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'About FinCrypt' }).waitFor();
    await expect(banner).toBeHidden();
  });

  test('closing the banner counts as declining', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    const banner = page.getByRole('region', { name: 'Cookie consent' });
    await banner.getByRole('button', { name: 'Close cookie banner' }).click();
    await expect(banner).toBeHidden();
    await expectConsentCookie(page, 'declined', 7);
  });
});

test.describe('small screens (375 px wide)', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test.beforeEach(async ({ context, baseURL }) => {
    await skipCookieBanner(context, baseURL);
  });

  test('the menu opens from its button and closes when a link is followed', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

    await menuButton.click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await expect(mobileNav.getByRole('link')).toHaveText(['Home', 'About', 'Contact', 'Explorer', 'Login']);
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');

    await mobileNav.getByRole('link', { name: 'About' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'About FinCrypt' })).toBeVisible();
    await expect(mobileNav).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  test('the menu also closes when its link points at the page already shown', async ({ page }) => {
    await openPublicPage(page, '/contact', 'Contact Us');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const mobileNav = page.getByRole('navigation', { name: 'Mobile' });
    await mobileNav.getByRole('link', { name: 'Contact' }).click();
    await expect(mobileNav).toBeHidden();
  });

  for (const { path, heading } of PUBLIC_PAGES) {
    test(`${path} has no horizontal scroll`, async ({ page }) => {
      await openPublicPage(page, path, heading);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(375);
    });
  }

  test('the open menu does not cause horizontal scroll either', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    await page.getByRole('button', { name: 'Open menu' }).click();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe('keyboard', () => {
  test.beforeEach(async ({ context, baseURL }) => {
    await skipCookieBanner(context, baseURL);
  });

  async function focusedName(page: Page): Promise<string> {
    return page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return '';
      return element.getAttribute('aria-label') ?? (element.textContent ?? '').trim();
    });
  }

  test('Tab reaches the skip link first, then the main navigation, the currency selector and the theme toggle', async ({
    page,
  }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    const reached: string[] = [];
    for (let step = 0; step < 10; step += 1) {
      await page.keyboard.press('Tab');
      reached.push(await focusedName(page));
    }
    expect(reached[0]).toBe('Skip to content');
    for (const name of ['Home', 'About', 'Contact', 'Login', 'Switch to dark mode']) expect(reached).toContain(name);
    expect(reached.some((name) => name.startsWith('₹ INR'))).toBe(true);
  });

  test('the skip link moves focus to the main content', async ({ page }) => {
    await openPublicPage(page, '/about', 'About FinCrypt');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))).toBe(true);
  });

  test('every link and button on the home page can be reached with Tab', async ({ page }) => {
    await openPublicPage(page, '/', HOME_HEADING);
    await expect(page.getByRole('region', { name: 'Live prices' }).getByRole('listitem')).toHaveCount(4);
    // Number every rendered control; ones hidden at this width (the small-screen menu button) are left out.
    const controlCount = await page.evaluate(() => {
      const rendered = Array.from(document.querySelectorAll('a[href], button, select')).filter(
        (element) => element.getClientRects().length > 0,
      );
      rendered.forEach((element, index) => element.setAttribute('data-control-index', String(index)));
      return rendered.length;
    });
    const reached = new Set<string>();
    for (let step = 0; step < controlCount + 5; step += 1) {
      await page.keyboard.press('Tab');
      const index = await page.evaluate(() => document.activeElement?.getAttribute('data-control-index'));
      if (index) reached.add(index);
    }
    expect(reached.size).toBe(controlCount);
  });
});
