import { type ExplorerTransaction, NETWORKS, type SendResponse, findAsset } from '@fincrypt/domain';
import type { Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, signUpViaApi, test } from '../support/accounts.ts';
import { rpc } from '../support/rpc.ts';
import { walletOn } from '../support/send-receive.ts';

// The journeys' app runs on real local chains, as `npm start` does (Anvil under Sepolia and Amoy, blocks every 1.2 s
// and 0.2 s): the explorer shows the blocks the indexer read from the node.

/** The numbers of a network's latest blocks as listed at one moment (the list moves with every block). */
const listedNumbers = (page: Page, label: string) =>
  page
    .getByRole('list', { name: `Latest ${label} blocks` })
    .getByTestId('explorer-block')
    .evaluateAll((rows) => rows.map((row) => Number((row as HTMLElement).dataset.number)));

test.describe('The explorer on a real local chain', () => {
  test('lists every Sepolia block in order, empty ones too, with its gas; a USDC transfer sent through the API shows decoded', async ({
    page,
    playwright,
    baseURL,
    account: _account,
  }) => {
    // Axe at two widths on three pages, blocks included one by one: about a minute on a slow two-core machine.
    test.slow();
    const sepolia = NETWORKS.eth_sepolia.label;
    const usdc = findAsset('eth_sepolia', 'USDC')!.address!;
    const recipientRequest = await playwright.request.newContext({ baseURL });
    await signUpViaApi(recipientRequest);
    const recipient = await walletOn(recipientRequest, 'eth_sepolia');
    const sender = await walletOn(page.request, 'eth_sepolia');

    const response = await page.request.post('/api/transactions', {
      headers: { 'idempotency-key': randomUUID() },
      data: { walletId: sender.id, asset: 'usdc', to: recipient.address, amount: '12.5', speed: 'fast' },
    });
    expect(response.status(), await response.text()).toBe(201);
    const { hash } = ((await response.json()) as SendResponse).transaction;
    await expect
      .poll(async () => ((await (await page.request.get(`/api/explorer/tx/${hash}`)).json()) as ExplorerTransaction).blockNumber, { timeout: 20_000 })
      .not.toBeNull();

    // The blocks: consecutive numbers, newest first, the empty ones among them, each with its gas and base fee.
    await page.goto('/explorer?network=eth_sepolia');
    const blocks = page.getByRole('list', { name: `Latest ${sepolia} blocks` });
    await expect(blocks.getByTestId('explorer-block')).toHaveCount(8);
    const numbers = await listedNumbers(page, sepolia);
    expect(numbers).toEqual(numbers.map((_, index) => numbers[0]! - index));
    const emptyRows = blocks.locator('[data-testid="explorer-block"][data-transactions="0"]');
    await expect(emptyRows.first()).toBeVisible();
    for (const gas of await blocks.getByTestId('explorer-block-gas').allTextContents()) {
      expect(gas).toMatch(/^Gas used [\d,]+ of [\d,]+ \([\d.]+%\) · base fee [\d.]+ Gwei$/);
    }
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page);
    }

    // An empty block's page: the node's hash, parent and gas.
    await page.setViewportSize({ width: 1280, height: 900 });
    // (Read from the list, then opened by its link's address: the list moves on with every block.)
    const emptyLink = emptyRows.first().getByRole('link');
    const href = await emptyLink.getAttribute('href');
    const emptyNumber = Number(href?.split('/').at(-1));
    expect(href).toBe(`/explorer/block/eth_sepolia/${emptyNumber}`);
    await page.goto(href!);
    const onNode = await rpc<{ hash: string; parentHash: string; gasLimit: string; gasUsed: string; transactions: string[] }>(
      page.request,
      'eth_sepolia',
      'eth_getBlockByNumber',
      [`0x${emptyNumber.toString(16)}`, false],
    );
    expect(onNode.transactions).toEqual([]);
    await expect(page.getByTestId('block-hash')).toContainText(onNode.hash);
    await expect(page.getByTestId('block-parent').getByRole('link', { name: onNode.parentHash })).toHaveAttribute(
      'href',
      `/explorer/block/eth_sepolia/${emptyNumber - 1}`,
    );
    await expect(page.getByTestId('block-gas-used')).toHaveText(`Gas used0 of ${Number(onNode.gasLimit).toLocaleString('en-US')} (0%)`);
    await expect(page.getByText('This block is empty: it included no transactions.')).toBeVisible();

    // The USDC transfer: transfer(to, amount) called on the USDC contract, the token moved from the sender to the recipient.
    await page.goto(`/explorer/${hash}`);
    const call = page.getByTestId('decoded-call');
    await expect(call).toContainText('transfer(to, amount) on the USDC contract');
    await expect(call.getByTestId('call-contract')).toHaveText(usdc);
    await expect(call.getByTestId('call-to')).toHaveText(recipient.address);
    await expect(call.getByTestId('call-amount')).toHaveText('12500000 (12.5 USDC)');
    const moved = page.getByTestId('token-moved');
    await expect(moved).toContainText('12.5 USDC');
    await expect(moved.getByRole('link', { name: sender.address })).toBeVisible();
    await expect(moved.getByRole('link', { name: recipient.address })).toBeVisible();
    // Its nonce and gas are the node's.
    const transaction = await rpc<{ nonce: string; gas: string; to: string; blockNumber: string }>(page.request, 'eth_sepolia', 'eth_getTransactionByHash', [hash]);
    const receipt = await rpc<{ gasUsed: string }>(page.request, 'eth_sepolia', 'eth_getTransactionReceipt', [hash]);
    expect(transaction.to.toLowerCase()).toBe(usdc.toLowerCase());
    await expect(page.getByTestId('nonce')).toHaveText(`Nonce${Number(transaction.nonce)}`);
    await expect(page.getByTestId('gas')).toContainText(
      `Gas used${Number(receipt.gasUsed).toLocaleString('en-US')} of ${Number(transaction.gas).toLocaleString('en-US')}`,
    );
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await expectNoSeriousA11yViolations(page);
    }

    // Its block lists it, by the block number the node gave it.
    await page.setViewportSize({ width: 1280, height: 900 });
    const blockNumber = Number(transaction.blockNumber);
    await page.getByRole('link', { name: blockNumber.toLocaleString('en-US'), exact: true }).click();
    await expect(page).toHaveURL(`/explorer/block/eth_sepolia/${blockNumber}`);
    await expect(page.locator(`[data-testid="explorer-transaction"][data-hash="${hash}"]`)).toBeVisible();
    await expect(page.getByTestId('block-gas-used')).toContainText('Gas used');
    await recipientRequest.dispose();
  });
});
