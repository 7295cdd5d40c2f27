import { formatDateTime } from '@fincrypt/domain';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { expect, test } from '../support/accounts.ts';
import { claimFaucetViaApi, faucetButton, tokenRow, walletCard } from '../support/faucet.ts';
import { openLiveDashboard, toastWith } from '../support/live.ts';
import { walletOn } from '../support/send-receive.ts';

const COOLDOWN_MESSAGE = /^This wallet already got test funds in the last 24 hours\. You can ask again in .+\.$/;

test.describe('Faucet', () => {
  test('Get test funds on a wallet card: the balances move, a toast names the amounts, then the button waits until the time given', async ({
    page,
    account: _account,
  }) => {
    await openLiveDashboard(page);
    const card = walletCard(page, 'Ethereum Sepolia');
    const usdc = tokenRow(card, 'USDC');
    await expect(card.getByTestId('wallet-balance')).toHaveText('100.0000 ETH');
    await expect(usdc.balance).toHaveText('1000.00 USDC');
    const recentRows = page.getByRole('region', { name: 'Recent Transactions' }).getByTestId('transaction-row');
    // On real chains the history starts with the opening grants, coin and USDC on each of the three networks: the
    // list keeps the newest five.
    await expect(recentRows).toHaveCount(5);
    await expect(recentRows.filter({ hasText: /^Test funds · (Ethereum Sepolia|Polygon Amoy|Solana Devnet).*\+(100 (ETH|MATIC|SOL)|1000 USDC)/ })).toHaveCount(5);

    await faucetButton(card, 'Ethereum Sepolia').click();
    await expect(toastWith(page, 'Added 10 ETH and 500 USDC')).toBeVisible();
    // The mints count once a block includes them (until then the card shows them as incoming).
    await expect(card.getByTestId('wallet-balance')).toHaveText('110.0000 ETH');
    await expect(usdc.balance).toHaveText('1500.00 USDC');
    await expect(card.getByTestId('wallet-incoming')).toHaveCount(0);
    // One mint per asset, newest first above the grants (the list keeps the newest five).
    await expect(recentRows).toHaveCount(5);
    await expect(recentRows.filter({ hasText: '+10 ETH' })).toHaveCount(1);
    await expect(recentRows.filter({ hasText: '+500 USDC' })).toHaveCount(1);

    // The button now waits, and says until when (the server's time, in this browser's time zone).
    const wallet = await walletOn(page.request, 'eth_sepolia');
    expect(wallet.nextFaucetAt).not.toBeNull();
    expect(Date.parse(wallet.nextFaucetAt!) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    await expect(faucetButton(card, 'Ethereum Sepolia')).toBeDisabled();
    await expect(card.getByTestId('faucet-next')).toHaveText(`Next test funds available ${formatDateTime(wallet.nextFaucetAt!)}`);
    // Still so after a reload: the wait is the server's.
    await page.reload();
    await expect(faucetButton(walletCard(page, 'Ethereum Sepolia'), 'Ethereum Sepolia')).toBeDisabled();
    await expect(walletCard(page, 'Ethereum Sepolia').getByTestId('wallet-balance')).toHaveText('110.0000 ETH');
    // The other wallets may still ask.
    await expect(faucetButton(walletCard(page, 'Polygon Amoy'), 'Polygon Amoy')).toBeEnabled();

    // A second claim within the day is refused with the time, and nothing moves.
    const again = await page.request.post(`/api/wallets/${wallet.id}/faucet`);
    expect(again.status()).toBe(429);
    const body = (await again.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('FAUCET_COOLDOWN');
    expect(body.error.message).toMatch(COOLDOWN_MESSAGE);
    expect(Number(again.headers()['retry-after'])).toBeGreaterThan(23 * 3600);
    expect((await walletOn(page.request, 'eth_sepolia')).balance).toBe('110.0000');
  });

  test("a claim refused because the wallet already got funds elsewhere shows the server's message and then waits", async ({
    page,
    account: _account,
  }) => {
    await openLiveDashboard(page);
    const card = walletCard(page, 'Polygon Amoy');
    await expect(faucetButton(card, 'Polygon Amoy')).toBeEnabled();

    // Claimed from another tab (here: the API): the open card follows the balances live...
    await claimFaucetViaApi(page.request, await walletOn(page.request, 'polygon_amoy'));
    await expect(card.getByTestId('wallet-balance')).toHaveText('110.0000 MATIC');
    await expect(tokenRow(card, 'USDC').balance).toHaveText('1500.00 USDC');

    // ...and a click before it learnt of the claim is refused in the server's words, with the time.
    // (Live events carry balances, not the faucet's time, so the card still offers the claim.)
    const button = faucetButton(card, 'Polygon Amoy');
    await button.click();
    await expect(toastWith(page, COOLDOWN_MESSAGE)).toBeVisible();
    await expect(button).toBeDisabled();
    await expect(card.getByTestId('faucet-next')).toHaveText(/^Next test funds available \w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);
    await expect(card.getByTestId('wallet-balance')).toHaveText('110.0000 MATIC');
  });

  test('Get test funds on the Wallets tab of Account Settings, with no accessibility violations while it waits', async ({
    page,
    account: _account,
  }) => {
    await page.goto('/profile');
    await page.getByRole('tab', { name: 'Wallets' }).click();
    const row = page.getByTestId('settings-wallet').filter({ hasText: 'Solana Devnet' });
    await expect(row).toContainText('100.0000 SOL');
    await expect(row).toContainText('1000.00 USDC');

    await faucetButton(row, 'Solana Devnet').click();
    await expect(toastWith(page, 'Added 10 SOL and 500 USDC')).toBeVisible();
    await expect(row).toContainText('110.0000 SOL');
    await expect(row).toContainText('1500.00 USDC');
    await expect(faucetButton(row, 'Solana Devnet')).toBeDisabled();
    await expect(row.getByTestId('faucet-next')).toHaveText(/^Next test funds available /);
    await expect(toastWith(page, 'Added 10 SOL and 500 USDC')).toBeHidden({ timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);
  });
});
