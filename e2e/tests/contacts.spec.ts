import type { ContactView, WalletView } from '@fincrypt/domain';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { TOASTS_SELECTOR, chooseSendWallet, isSendRequest, openReview, openSendReceive, reviewStep, sendForm, walletOn } from '../support/send-receive.ts';

/** Addresses that belong to no wallet here, each with distinct first and last characters. */
const ANA = '0x71c7656ec7ab88b098defb751b7401b5f6d8976f';
const LANDLORD = '0x5b38da6a701c568545dcfcb03fcb875f56beddc4';
const FIRST_TIME = '0x00000000000000000000000000000000deadbeef';

/** "0x71C7...976F": how the app shortens an address. */
const shortened = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;

async function saveContactViaApi(request: APIRequestContext, body: { network: string; address: string; name: string }): Promise<ContactView> {
  const response = await request.post('/api/contacts', { data: body });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as ContactView;
}

async function openContactsTab(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Contacts' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Contacts' });
  await expect(panel.getByRole('heading', { name: 'Contacts', level: 2 })).toBeVisible();
  return panel;
}

/** The Send form on the user's Ethereum Sepolia wallet. */
async function sendFromEthereum(page: Page): Promise<WalletView> {
  const wallet = await walletOn(page.request, 'eth_sepolia');
  await openSendReceive(page);
  await chooseSendWallet(page, wallet);
  return wallet;
}

function recordSends(page: Page): Request[] {
  const sends: Request[] = [];
  page.on('request', (request) => {
    if (isSendRequest(request)) sends.push(request);
  });
  return sends;
}

