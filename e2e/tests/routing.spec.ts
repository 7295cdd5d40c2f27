import { expect, test } from '@playwright/test';

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
