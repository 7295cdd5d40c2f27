import { expect, test } from '../support/accounts.ts';
import { collectCspViolations } from '../support/csp-violations.ts';

/**
 * The app's pages run under `script-src 'self'` (server/src/plugins/spa.ts) and must not trip it: zod's `new Function`
 * probe did on every page that builds a schema (forms, checked API answers), and Lighthouse counts each report against
 * best practices. The browser build's zod is jitless (web/src/lib/browser-zod.ts).
 */

test('signed-out pages with forms and checked answers report no CSP violation', async ({ page }) => {
  const violations = await collectCspViolations(page);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.goto('/register');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/explorer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Its stats, blocks and transactions arrive as answers the page checks with its schemas.
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('signed-in pages with forms and checked answers report no CSP violation', async ({ page, account: _account }) => {
  const violations = await collectCspViolations(page);
  await page.goto('/send-receive');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/insights');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
});
