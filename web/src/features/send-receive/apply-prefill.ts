import { type DisplayCurrency, type NetworkId, type WalletView, NETWORKS, isEvmNetwork, getNetwork } from '@fincrypt/domain';
import type { AmountUnit } from './payment-figures.ts';
import { nativeSymbolOf, sendableAssets } from './send-assets.ts';
import type { SendPrefill } from './send-prefill.ts';

/**
 * What a SendPrefill does to the Send form (docs/product.md#payment-requests): which wallet, asset, recipient,
 * amount and unit it puts there — or why it fills nothing. Pure, so the form, the pay page and the scanner read
 * the same decision.
 */

export interface PrefillOptions {
  /**
   * true (the default, a request's Pay button): the user's wallet on the prefill's network is chosen.
   * false (a scanned or pasted code): a code for another network than the chosen wallet's fills nothing and
   * names the wallet that would take it, for the form to offer.
   */
  switchWallet?: boolean;
}

/** The form's values after a prefill. */
export interface PrefillValues {
  walletId: string;
  asset: string;
  to: string;
  /** undefined: the prefill names no amount, the form keeps what it has (cleared when the wallet or asset changed). */
  amount: string | undefined;
  unit: AmountUnit;
  /** Set for "they receive ₹500": the currency the recipient's side is fixed in. */
  recipientCurrency: DisplayCurrency | undefined;
}

export type PrefillPlan =
  | { status: 'apply'; values: PrefillValues }
  /** Another network than the chosen wallet's, with `switchWallet: false`: `wallet` is the user's wallet there. */
  | { status: 'other-network'; network: NetworkId; wallet: WalletView; message: string }
  /** The user has no wallet on the prefill's network. */
  | { status: 'no-wallet'; network: NetworkId; message: string }
  /** The wallet's network has no such asset. */
  | { status: 'unknown-asset'; message: string };

/** "USDC on Polygon Amoy": what a prefill asks for, in words. */
export function prefillAskText(prefill: Pick<SendPrefill, 'network' | 'asset'>): string {
  if (!prefill.network) return prefill.asset ?? 'a payment';
  const network = getNetwork(prefill.network);
  return `${prefill.asset ?? network.symbol} on ${NETWORKS[prefill.network].label}`;
}

export const PREFILL_MESSAGES = {
  noWallet: (network: NetworkId) => `You have no ${NETWORKS[network].label} wallet. Add one on the dashboard to pay this.`,
  otherNetwork: (prefill: Pick<SendPrefill, 'network' | 'asset'>) => `This code asks for ${prefillAskText(prefill)}`,
  unknownAsset: (asset: string, networkLabel: string) => `${networkLabel} has no asset ${asset}`,
} as const;

/** The user's wallet on `network`: the chosen one when it is there, else the first. */
export function walletOnNetwork(wallets: readonly WalletView[], network: NetworkId, chosenWalletId?: string): WalletView | undefined {
  return wallets.find((wallet) => wallet.id === chosenWalletId && wallet.network === network) ?? wallets.find((wallet) => wallet.network === network);
}

export function planPrefill(prefill: SendPrefill, wallets: readonly WalletView[], chosenWalletId: string, options: PrefillOptions = {}): PrefillPlan {
  const chosen = wallets.find((wallet) => wallet.id === chosenWalletId);
  let wallet = chosen;
  if (prefill.network !== undefined && chosen?.network !== prefill.network) {
    const there = walletOnNetwork(wallets, prefill.network);
    if (!there) return { status: 'no-wallet', network: prefill.network, message: PREFILL_MESSAGES.noWallet(prefill.network) };
    if (options.switchWallet === false && chosen) {
      return { status: 'other-network', network: prefill.network, wallet: there, message: PREFILL_MESSAGES.otherNetwork(prefill) };
    }
    wallet = there;
  }
  if (!wallet) {
    // No wallet chosen and the prefill names no network: the recipient alone.
    return {
      status: 'apply',
      values: { walletId: chosenWalletId, asset: '', to: prefill.to, amount: prefill.amount, unit: 'asset', recipientCurrency: undefined },
    };
  }
  const symbol = prefill.asset ?? nativeSymbolOf(wallet);
  const asset = sendableAssets(wallet).find((candidate) => candidate.symbol.toLowerCase() === symbol.toLowerCase());
  if (!asset) return { status: 'unknown-asset', message: PREFILL_MESSAGES.unknownAsset(symbol, wallet.networkLabel) };
  const isRecipientUnit = prefill.amount !== undefined && prefill.amountUnit?.kind === 'recipient';
  return {
    status: 'apply',
    values: {
      walletId: wallet.id,
      asset: asset.symbol,
      to: prefill.to,
      amount: prefill.amount,
      unit: isRecipientUnit ? 'recipient' : 'asset',
      recipientCurrency: prefill.amountUnit?.kind === 'recipient' ? prefill.amountUnit.currency : undefined,
    },
  };
}

/** The request a prefill pays, with the network, recipient and asset a send must keep to pay it. */
export interface PrefilledRequest {
  reference: string;
  request: SendPrefill['request'];
  network: NetworkId | undefined;
  to: string;
  asset: string;
}

/** Whether the form still pays the prefilled request: same network, recipient and asset (the server refuses any other). */
export function stillPays(prefilled: PrefilledRequest, form: { network: NetworkId | undefined; to: string; asset: string | undefined }): boolean {
  if (prefilled.network !== undefined && form.network !== prefilled.network) return false;
  if (form.asset?.toLowerCase() !== prefilled.asset.toLowerCase()) return false;
  const to = form.to.trim();
  const evm = form.network !== undefined && isEvmNetwork(getNetwork(form.network));
  return evm ? to.toLowerCase() === prefilled.to.toLowerCase() : to === prefilled.to;
}
