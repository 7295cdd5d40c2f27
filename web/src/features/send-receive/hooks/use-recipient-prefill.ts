import type { NetworkId, WalletView } from '@fincrypt/domain';
import { useEffect, useRef } from 'react';
import { toast } from '../../../lib/toast.ts';
import { type PrefillValues, stillPays } from '../apply-prefill.ts';
import type { SendPrefill } from '../send-prefill.ts';
import type { SendFormHandle } from '../send-form-values.ts';
import { usePaymentCode } from './use-payment-code.ts';
import type { SendAmount } from './use-send-amount.ts';
import { useSendPrefill } from './use-send-prefill.ts';

export interface UseRecipientPrefillInput {
  form: SendFormHandle;
  wallets: readonly WalletView[];
  onWalletChange: (walletId: string) => void;
  /** What the form opens filled with (a payment request's Pay button): applied once, when it mounts. */
  prefill: SendPrefill | undefined;
  amount: Pick<SendAmount, 'setUnit' | 'setChosenRecipientCurrency' | 'setMaxAmount'>;
  /** The chosen wallet's network and asset: the request is paid only while they and the recipient stay its own. */
  network: NetworkId | undefined;
  assetSymbol: string | undefined;
}

/**
 * The Send form's recipient from elsewhere (docs/product.md#payment-requests, #qr-codes): a request's Pay button,
 * a scanned code or a pasted URI fill wallet, asset, recipient and amount; the request stays the one this send pays
 * while the form keeps its network, recipient and asset.
 */
export function useRecipientPrefill({ form, wallets, onWalletChange, prefill, amount, network, assetSymbol }: UseRecipientPrefillInput) {
  const walletId = form.watch('walletId');
  const toText = form.watch('to') ?? '';

  /** Puts a planned prefill into the form: wallet, asset, recipient, then the amount in its unit. */
  function fill(values: PrefillValues) {
    const current = form.getValues();
    const isOtherWallet = values.walletId !== current.walletId;
    const isOtherAsset = isOtherWallet || values.asset !== current.asset;
    if (isOtherWallet) {
      form.setValue('walletId', values.walletId);
      onWalletChange(values.walletId);
    }
    form.setValue('asset', values.asset);
    form.setValue('to', values.to);
    if (values.amount !== undefined) {
      amount.setUnit(values.unit);
      form.setValue('amount', values.amount);
    } else if (isOtherAsset) form.setValue('amount', '');
    if (values.recipientCurrency) amount.setChosenRecipientCurrency(values.recipientCurrency);
    amount.setMaxAmount(false);
    form.clearErrors();
  }
  const { applyPrefill, prefilled } = useSendPrefill({ wallets, walletId, fill });

  const isPrefillApplied = useRef(false);
  useEffect(() => {
    if (!prefill || isPrefillApplied.current) return;
    isPrefillApplied.current = true;
    const plan = applyPrefill(prefill);
    if (plan.status !== 'apply') toast.error(plan.message);
    // Once, with the prefill the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [prefill]);

  const paymentCode = usePaymentCode({ applyPrefill, walletId, showAtRecipient: (message) => form.setError('to', { message }) });
  return {
    /** The request the last prefill was for, if any. */
    prefilled,
    /** The request this send pays: while the form keeps its network, recipient and asset. */
    paying: prefilled && stillPays(prefilled, { network, to: toText, asset: assetSymbol }) ? prefilled : undefined,
    paymentCode,
    /** What the last code said about itself, while the recipient is still the one it filled in. */
    codeDescription: paymentCode.description?.to === toText.trim() ? paymentCode.description.text : undefined,
  };
}
