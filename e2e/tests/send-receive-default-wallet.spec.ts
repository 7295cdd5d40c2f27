import type { FeeQuotesResponse, GasSpeed, WalletView } from '@fincrypt/domain';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/accounts.ts';
import { listWallets, openSendReceive, sendForm, shownFee, walletOn } from '../support/send-receive.ts';

const SPEEDS = { slow: 'Slow', normal: 'Normal', fast: 'Fast' } as const satisfies Record<GasSpeed, string>;

/** Every set of fee quotes the page receives, in order (they are asked again every 15 s). */
function recordFeeQuotes(page: Page): FeeQuotesResponse[] {
  const received: FeeQuotesResponse[] = [];
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/api/fees' || !response.ok()) return;
    received.push((await response.json()) as FeeQuotesResponse);
  });
  return received;
}

/** The Send tab has the wallet chosen and shows its three fee cards, each with the fee last quoted for it. */
async function expectSendTabOn(page: Page, wallet: WalletView, received: readonly FeeQuotesResponse[]): Promise<void> {
  const form = sendForm(page);
  await expect(page.getByRole('tab', { name: 'Send' })).toHaveAttribute('aria-selected', 'true');
  await expect(form.wallet).toHaveValue(wallet.id);
  await expect(form.form.getByText('Select a wallet to see the fees.')).toHaveCount(0);
  await expect(form.speed('Normal')).toBeChecked();

  const feesOnScreen = async () => {
    const fees: Record<string, string> = {};
    for (const [speed, label] of Object.entries(SPEEDS)) fees[speed] = await shownFee(form.speedCard(label), wallet.symbol);
    return JSON.stringify(fees);
  };
  const lastQuoted = () => {
    const quotes = received.filter((response) => response.walletId === wallet.id).at(-1)?.quotes;
    return quotes && JSON.stringify(Object.fromEntries(Object.keys(SPEEDS).map((speed) => [speed, quotes.find((quote) => quote.speed === speed)?.fee])));
  };
  // Compared with the latest quotes each time: they are asked again every 15 s and may have moved.
  await expect
    .poll(async () => {
      const [shown, quoted] = [await feesOnScreen(), lastQuoted()];
      return shown === quoted ? 'the quoted fees' : `shown ${shown}, quoted ${quoted ?? 'nothing yet'}`;
    })
    .toBe('the quoted fees');
}

test.describe('Send tab: the wallet chosen when it opens', () => {
  test('opening /send-receive chooses the first connected wallet and shows its fees at once', async ({ page, account: _account }) => {
    const [first] = await listWallets(page.request);
    if (!first) throw new Error('a new account has its starter wallets');
    const received = recordFeeQuotes(page);
    await openSendReceive(page);
    await expectSendTabOn(page, first, received);

    // The Receive tab shares the choice.
    await page.getByRole('tab', { name: 'Receive' }).click();
    await expect(page.getByLabel('Wallet')).toHaveValue(first.id);
    await expect(page.getByText(first.address, { exact: true })).toBeVisible();
  });

  test("a wallet card's Send opens the Send tab on that wallet, with its fees", async ({ page, account: _account }) => {
    const [first] = await listWallets(page.request);
    const polygon = await walletOn(page.request, 'polygon_amoy');
    expect(polygon.id, 'the card chosen is not the wallet the page picks by itself').not.toBe(first?.id);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const received = recordFeeQuotes(page);
    await page.getByRole('article', { name: polygon.networkLabel }).getByRole('button', { name: `Send from ${polygon.networkLabel} wallet` }).click();
    await expect(page).toHaveURL('/send-receive');
    await expectSendTabOn(page, polygon, received);
  });
});
