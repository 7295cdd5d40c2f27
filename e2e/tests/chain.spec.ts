import type { TransactionView } from '@fincrypt/domain';
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test } from '../support/accounts.ts';
import { CHAIN_BASE_URL } from '../support/chain-server.ts';
import { chooseSendWallet, openSendReceive, reviewAndSend, sendForm, walletOn } from '../support/send-receive.ts';

// These journeys run against the app started on real local chains (Anvil under Sepolia and Amoy).
test.use({ baseURL: CHAIN_BASE_URL });

/** A JSON-RPC call through the app's own /rpc endpoint, as any wallet would make it. */
async function rpc<T>(request: APIRequestContext, network: string, method: string, params: unknown[]): Promise<T> {
  const response = await request.post(`/rpc/${network}`, { data: { jsonrpc: '2.0', id: 1, method, params } });
  expect(response.ok()).toBe(true);
  const answer = (await response.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(answer.error.message);
  return answer.result as T;
}

test.describe('Payments on a real local chain', () => {
  test('pays another user on Polygon Amoy: the node includes it, the detail page counts the node’s blocks to 12, and the node holds what the app shows', async ({
    page,
    playwright,
    account: _account,
  }) => {
    const recipientRequest = await playwright.request.newContext({ baseURL: CHAIN_BASE_URL });
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

    // What the node holds for the recipient is what the app shows them, once their grant and this payment are final.
    await expect
      .poll(async () => BigInt(await rpc<string>(recipientRequest, 'polygon_amoy', 'eth_getBalance', [recipient.address, 'latest'])), { timeout: 20_000 })
      .toBe(BigInt((await walletOn(recipientRequest, 'polygon_amoy')).balanceUnits));
    expect((await walletOn(recipientRequest, 'polygon_amoy')).balance).toBe('101.5000');
    await recipientRequest.dispose();
  });
});
