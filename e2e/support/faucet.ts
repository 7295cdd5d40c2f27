import type { FaucetResponse, WalletView } from '@fincrypt/domain';
import { type APIRequestContext, type Locator, type Page, expect } from '@playwright/test';

/** A wallet card on the dashboard, by its network's label. */
export const walletCard = (page: Page, networkLabel: string): Locator => page.getByRole('article', { name: networkLabel });

/** The "Get test funds" button of a wallet (dashboard card or Wallets tab row). */
export const faucetButton = (scope: Page | Locator, networkLabel: string): Locator =>
  scope.getByRole('button', { name: `Get test funds for ${networkLabel} wallet` });

/** A card's balance of one token ("1000.00 USDC") and its value in the display currency. */
export function tokenRow(card: Locator, asset: string) {
  const row = card.locator(`[data-testid="wallet-token"][data-asset="${asset}"]`);
  return { row, balance: row.getByTestId('wallet-token-balance'), fiat: row.getByTestId('wallet-token-fiat') };
}

/** Claims the faucet for a wallet through the API and expects it to give. */
export async function claimFaucetViaApi(request: APIRequestContext, wallet: Pick<WalletView, 'id'>): Promise<FaucetResponse> {
  const response = await request.post(`/api/wallets/${wallet.id}/faucet`);
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as FaucetResponse;
}

/** "₹1,23,456.78" / "$1,234.56" → 1234.56 (the digits of a formatted figure). */
export function fiatNumber(text: string): number {
  return Number(text.replace(/[^\d.]/g, ''));
}
