import { API_ERRORS, PASSKEY_MESSAGES } from '@fincrypt/domain';
import type { CDPSession, Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';

/**
 * Chromium's virtual authenticator (CDP WebAuthn domain): a platform passkey provider that verifies the user at
 * once, so the browser's passkey dialogs complete without a person.
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function openSecurityTab(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Security' }).click();
  return page.getByRole('tabpanel', { name: 'Security' });
}

async function signOut(page: Page) {
  expect((await page.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
  await page.goto('/login');
}

test.describe('passkeys', () => {
  for (const width of [1280, 375]) {
    test(`adds a passkey, signs out and back in with it alone, then removes it (${width} px)`, async ({ page, account }) => {
      await page.setViewportSize({ width, height: 900 });
      const { cdp, authenticatorId } = await addVirtualAuthenticator(page);

      const security = await openSecurityTab(page);
      await expect(security.getByText('No passkeys yet.')).toBeVisible();
      await security.getByRole('button', { name: 'Add a passkey' }).click();
      await security.getByRole('button', { name: 'Create passkey' }).click();
      await expect(security.getByLabel('Passkey name')).toHaveAccessibleDescription(new RegExp(PASSKEY_MESSAGES.nameRequired));
      await security.getByLabel('Passkey name').fill('Test laptop');
      await security.getByRole('button', { name: 'Create passkey' }).click();
      const passkeys = security.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem');
      await expect(passkeys).toHaveCount(1);
      await expect(passkeys.first()).toContainText('Test laptop');
      await expect(passkeys.first()).toContainText('Last used never');
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]!.rpId).toBe('localhost');
      expect(credentials[0]!.isResidentCredential).toBe(true);
      await expectNoSeriousA11yViolations(page);

      // Signed out, the passkey alone signs in, no password and no code: first through the email field's autofill
      // (conditional mediation; the virtual authenticator picks the one passkey, as a person picks it in the list)...
      await signOut(page);
      await expect(page).toHaveURL('/dashboard');

      // ...then, in a browser without that autofill, with the button.
      await page.addInitScript(() => {
        PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(false);
      });
      await signOut(page);
      await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
      await expectNoSeriousA11yViolations(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page).toHaveURL('/dashboard');

      const again = await openSecurityTab(page);
      await expect(again.getByRole('listitem')).not.toContainText('Last used never');
      await again.getByRole('button', { name: 'Remove passkey Test laptop' }).click();
      await again.getByLabel('Confirm your password').fill('not-my-password');
      await again.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(again.getByRole('alert')).toHaveText(API_ERRORS.INVALID_PASSWORD.messages.passwordIncorrect);
      await again.getByLabel('Confirm your password').fill(account.password);
      await again.getByRole('button', { name: 'Remove passkey' }).click();
      await expect(again.getByText('No passkeys yet.')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // The authenticator still holds the key, but FinCrypt no longer knows it: the sign-in says so and stays on /login.
      await signOut(page);
      await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(page.getByRole('alert')).toHaveText(API_ERRORS.PASSKEY_NOT_FOUND.messages.unknownPasskey);
      await expect(page).toHaveURL('/login');
      await expectNoSeriousA11yViolations(page);
    });
  }
});
