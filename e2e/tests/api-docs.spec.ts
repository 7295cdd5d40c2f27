import { expect, test } from '@playwright/test';
import { collectCspViolations } from '../support/csp-violations.ts';

/**
 * The OpenAPI UI under its own, tighter Content-Security-Policy (server/src/plugins/openapi.ts): it must still
 * render, expand an operation and run it, with no violation reported by the browser.
 */
test('the API docs render and run a request under their Content-Security-Policy, with no violation', async ({ page }) => {
  const violations = await collectCspViolations(page);

  await page.goto('/api/docs/');
  await expect(page.getByRole('heading', { name: /FinCrypt API/ })).toBeVisible();
  const health = page.locator('.opblock').filter({ hasText: '/api/health' }).first();
  await health.locator('.opblock-summary').click();
  await health.getByRole('button', { name: 'Try it out' }).click();
  await health.getByRole('button', { name: 'Execute' }).click();
  await expect(health.locator('.live-responses-table tr.response .response-col_status').first()).toHaveText('200');

  // The session scheme names the cookie this server sets (plain http here: no __Secure- prefix).
  await page.getByRole('button', { name: 'Authorize' }).first().click();
  await expect(page.locator('.modal-ux')).toContainText('fincrypt.session_token');
  expect(violations).toEqual([]);
});
