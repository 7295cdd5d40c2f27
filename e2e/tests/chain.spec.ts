import { DEMO_ACCOUNTS, DEMO_PASSWORD, type TransactionView } from '@fincrypt/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signInViaForm, signUpViaApi, test } from '../support/accounts.ts';
import { rpc } from '../support/rpc.ts';
import { chooseSendWallet, openSendReceive, reviewAndSend, sendForm, walletOn } from '../support/send-receive.ts';

// The journeys' app runs on real local chains, as `npm start` does (Anvil under Sepolia and Amoy).

test.describe('Payments on a real local chain', () => {
  test('pays another user on Polygon Amoy: the node includes it, the detail page counts the node’s blocks to 12, and the node holds what the app shows', async ({
    page,
    playwright,
    baseURL,
    account: _account,
  }) => {
    const recipientRequest = await playwright.request.newContext({ baseURL });
    await signUpViaApi(recipientRequest);
    const recipient = await walletOn(recipientRequest, 'polygon_amoy');
    const sender = await walletOn(page.request, 'polygon_amoy');

    await openSendReceive(page);
    await chooseSendWallet(page, sender);
    const form = sendForm(page);
    await form.recipient.fill(recipient.address);
    await form.amount.fill('1.5');
    await form.speed('Fast').click();
    const { sent } = await reviewAndSend(page, { warning: 'firstPayment' });
    const { hash } = sent.transaction;

    await page.goto(`/transaction/${hash}`);
    const status = page.locator('dl > div').filter({ has: page.locator('dt', { hasText: /^Status$/ }) }).locator('dd');
    await expect(status).toContainText('Confirmed', { timeout: 20_000 });
    await expect(status).toContainText('12 confirmations', { timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);

    // The node's receipt: the block the page shows, and the fee the app charged (gas used × effective gas price).
    const receipt = await rpc<{ blockNumber: string; gasUsed: string; effectiveGasPrice: string; status: string }>(page.request, 'polygon_amoy', 'eth_getTransactionReceipt', [hash]);
    expect(receipt.status).toBe('0x1');
    await expect(page.getByTestId('block-number')).toHaveText(Number(receipt.blockNumber).toLocaleString('en-US'));
    const detail = (await (await page.request.get(`/api/transactions/${hash}`)).json()) as TransactionView;
    expect(BigInt(detail.feeUnits)).toBe(BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice));

    // What the node holds for the recipient is what the app shows them, once their grant and this payment are booked.
    await expect
      .poll(
        async () => {
          const shown = (await walletOn(recipientRequest, 'polygon_amoy')).balanceUnits;
          const onChain = BigInt(await rpc<string>(recipientRequest, 'polygon_amoy', 'eth_getBalance', [recipient.address, 'latest']));
          return [shown, onChain.toString()];
        },
        { timeout: 20_000 },
      )
      .toEqual(['101500000000000000000', '101500000000000000000']);
    await recipientRequest.dispose();
  });
});

test.describe('Any wallet can look', () => {
  /** Account Settings → Wallets. */
  async function openWalletsTab(page: Page): Promise<void> {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Wallets' }).click();
    await expect(page.getByTestId('metamask-section').first()).toBeVisible();
  }

  test('Add to MetaMask asks the browser’s wallet to add Amoy with the app’s RPC endpoint, which then answers the balance the app shows', async ({
    page,
    baseURL,
    account: _account,
  }) => {
    // MetaMask's provider as a page sees it (EIP-1193): it records what the page asks and accepts.
    await page.addInitScript(() => {
      const asked: unknown[] = [];
      Object.assign(window, {
        askedOfWallet: asked,
        ethereum: {
          isMetaMask: true,
          request: (call: unknown) => {
            asked.push(call);
            return Promise.resolve(null);
          },
        },
      });
    });
    const wallet = await walletOn(page.request, 'polygon_amoy');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await openWalletsTab(page);
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByRole('button', { name: 'Add to MetaMask: Polygon Amoy' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Added Polygon Amoy to your wallet.' })).toBeVisible();
    const [asked] = (await page.evaluate(() => (window as unknown as { askedOfWallet: unknown[] }).askedOfWallet)) as {
      method: string;
      params: { chainId: string; chainName: string; rpcUrls: string[]; nativeCurrency: { symbol: string; decimals: number }; blockExplorerUrls: string[] }[];
    }[];
    expect(asked?.method).toBe('wallet_addEthereumChain');
    expect(asked?.params[0]).toMatchObject({
      chainId: '0x13882',
      chainName: 'Polygon Amoy',
      rpcUrls: [`${baseURL}/rpc/polygon_amoy`],
      nativeCurrency: { symbol: 'MATIC', decimals: 18 },
      blockExplorerUrls: [`${baseURL}/explorer`],
    });
    // The wallet would now read the balance there: once a block has the grant, it is what the app shows (before,
    // the app shows it as incoming, and the two may be read either side of that block).
    await expect
      .poll(
        async () => {
          const shown = BigInt((await walletOn(page.request, 'polygon_amoy')).balanceUnits);
          const onChain = BigInt(await rpc<string>(page.request, 'polygon_amoy', 'eth_getBalance', [wallet.address, 'latest']));
          return shown > 0n && shown === onChain;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
  });

  test('without a wallet extension the tab shows what to type by hand, and a demo account shows its test key to import', async ({ page, baseURL }) => {
    const [demo] = DEMO_ACCOUNTS;
    await signInViaForm(page, demo.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/dashboard/);
    await openWalletsTab(page);
    const amoy = page.getByRole('region', { name: 'Use the Polygon Amoy wallet in MetaMask' });
    await expect(amoy).toContainText(`${baseURL}/rpc/polygon_amoy`);
    await expect(amoy).toContainText('80002');
    await amoy.getByRole('button', { name: 'Show test key of the Polygon Amoy wallet' }).click();
    await expect(amoy.getByTestId('test-key')).toHaveText(/^0x[0-9a-f]{64}$/);
    const wallet = await walletOn(page.request, 'polygon_amoy');
    await expect(amoy).toContainText(wallet.address);
    await expectNoSeriousA11yViolations(page);
  });
});
