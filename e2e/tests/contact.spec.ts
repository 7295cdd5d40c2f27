import { type Page, expect, test } from '@playwright/test';
import { openPublicPage, skipCookieBanner } from '../support/public-site.ts';

const SENT = "Message sent successfully! We'll get back to you soon.";
const FAILED = 'Failed to send message. Please try again.';

test.beforeEach(async ({ context, baseURL, page }) => {
  await skipCookieBanner(context, baseURL);
  await openPublicPage(page, '/contact', 'Contact Us');
});

async function fillForm(page: Page, email = 'ada@example.com') {
  await page.getByLabel('Full Name').fill('Ada Lovelace');
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Subject').selectOption({ label: 'Technical Support' });
  await page.getByLabel('Message').fill('The explorer shows my transaction twice.');
}

test('an empty form shows every required-field message next to its field and sends nothing', async ({ page }) => {
  let contactRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/contact')) contactRequests += 1;
  });
  await page.getByRole('button', { name: 'Send Message' }).click();

  for (const [label, message] of [
    ['Full Name', 'Full name is required'],
    ['Email Address', 'Email address is required'],
    ['Subject', 'Please select a subject'],
    ['Message', 'Message is required'],
  ] as const) {
    const control = page.getByLabel(label);
    await expect(control).toHaveAttribute('aria-invalid', 'true');
    await expect(control).toHaveAccessibleDescription(message);
  }
  await expect(page.getByLabel('Full Name')).toBeFocused();
  expect(contactRequests).toBe(0);
});

test('an invalid email address is refused, and each message goes once its field is fixed', async ({ page }) => {
  await fillForm(page, 'ada@');
  await page.getByRole('button', { name: 'Send Message' }).click();
  const email = page.getByLabel('Email Address');
  await expect(email).toHaveAccessibleDescription('Email address is invalid');
  await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true');

  await email.fill('ada@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Email address is invalid')).toBeHidden();
});

test('a valid message is sent: the button says Sending..., then a toast confirms and the form is cleared', async ({ page }) => {
  let releaseRequest: () => void = () => undefined;
  const requestHeld = new Promise<void>((resolve) => {
    releaseRequest = resolve;
  });
  // Hold the real request briefly so the busy state can be seen, then let it reach the server.
  await page.route('**/api/contact', async (route) => {
    await requestHeld;
    await route.continue();
  });
  await fillForm(page);
  const responsePromise = page.waitForResponse('**/api/contact');
  await page.getByRole('button', { name: 'Send Message' }).click();

  const busyButton = page.getByRole('button', { name: 'Sending...' });
  await expect(busyButton).toBeDisabled();
  releaseRequest();

  const response = await responsePromise;
  expect(response.status()).toBe(201);
  expect(response.request().postDataJSON()).toEqual({
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    subject: 'support',
    message: 'The explorer shows my transaction twice.',
  });
  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await expect(page.getByLabel('Email Address')).toHaveValue('');
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Message')).toHaveValue('');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});

test('when the server cannot be reached, an error toast appears and the message is kept', async ({ page }) => {
  await page.route('**/api/contact', (route) => route.abort('connectionrefused'));
  await fillForm(page);
  await page.getByRole('button', { name: 'Send Message' }).click();

  await expect(page.getByText(FAILED)).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Ada Lovelace');
  await expect(page.getByLabel('Message')).toHaveValue('The explorer shows my transaction twice.');
  await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
});
