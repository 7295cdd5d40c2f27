import type { WalletView } from '@fincrypt/domain';
import { useState } from 'react';
import { type PrefillOptions, type PrefillPlan, type PrefillValues, type PrefilledRequest, planPrefill } from '../apply-prefill.ts';
import type { SendPrefill } from '../send-prefill.ts';

export interface UseSendPrefillInput {
  wallets: readonly WalletView[];
  /** The wallet chosen in the form now. */
  walletId: string;
  /** Puts the planned values into the form (wallet, asset, recipient, amount, unit). */
  fill: (values: PrefillValues) => void;
}

export interface SendPrefillControls {
  /**
   * Fills the form from a request's Pay button, a scanned code or a pasted URI. Returns the plan: 'apply' when
   * the form was filled, else why nothing was (another network's code with `switchWallet: false`, no wallet
   * on that network, an asset the network lacks) with its message.
   */
  applyPrefill: (prefill: SendPrefill, options?: PrefillOptions) => PrefillPlan;
  /** The request the last prefill pays (its reference goes with the send), if any. */
  prefilled: PrefilledRequest | undefined;
  /** Forget the request: the send no longer pays it. */
  clearPrefilled: () => void;
}

/** The Send form's prefill (docs/product.md#payment-requests): one entry point for the pay page and the scanner. */
export function useSendPrefill({ wallets, walletId, fill }: UseSendPrefillInput): SendPrefillControls {
  const [prefilled, setPrefilled] = useState<PrefilledRequest>();

  function applyPrefill(prefill: SendPrefill, options?: PrefillOptions): PrefillPlan {
    const plan = planPrefill(prefill, wallets, walletId, options);
    if (plan.status !== 'apply') return plan;
    fill(plan.values);
    const network = wallets.find((wallet) => wallet.id === plan.values.walletId)?.network ?? prefill.network;
    setPrefilled(
      prefill.reference
        ? { reference: prefill.reference, request: prefill.request, network, to: prefill.to, asset: plan.values.asset }
        : undefined,
    );
    return plan;
  }

  return { applyPrefill, prefilled, clearPrefilled: () => setPrefilled(undefined) };
}
