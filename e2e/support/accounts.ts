import { newAccount, type TestAccount } from '@fincrypt/test-support';
import { type APIRequestContext, type Page, test as base, expect } from '@playwright/test';

export { newAccount, type TestAccount };

/**
 * Until none of the signed-in user's wallets has money on its way in. On a real chain a new account's opening grants
 * are spendable once a block includes them (1.2 s on Sepolia in the journeys), as its owner would see; on the
 * simulated chains they are at once.
 */
export async function untilNothingIncoming(request: APIRequestContext): Promise<void> {
  await expect
    .poll(
      async () => {
        const { wallets } = (await (await request.get('/api/wallets')).json()) as { wallets: { balances: { incomingUnits?: string }[] }[] };
        return wallets.length > 0 && wallets.every((wallet) => wallet.balances.every((balance) => balance.incomingUnits === undefined));
      },
      { timeout: 20_000 },
    )
    .toBe(true);
}

/**
 * Creates an account through the API; the request context's cookie jar is then signed in. Returns once its opening
 * grants are spendable.
 */
export async function signUpViaApi(request: APIRequestContext, account: TestAccount = newAccount()): Promise<TestAccount> {
  const response = await request.post('/api/auth/sign-up/email', { data: account });
  expect(response.status(), await response.text()).toBe(200);
  await untilNothingIncoming(request);
  return account;
}

export async function signInViaForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * `context` arrives with the cookie banner already answered (so it covers nothing a test clicks);
 * `account` signs that context in as a fresh account.
 */
export const test = base.extend<{ account: TestAccount }>({
  context: async ({ context, baseURL }, use) => {
    if (!baseURL) throw new Error('baseURL is not configured');
    await context.addCookies([{ name: 'cookie-consent', value: 'accepted', url: baseURL }]);
    await use(context);
  },
  account: async ({ page }, use) => {
    const account = await signUpViaApi(page.request);
    await use(account);
  },
});

export { expect };