test.describe('Contacts', () => {
  test('adds, edits and deletes contacts in Account Settings, with the messages for bad input', async ({ page, account: _account }) => {
    // Five accessibility scans on one page: give them time on a loaded machine.
    test.slow();
    const panel = await openContactsTab(page);
    await expect(panel.getByText('No contacts yet.', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // Nothing saved without a name or with an address that is not the network's.
    await panel.getByRole('button', { name: 'Add contact' }).click();
    const form = panel.getByRole('form', { name: 'New contact' });
    await form.getByLabel('Address').fill('not-an-address');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await expect(form.getByText('Please enter a name')).toBeVisible();
    await form.getByLabel('Name').fill('Ana Silva');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await expect(form.getByText('Invalid recipient address')).toBeVisible();
    await expect(form.getByLabel('Address')).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // Saved in canonical form, typed in lower case.
    await form.getByLabel('Network').selectOption({ label: 'Ethereum Sepolia' });
    await form.getByLabel('Address').fill(ANA);
    await form.getByRole('button', { name: 'Save contact' }).click();
    await expect(page.getByText('Contact saved')).toBeVisible();
    const rows = panel.getByTestId('contact');
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('contact-name')).toHaveText('Ana Silva');
    await expect(rows.first().getByTestId('contact-address')).toHaveText('0x71C7...976F');

    // The same address again (another case) is refused, naming the contact it is saved as.
    await panel.getByRole('button', { name: 'Add contact' }).click();
    await form.getByLabel('Name').fill('Ana again');
    await form.getByLabel('Address').fill(ANA.toUpperCase().replace('0X', '0x'));
    await form.getByRole('button', { name: 'Save contact' }).click();
    await expect(form.getByText('This address is already saved as Ana Silva')).toBeVisible();
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows).toHaveCount(1);

    // Edit: a new name.
    await panel.getByRole('button', { name: 'Edit Ana Silva (Ethereum Sepolia)' }).click();
    const edit = panel.getByRole('form', { name: 'Edit Ana Silva' });
    await expect(edit.getByTestId('contact-form-network')).toHaveText('Ethereum Sepolia');
    await edit.getByLabel('Name').fill('Ana (Lisbon)');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Contact updated')).toBeVisible();
    await expect(rows.first().getByTestId('contact-name')).toHaveText('Ana (Lisbon)');
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });

    // Still there after a reload: the server keeps it.
    await page.reload();
    const reloaded = await openContactsTab(page);
    await expect(reloaded.getByTestId('contact-name')).toHaveText(['Ana (Lisbon)']);

    // Delete, confirmed in a dialog.
    await reloaded.getByRole('button', { name: 'Delete Ana (Lisbon) (Ethereum Sepolia)' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete contact?' });
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Contact deleted')).toBeVisible();
    await expect(reloaded.getByTestId('contact')).toHaveCount(0);
    const listed = await page.request.get('/api/contacts');
    expect(((await listed.json()) as { contacts: ContactView[] }).contacts).toEqual([]);
  });

  test('pays a contact picked by name without the first-payment warning', async ({ page, account: _account }) => {
    const contact = await saveContactViaApi(page.request, { network: 'eth_sepolia', address: LANDLORD, name: 'Landlord' });
    await sendFromEthereum(page);
    const form = sendForm(page);
    await form.form.getByLabel('Pay a contact').selectOption({ label: `Landlord (${shortened(contact.address)})` });
    await expect(form.recipient).toHaveValue(contact.address);
    await expect(form.form.getByText('Paying your contact Landlord')).toBeVisible();
    await form.amount.fill('0.01');

    await openReview(page);
    const review = reviewStep(page);
    await expect(review.region.getByText('To your contact Landlord (Ethereum Sepolia)')).toBeVisible();
    await expect(review.region.getByText('First payment to this address')).toHaveCount(0);
    await expect(review.region.getByText('This address imitates one you know')).toHaveCount(0);
    await review.send.click();
    await expect(page.getByText('Transaction sent successfully')).toBeVisible();
    await expect(page).toHaveURL('/dashboard');
  });

  test('warns that an address imitates a contact, names the contact, and sends nothing until the user confirms', async ({ page, account: _account }) => {
    const contact = await saveContactViaApi(page.request, { network: 'eth_sepolia', address: LANDLORD, name: 'Landlord' });
    const lookalike = `0x${LANDLORD.slice(2, 6)}${'1'.repeat(32)}${LANDLORD.slice(-4)}`;
    const sends = recordSends(page);
    await sendFromEthereum(page);
    const form = sendForm(page);
    await form.recipient.fill(lookalike);
    await form.amount.fill('0.01');

    await openReview(page);
    const review = reviewStep(page);
    await expect(review.region.getByText('This address imitates one you know')).toBeVisible();
    await expect(review.region.getByText(/looks like your contact Landlord but it is a different address/)).toBeVisible();
    await expect(review.region.getByText(contact.address, { exact: true })).toBeVisible();
    // The characters that differ are marked, and Send waits until the whole address is checked.
    const differing = [...lookalike.toLowerCase()].filter((character, index) => character !== LANDLORD.toLowerCase()[index]).length;
    await expect(review.region.getByTestId('address-diff').locator('mark')).toHaveCount(differing);
    expect(differing).toBeGreaterThan(25);
    await expect(review.send).toBeDisabled();
    await review.region.getByLabel('I have checked the whole address').check();
    await expect(review.send).toBeEnabled();
    await expectNoSeriousA11yViolations(page, { exclude: [TOASTS_SELECTOR] });
    expect(sends).toHaveLength(0);
    // Back to the form: nothing was sent.
    await review.edit.click();
    await expect(form.recipient).toHaveValue(lookalike);
    expect(sends).toHaveLength(0);
  });

  test('saves a new recipient from the first-payment warning; the next payment to it goes without the warning', async ({ page, account: _account }) => {
    await sendFromEthereum(page);
    const form = sendForm(page);
    await form.recipient.fill(FIRST_TIME);
    await form.amount.fill('0.01');
    await openReview(page);
    const review = reviewStep(page);
    await expect(review.region.getByText('First payment to this address')).toBeVisible();
    await review.region.getByRole('button', { name: 'Save as contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as contact' });
    await expect(dialog.getByLabel('Address')).toHaveValue('0x00000000000000000000000000000000DeaDBeef');
    await dialog.getByLabel('Name').fill('Printer shop');
    await dialog.getByRole('button', { name: 'Save contact' }).click();
    await expect(review.region.getByText('Saved as Printer shop')).toBeVisible();
    // The quote lasts 20 s in these journeys: one that ran out while the dialog was open is renewed first.
    if (await review.requote.isVisible()) await review.requote.click();
    await review.send.click();
    await expect(page).toHaveURL('/dashboard');

    await sendFromEthereum(page);
    await form.form.getByLabel('Pay a contact').selectOption({ label: 'Printer shop (0x0000...Beef)' });
    await form.amount.fill('0.01');
    await openReview(page);
    await expect(review.region.getByText('To your contact Printer shop (Ethereum Sepolia)')).toBeVisible();
    await expect(review.region.getByText('First payment to this address')).toHaveCount(0);
  });

  test('after a payment to someone new, the toast offers to save them as a contact', async ({ page, account: _account }) => {
    await sendFromEthereum(page);
    const form = sendForm(page);
    await form.recipient.fill(ANA);
    await form.amount.fill('0.01');
    await openReview(page);
    await reviewStep(page).send.click();
    await expect(page).toHaveURL('/dashboard');
    // Focus lands on the page's heading, not on <body>.
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeFocused();
    // Toasts are listed one under another: the send's, with its two actions, is never hidden by the next one.
    const sent = page.locator(`${TOASTS_SELECTOR} [data-sonner-toast]`).filter({ hasText: 'Transaction sent successfully' });
    await expect(sent.getByRole('button', { name: 'View payment' })).toBeVisible();
    await sent.getByRole('button', { name: 'Save as contact' }).click();

    await expect(page).toHaveURL('/profile');
    const panel = page.getByRole('tabpanel', { name: 'Contacts' });
    const newContact = panel.getByRole('form', { name: 'New contact' });
    await expect(newContact.getByLabel('Address')).toHaveValue('0x71C7656EC7ab88b098defB751B7401B5f6d8976F');
    await newContact.getByLabel('Name').fill('Ana Silva');
    await newContact.getByRole('button', { name: 'Save contact' }).click();
    await expect(panel.getByTestId('contact-name')).toHaveText(['Ana Silva']);
  });
});
