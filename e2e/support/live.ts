import { type Browser, type BrowserContext, type ConsoleMessage, type Page, expect } from '@playwright/test';
import { type TestAccount, newAccount, signUpViaApi } from './accounts.ts';

/** Resolves when the page's realtime client says it is connected; call it before the navigation that connects. */
export function liveConnection(page: Page): Promise<ConsoleMessage> {
  return page.waitForEvent('console', { predicate: (message) => message.text() === 'Connected to payment system', timeout: 15_000 });
}

export interface SignedInUser {
  context: BrowserContext;
  page: Page;
  account: TestAccount;
}

/** A second browser (its own cookies) signed in as a fresh account, cookie banner already answered. */
export async function newSignedInUser(browser: Browser, baseURL: string | undefined, prefix: string): Promise<SignedInUser> {
  if (!baseURL) throw new Error('baseURL is not configured');
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
  const page = await context.newPage();
  const account = await signUpViaApi(page.request, newAccount(prefix));
  return { context, page, account };
}

/** Opens the dashboard and waits until the wallets are shown and the realtime connection is up. */
export async function openLiveDashboard(page: Page): Promise<void> {
  const connected = liveConnection(page);
  await page.goto('/dashboard');
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
  await page.getByTestId('wallet-card').first().waitFor();
  await connected;
}

/** The toast with this text (sonner renders each toast as a list item). */
export const toastWith = (page: Page, text: string | RegExp) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/**
 * A slow send stays pending for only 3 to 6 s at the e2e time scale, and a busy machine may take longer to
 * open a page. So this sends, then looks for the pending state (with short timeouts inside `observe`), and
 * sends again if the moment was missed. Returns the send whose pending state was seen.
 */
export async function seenWhilePending<T>(send: () => Promise<T>, observe: (sent: T) => Promise<void>): Promise<T> {
  let seen: T | undefined;
  await expect(async () => {
    const sent = await send();
    await observe(sent);
    seen = sent;
  }).toPass({ timeout: 60_000, intervals: [0] });
  if (seen === undefined) throw new Error('the pending state was never seen');
  return seen;
}

/** How long an assertion inside `seenWhilePending` may wait: well under the shortest pending time. */
export const PENDING_GLANCE_MS = 2_500;
