import type { BrowserContext, Page } from '@playwright/test';

/** Every page a signed-out visitor can open, with its <h1> and its document title. */
export const PUBLIC_PAGES = [
  { path: '/', heading: 'Cross-border crypto payments, checked for fraud before they leave', title: 'Home · FinCrypt' },
  { path: '/about', heading: 'About FinCrypt', title: 'About · FinCrypt' },
  { path: '/contact', heading: 'Contact Us', title: 'Contact · FinCrypt' },
  { path: '/legal', heading: 'Legal', title: 'Legal · FinCrypt' },
  { path: '/legal/terms', heading: 'Terms of Service', title: 'Terms of Service · FinCrypt' },
  { path: '/legal/privacy', heading: 'Privacy Policy', title: 'Privacy Policy · FinCrypt' },
  { path: '/legal/compliance', heading: 'Compliance', title: 'Compliance · FinCrypt' },
] as const;

/** Answers the cookie banner in advance, so it does not cover content a test clicks. */
export async function skipCookieBanner(context: BrowserContext, baseURL: string | undefined): Promise<void> {
  if (!baseURL) throw new Error('baseURL is not configured');
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
}

/** Opens a page and waits until its own heading is shown (the page chunk is loaded lazily). */
export async function openPublicPage(page: Page, path: string, heading: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
}
