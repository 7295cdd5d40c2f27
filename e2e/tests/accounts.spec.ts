import { ACCOUNT_MESSAGES, DEMO_ACCOUNTS, DEMO_PASSWORD } from '@fincrypt/domain';
import { secretFromOtpauthUri, totpCode } from '@fincrypt/test-support';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, newAccount, signInViaForm, signUpViaApi, test } from '../support/accounts.ts';

test.describe('sign-up and sign-in', () => {
  test('signs up at /register and lands on the dashboard', async ({ page }) => {
    const account = newAccount('signup');
    await page.goto('/register');
    await expect(page).toHaveTitle(/Create account/);
    await page.getByLabel('Full name').fill(account.name);
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByLabel('Confirm password').fill(account.password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL('/dashboard');
    await expect(page.getByRole('button', { name: 'Logout' }).first()).toBeVisible();
  });

  test('the sign-up form explains each problem', async ({ page }) => {
    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await expect(page).toHaveURL('/register');
    // The simulated participants' domain is nobody's to take.
    await page.getByLabel('Email').fill('amara-lagos@simulated.fincrypt.invalid');
    await expect(page.getByText(ACCOUNT_MESSAGES.emailReserved)).toBeVisible();
    await expect(page).toHaveURL('/register');
  });

  for (const demo of DEMO_ACCOUNTS) {
    test(`signs in with the ${demo.kind} demo account shown on the login page`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
      await expect(page.getByText(demo.email)).toBeVisible();
      await expect(page.getByText(DEMO_PASSWORD)).toBeVisible();
      await signInViaForm(page, demo.email, DEMO_PASSWORD);
      await expect(page).toHaveURL('/dashboard');
      // Signed in, /login sends the user back to the dashboard.
      await page.goto('/login');
      await expect(page).toHaveURL('/dashboard');
    });
  }

  test('a wrong password shows the error banner and stays on /login', async ({ page }) => {
    const account = await signUpViaApi(page.context().request, newAccount('wrongpw'));
    await page.context().clearCookies();
    await signInViaForm(page, account.email, 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await expect(page).toHaveURL('/login');
    // The same banner for an email nobody has.
    await signInViaForm(page, 'nobody-here@example.com', 'not-the-password');
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  });

  test('the session survives a reload, and Logout ends it in every open tab', async ({ page, context }) => {
    const account = await signUpViaApi(context.request);
    await page.goto('/dashboard');
    await page.reload();
    await expect(page).toHaveURL('/dashboard');
    const otherTab = await context.newPage();
    await otherTab.goto('/profile');
    await expect(otherTab.getByRole('heading', { name: 'Account Settings' })).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
    // The other tab follows without a reload.
    await expect(otherTab).toHaveURL('/login');
    // And the server really forgot the session.
    expect((await context.request.get('/api/account')).status()).toBe(401);
    void account;
  });

  test('a session revoked elsewhere sends the user to /login on the next request', async ({ page, browser }) => {
    const account = await signUpViaApi(page.request);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Account Settings' })).toBeVisible();
    // Another device changes the password, which signs out every other session.
    const otherDevice = await browser.newContext();
    const signIn = await otherDevice.request.post('/api/auth/sign-in/email', { data: { email: account.email, password: account.password } });
    expect(signIn.status()).toBe(200);
    const change = await otherDevice.request.post('/api/account/password', {
      data: { currentPassword: account.password, newPassword: 'a-brand-new-password' },
    });
    expect(change.status()).toBe(200);
    await otherDevice.close();

    // The server also closes the ended session's live connection, which can take the app to /login before any
    // request; when it has not yet, the next request does. Either way the user lands there.
    const notifications = page.getByRole('tab', { name: 'Notifications' });
    if (await notifications.isVisible()) await notifications.click({ timeout: 5_000 }).catch(() => undefined);
    await expect(page).toHaveURL('/login');
  });
});

test.describe('account settings', () => {
  test('profile: edit, cancel, validation messages, save', async ({ page, account }) => {
    await page.goto('/profile');
    await expect(page.getByText(account.email).first()).toBeVisible();
    await expect(page.getByText(/Joined/)).toBeVisible();
    // The avatar picker is only there in edit mode.
    await expect(page.getByRole('radiogroup', { name: 'Avatar' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByRole('radiogroup', { name: 'Avatar' })).toBeVisible();
    // Joined is read-only and looks it: text, not a box to type in, and no tab stop.
    const joined = page.getByTestId('profile-joined');
    await expect(joined).toContainText(/Joined\s*\w{3} \d{1,2}, \d{4}/);
    await expect(joined).toContainText("it can't be changed");
    await expect(page.getByRole('textbox', { name: 'Joined' })).toHaveCount(0);
    await expect(joined.locator('input, textarea, [tabindex]')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await page.getByLabel('Full name').fill('Changed But Cancelled');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Changed But Cancelled')).toHaveCount(0);
    await expect(page.getByText(account.name).first()).toBeVisible();

    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Full name').fill('');
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await expect(page.getByText('Email is required')).toBeVisible();
    await page.getByLabel('Email').fill('broken@');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Email is invalid')).toBeVisible();

    // Switching tab leaves edit mode and clears the errors.
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await expect(page.getByText('Name is required')).toHaveCount(0);

    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByRole('radio', { name: 'Green pattern' }).click();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    // The top bar shows the new name at once.
    await expect(page.getByTestId('signed-in-name')).toHaveText('Ada Lovelace');
    await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
    await page.reload();
    await expect(page.getByText('Ada Lovelace').first()).toBeVisible();
  });

  test('profile: an email another account uses is refused', async ({ page, account, browser }) => {
    const other = browser.newContext();
    const otherAccount = await signUpViaApi((await other).request);
    await (await other).close();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email').fill(otherAccount.email);
    // A new email asks who you are first.
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'An account with this email already exists' })).toBeVisible();
    await expect(page.getByText('Failed to update profile')).toBeVisible();
  });

  test('security: change password with each message, then sign in with the new one', async ({ page, account }) => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    const submit = page.getByRole('button', { name: 'Update Password' });
    await submit.click();
    await expect(page.getByText('Current password is required')).toBeVisible();
    await expect(page.getByText('New password is required')).toBeVisible();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByLabel('New password', { exact: true }).fill('short');
    await submit.click();
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill('a-new-password-1');
    await page.getByLabel('Confirm new password').fill('a-new-password-2');
    await submit.click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();

    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('Confirm new password').fill('a-new-password-1');
    await submit.click();
    await expect(page.getByText('Current password is incorrect')).toBeVisible();

    await page.getByLabel('Current password').fill(account.password);
    await submit.click();
    await expect(page.getByText('Password changed successfully')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await signInViaForm(page, account.email, account.password);
    await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
    await signInViaForm(page, account.email, 'a-new-password-1');
    await expect(page).toHaveURL('/dashboard');
  });

  test('security: enable 2FA, sign in with a code, a reused code is refused, disable 2FA', async ({ page, account }) => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Enable 2FA' }).click();
    await page.getByLabel('Confirm your password').fill(account.password);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]+=*$/);
    expect(secretFromOtpauthUri(`otpauth://totp/x?secret=${secret}`)).toBe(secret);

    const now = Date.now();
    await page.getByLabel('Verification code').fill(totpCode(secret, now));
    await page.getByRole('button', { name: 'Verify and enable' }).click();
    await expect(page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
    const codes = await page.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allTextContents();
    const [backupCode = '', secondBackupCode = ''] = codes;
    // No look-alike characters (0/O, 1/I/l).
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    await page.getByRole('button', { name: 'I have saved my backup codes' }).click();
    await expect(page.getByText('Status: Enabled')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await signInViaForm(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
    // The next step's code is valid too (one step of clock drift is allowed) and has not been used yet.
    const signInCode = totpCode(secret, now + 30_000);
    await page.getByLabel('Authentication code').fill(signInCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/');
    await signInViaForm(page, account.email, account.password);
    await page.getByLabel('Authentication code').fill(signInCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert')).toHaveText('This code has already been used. Wait for the next one.');

    // A backup code gets in instead.
    await page.getByRole('button', { name: 'Use a backup code instead' }).click();
    await page.getByLabel('Backup code').fill(backupCode);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/dashboard');

    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Security' }).click();
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await page.getByLabel('Confirm your password').fill(account.password);
    // Turning 2FA off also asks for a code: an unused backup code does.
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await expect(page.getByText('Enter the 6-digit code from your authenticator app, or a backup code')).toBeVisible();
    await page.getByLabel('Authentication code').fill(backupCode);
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await expect(page.getByRole('alert')).toHaveText('Invalid code');
    await page.getByLabel('Authentication code').fill(secondBackupCode);
    await page.getByRole('button', { name: 'Disable 2FA' }).click();
    await expect(page.getByText('Status: Disabled')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await signInViaForm(page, account.email, account.password);
    await expect(page).toHaveURL('/dashboard');
  });

  test('notifications: the four toggles start at their defaults and are saved', async ({ page, account }) => {
    void account;
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    const toggle = (name: string) => page.getByRole('switch', { name });
    await expect(toggle('Transaction Alerts')).toBeChecked();
    await expect(toggle('Fraud Detection')).toBeChecked();
    await expect(toggle('Email Notifications')).toBeChecked();
    await expect(toggle('Market Updates')).not.toBeChecked();
    await toggle('Market Updates').click();
    await toggle('Transaction Alerts').click();
    await expect(toggle('Market Updates')).toBeChecked();
    await expect
      .poll(async (): Promise<unknown> => (await page.request.get('/api/account/notifications')).json())
      .toEqual({ transactionAlerts: false, fraudDetection: true, emailNotifications: true, marketUpdates: true });
    await page.reload();
    await page.getByRole('tab', { name: 'Notifications' }).click();
    await expect(toggle('Market Updates')).toBeChecked();
    await expect(toggle('Transaction Alerts')).not.toBeChecked();
  });

  test('login, register and every settings tab pass axe', async ({ page, browser, account }) => {
    // Six full axe scans: each takes seconds on a busy 2-core machine, so the default minute is too tight.
    test.setTimeout(120_000);
    void account;
    const anonymousContext = await browser.newContext();
    const anonymous = await anonymousContext.newPage();
    for (const path of ['/login', '/register']) {
      await anonymous.goto(path);
      await expect(anonymous.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(anonymous);
    }
    await anonymousContext.close();
    await page.goto('/profile');
    for (const tab of ['Profile', 'Wallets', 'Security', 'Notifications']) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('tabpanel')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
  });
});
