import { DEMO_ACCOUNTS } from '@fincrypt/domain';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { OUTSIDE_EVM_ADDRESS, TOASTS_SELECTOR, openSendReceive, sendForm } from '../support/send-receive.ts';

test.describe('Keyboard', () => {
  test('the Send tab panel is no tab stop: Tab goes from the Send tab straight to Wallet', async ({ page, account: _account }) => {
    await openSendReceive(page);
    const panel = page.getByRole('tabpanel', { name: 'Send' });
    await expect(panel).toHaveAttribute('tabindex', '-1');
    await page.getByRole('tab', { name: 'Send' }).focus();
    await page.keyboard.press('Tab');
    await expect(sendForm(page).wallet).toBeFocused();

    await page.getByRole('tab', { name: 'Receive' }).click();
    await expect(page.getByRole('tabpanel', { name: 'Receive' })).toHaveAttribute('tabindex', '-1');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('tabpanel', { name: 'Receive' })).not.toBeFocused();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
  });

  test('a refused send focuses its first invalid field, top to bottom: Wallet, then Recipient, then Amount', async ({ page, account: _account }) => {
    await openSendReceive(page);
    const form = sendForm(page);
    await form.wallet.selectOption('');
    await form.submit.click();
    await expect(form.wallet).toBeFocused();
    await expect(form.wallet).toHaveAttribute('aria-invalid', 'true');
    await expect(form.recipient).toHaveAttribute('aria-invalid', 'true');

    await form.wallet.selectOption({ index: 1 });
    await expect(form.speed('Normal')).toBeVisible();
    await form.submit.click();
    await expect(form.recipient).toBeFocused();

    await form.recipient.fill(OUTSIDE_EVM_ADDRESS);
    await form.submit.click();
    await expect(form.amount).toBeFocused();

    // A send rule (more than the balance) refuses it after the form's own checks: that field gets focus too.
    await form.submit.focus();
    await form.amount.fill('1000000');
    await form.submit.press('Enter');
    await expect(form.amount).toHaveAttribute('aria-invalid', 'true');
    await expect(form.amount).toBeFocused();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
  });

  test('sign-in and registration focus their first invalid field', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill(DEMO_ACCOUNTS[0].email);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByLabel('Password')).toBeFocused();

    await page.goto('/register');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Full name')).toBeFocused();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('long-enough-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByLabel('Confirm password')).toBeFocused();
  });

  test('the contact form focuses its first invalid field, the Subject select included', async ({ page }) => {
    await page.goto('/contact');
    const send = page.getByRole('button', { name: 'Send Message' });
    await send.click();
    await expect(page.getByLabel('Full Name')).toBeFocused();
    await page.getByLabel('Full Name').fill('Ada Lovelace');
    await page.getByLabel('Email Address').fill('ada@example.com');
    await send.click();
    await expect(page.getByLabel('Subject')).toBeFocused();
  });

  test('the profile and password forms focus their first invalid field, the checks after the form’s own included', async ({ page, account }) => {
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Email').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Full name').fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByLabel('Full name')).toBeFocused();

    // A new email needs the current password: checked on submit, after the schema, and focused all the same.
    await page.getByLabel('Full name').fill(account.name);
    await page.getByLabel('Email').fill(`new-${account.email}`);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
    await expect(page.getByLabel('Current password')).toBeFocused();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('tab', { name: 'Security' }).click();
    const update = page.getByRole('button', { name: 'Update Password' });
    await update.click();
    await expect(page.getByLabel('Current password')).toBeFocused();
    await page.getByLabel('Current password').fill(account.password);
    await update.click();
    await expect(page.getByLabel('New password', { exact: true })).toBeFocused();
  });
});
