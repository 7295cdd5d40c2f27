import fs from 'node:fs';
import { ACCOUNT_MESSAGES, DEMO_ACCOUNTS, DEMO_PASSWORD } from '@fincrypt/domain';
import { totpCode } from '@fincrypt/test-support';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, newAccount, signInViaForm, signUpViaApi, test } from '../support/accounts.ts';

/** Turns 2FA on through the Security tab and returns the key and the backup codes shown. */
async function turnOnTwoFactor(page: Page, password: string) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Enable 2FA' }).click();
  await page.getByLabel('Confirm your password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
  await page.getByLabel('Verification code').fill(totpCode(secret));
  await page.getByRole('button', { name: 'Verify and enable' }).click();
  const codes = page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  return { secret, backupCodes: await codes.allTextContents() };
}

test.describe('account security', () => {
  for (const width of [1280, 375]) {
    test(`a shared demo account's settings say its sign-in stays as published, instead of offering the forms (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signInViaForm(page, DEMO_ACCOUNTS[2].email, DEMO_PASSWORD);
      await expect(page).toHaveURL('/dashboard');
      await page.goto('/profile');
      await page.getByRole('tab', { name: 'Security' }).click();
      const security = page.getByRole('tabpanel', { name: 'Security' });
      await expect(security.getByRole('note')).toContainText(ACCOUNT_MESSAGES.demoSignInFixed);
      await expect(security.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
      await expect(security.getByLabel('Current password')).toHaveCount(0);
      await expect(security.getByRole('button', { name: 'Enable 2FA' })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      // The name can still change; the email is shown, read-only, with the reason beside it.
      await page.getByRole('tab', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const email = page.getByLabel('Email');
      await expect(email).toHaveValue(DEMO_ACCOUNTS[2].email);
      await expect(email).toHaveAttribute('readonly', '');
      await expect(email).toHaveAccessibleDescription(ACCOUNT_MESSAGES.demoSignInFixed);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test('sign-in: after repeated wrong passwords the form says how long to wait and holds the button', async ({ page }) => {
    const account = await signUpViaApi(page.context().request, newAccount('lockout'));
    await page.context().clearCookies();
    // Five wrong passwords from this address cost nothing more than the message...
    for (let attempt = 0; attempt < 5; attempt += 1) {
      await signInViaForm(page, account.email, 'not-the-password');
      await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    }
    // ...then this address waits 15 minutes for this account, even with the right password.
    await signInViaForm(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('Too many sign-in attempts for this account. Please wait 15 minutes and try again.');
    await expect(page.getByTestId('retry-wait')).toHaveText(/^You can try again in 1[45]:\d\d$/);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeDisabled();
    await expect(page).toHaveURL('/login');
    await expectNoSeriousA11yViolations(page);
  });

  test('profile: a new email asks for the password and a 2FA code, and other devices follow', async ({ page, account, browser }) => {
    // Another device, signed in before 2FA goes on, with the settings open.
    const otherDevice = await browser.newContext();
    expect((await otherDevice.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } })).status()).toBe(200);
    const elsewhere = await otherDevice.newPage();
    await elsewhere.goto('/profile');
    await elsewhere.getByRole('tab', { name: 'Security' }).click();
    await expect(elsewhere.getByText('Status: Disabled')).toBeVisible();

    const { secret } = await turnOnTwoFactor(page, account.password);
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
    // The other device learns that 2FA is on without a reload (profile_update).
    await expect(elsewhere.getByText('Status: Enabled')).toBeVisible();
    await elsewhere.getByRole('tab', { name: 'Profile' }).click();

    await page.getByRole('tab', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByLabel('Current password')).toHaveCount(0);
    const newEmail = newAccount('moved').email;
    await page.getByLabel('Email').fill(newEmail);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app, or a backup code')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Invalid code')).toBeVisible();
    // The next step's code: the current one was spent turning 2FA on.
    await page.getByLabel('Authentication code').fill(totpCode(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(page.getByText(newEmail).first()).toBeVisible();
    await expect(elsewhere.getByText(newEmail).first()).toBeVisible();
    await otherDevice.close();

    // Turning 2FA off asks for both too; the form with its messages passes axe.
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app, or a backup code')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('backup codes: copy them all, or download them as a .txt file', async ({ page, account, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { backupCodes } = await turnOnTwoFactor(page, account.password);
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Copy codes' }).click();
    await expect(page.getByText('Backup codes copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(backupCodes.join('\n'));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download .txt' }).click()]);
    expect(download.suggestedFilename()).toBe('fincrypt-backup-codes.txt');
    const text = fs.readFileSync(await download.path(), 'utf8');
    expect(text).toMatch(/^FinCrypt backup codes\n/);
    expect(text.trim().split('\n').slice(-10)).toEqual(backupCodes);
  });
});
