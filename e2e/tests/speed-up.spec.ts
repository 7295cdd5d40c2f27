import type { SendResponse, SpeedUpResponse } from '@fincrypt/domain';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { PENDING_GLANCE_MS, liveConnection, seenWhilePending, toastWith } from '../support/live.ts';
import { REAL_TIME_BASE_URL } from '../support/real-time-server.ts';
import { rpc } from '../support/rpc.ts';
import { OUTSIDE_EVM_ADDRESS, listSends, sendViaApi, walletOn } from '../support/send-receive.ts';

// On local nodes at Sepolia's own pace: a send stays pending until the next block, up to 12 s, long enough to speed up.
test.use({ baseURL: REAL_TIME_BASE_URL });

/** Moves the open app to a path without reloading it (the router follows history), as a link would. */
async function goInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((target) => {
    window.history.pushState({}, '', target);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

test.describe('speed-up', () => {
  test('a pending send is sped up from its detail page: the extra fee, confirm, the page moves to the new hash, which is included', async ({ page, account: _account }) => {
    const eth = await walletOn(page.request, 'eth_sepolia');
    const connected = liveConnection(page);
    await page.goto('/transactions');
    await page.getByRole('heading', { level: 1, name: 'Transactions' }).waitFor();
    await connected;

    const glance = { timeout: PENDING_GLANCE_MS };
    let answer: SpeedUpResponse | undefined;
    // A send waits for the next block here: when the moment is missed (it entered a block first), another send is tried.
    const sent: SendResponse = await seenWhilePending(
      () => sendViaApi(page.request, { walletId: eth.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'slow' }),
      async ({ transaction }) => {
        await goInApp(page, `/transaction/${transaction.hash}`);
        const card = page.getByTestId('speed-up');
        await card.getByRole('button', { name: 'Speed up' }).click(glance);
        // Each faster speed with what it costs on top of the fee paid.
        await expect(card.getByRole('radio', { name: /Normal\s*\+0\.\d+ ETH/ })).toBeVisible(glance);
        await card.getByRole('radio', { name: /Fast\s*\+0\.\d+ ETH/ }).click(glance);
        const speedUp = page.waitForResponse((response) => response.url().endsWith(`/api/transactions/${transaction.hash}/speed-up`), glance);
        await card.getByRole('button', { name: /^Confirm: pay 0\.\d+ ETH more$/ }).click(glance);
        const response = await speedUp;
        expect(response.status()).toBe(200);
        answer = (await response.json()) as SpeedUpResponse;
      },
    );
    if (!answer) throw new Error('no speed-up answer');
    const newHash = answer.transaction.hash;
    expect(newHash).not.toBe(sent.transaction.hash);
    await expect(page).toHaveURL(`/transaction/${newHash}`);
    await expect(toastWith(page, `Sped up to Fast: ${answer.feeDifference} ETH more in fees`)).toBeVisible();

    // The new hash, at Fast, with the old hash it replaced; then in a block.
    const card = page.getByTestId('speed-up');
    await expect(card.getByRole('heading', { name: 'Sped up' })).toBeVisible();
    await expect(card.getByRole('link', { name: sent.transaction.hash })).toBeVisible();
    await expect(page.getByText(newHash).first()).toBeVisible();
    // The timeline tells the replacement after the broadcast.
    const replacedStep = page.getByTestId('transaction-timeline').locator('[data-kind="replaced"]');
    await expect(replacedStep).toHaveText(new RegExp(`Sped up: ${sent.transaction.hash.slice(0, 8)}…${sent.transaction.hash.slice(-4)} \\(Slow\\) replaced by a faster transaction`));
    await expect(page.getByText(/Included in block \d+/)).toBeVisible({ timeout: 20_000 });
    await expectNoSeriousA11yViolations(page);

    // The faster fee was held once (the send's and the difference); the block's receipt decides what is kept, at most that.
    expect(BigInt(answer.transaction.feeUnits)).toBe(BigInt(sent.transaction.feeUnits) + BigInt(answer.feeDifferenceUnits));
    const receipt = await rpc<{ gasUsed: string; effectiveGasPrice: string }>(page.request, 'eth_sepolia', 'eth_getTransactionReceipt', [newHash]);
    const kept = BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
    expect(kept).toBeLessThanOrEqual(BigInt(answer.transaction.feeUnits));
    // The wallet paid each send's amount and kept fee, once: the replaced transaction never made a block. (A send whose
    // pending moment was missed above is in a block too.)
    const sends = await listSends(page.request);
    expect(sends.find((row) => row.hash === newHash)?.feeUnits).toBe(kept.toString());
    const after = await walletOn(page.request, 'eth_sepolia');
    const paid = sends.reduce((sum, row) => sum + BigInt(row.amountUnits) + BigInt(row.feeUnits), 0n);
    expect(BigInt(eth.balanceUnits) - BigInt(after.balanceUnits)).toBe(paid);

    // The old hash's address follows to the transaction that replaced it.
    await page.goto(`/transaction/${sent.transaction.hash}`);
    await expect(page).toHaveURL(`/transaction/${newHash}`);
    await expect(page.getByTestId('speed-up').getByRole('heading', { name: 'Sped up' })).toBeVisible();

    // Searching Transactions for the old hash finds the payment.
    await page.goto('/transactions');
    await page.getByLabel('Search').fill(sent.transaction.hash);
    // The search applies after a pause in typing: the row to click is the search's answer, not the list before it.
    await expect(page).toHaveURL(/[?&]search=/);
    const found = page.getByTestId('transaction-row');
    await expect(found).toHaveCount(1);
    await found.click();
    await expect(page).toHaveURL(`/transaction/${newHash}`);

    // 375 px wide: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  test('the card is open to a11y checks while choosing, and is not offered on Solana', async ({ page, account: _account }) => {
    const solana = await walletOn(page.request, 'solana_devnet');
    const eth = await walletOn(page.request, 'eth_sepolia');
    const connected = liveConnection(page);
    await page.goto('/transactions');
    await connected;
    const glance = { timeout: PENDING_GLANCE_MS };
    await seenWhilePending(
      () => sendViaApi(page.request, { walletId: eth.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.01', speed: 'slow' }),
      async ({ transaction }) => {
        await goInApp(page, `/transaction/${transaction.hash}`);
        const card = page.getByTestId('speed-up');
        await card.getByRole('button', { name: 'Speed up' }).click(glance);
        await expect(card.getByRole('radiogroup', { name: 'Faster speed' })).toBeVisible(glance);
        await expectNoSeriousA11yViolations(page);
      },
    );

    const solSend = await sendViaApi(page.request, { walletId: solana.id, to: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', amount: '0.01', speed: 'slow' });
    await goInApp(page, `/transaction/${solSend.transaction.hash}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Transaction Details' })).toBeVisible();
    await expect(page.getByText(solSend.transaction.hash).first()).toBeVisible();
    await expect(page.getByTestId('speed-up')).toHaveCount(0);
  });
});
