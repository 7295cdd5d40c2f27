import { type ScannedCode, type WalletView, looksLikePaymentCode } from '@fincrypt/domain';
import { type ClipboardEvent, useEffect, useState } from 'react';
import { toast } from '../../../lib/toast.ts';
import type { PrefillOptions, PrefillPlan } from '../apply-prefill.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';
import { codeDescription, prefillFromCode } from '../payment-code.ts';
import type { SendPrefill } from '../send-prefill.ts';

/** A code for another network than the chosen wallet's: what it asks for, and the user's wallet there. */
export interface PaymentCodeOffer {
  message: string;
  wallet: WalletView;
  prefill: SendPrefill;
}

export interface UsePaymentCodeInput {
  /** The Send form's one entry point (use-send-prefill.ts). */
  applyPrefill: (prefill: SendPrefill, options?: PrefillOptions) => PrefillPlan;
  /** The wallet chosen now: choosing another drops an offer made for the one before. */
  walletId: string;
  /** Shows a message at the recipient field (a pasted code that cannot be used). */
  showAtRecipient: (message: string) => void;
}

export interface PaymentCodeControls {
  /** The scanner's result. */
  onScan: (code: ScannedCode) => void;
  /** The recipient field's paste: a code or link is read as one; a plain address pastes as usual. */
  onPaste: (event: ClipboardEvent<HTMLInputElement>) => void;
  offer: PaymentCodeOffer | undefined;
  /** "Use my … wallet": switches to the offered wallet and fills the form from the code. */
  acceptOffer: () => void;
  /** What the last code filled in says about itself (Solana Pay label and message), with the recipient it is for. */
  description: { to: string; text: string } | undefined;
}

/**
 * Scanned and pasted payment codes in the Send form (docs/product.md#qr-codes): EIP-681, Solana Pay, the spec's
 * `polygon:` form, bare addresses and FinCrypt `/pay/` links (read from the server) fill recipient, asset and
 * amount through the form's prefill. A code for another network fills nothing and offers that network's wallet;
 * a code that cannot be used fills nothing and says why.
 */
export function usePaymentCode({ applyPrefill, walletId, showAtRecipient }: UsePaymentCodeInput): PaymentCodeControls {
  const [offer, setOffer] = useState<PaymentCodeOffer>();
  const [description, setDescription] = useState<{ to: string; text: string }>();

  // An offer is for the wallet chosen when the code was read.
  useEffect(() => {
    setOffer((current) => (current && current.wallet.id === walletId ? undefined : current));
  }, [walletId]);

  function fill(prefill: SendPrefill, text: string | undefined, report: (message: string) => void) {
    const plan = applyPrefill(prefill, { switchWallet: false });
    if (plan.status === 'apply') {
      setDescription(text ? { to: prefill.to, text } : undefined);
    } else if (plan.status === 'other-network') {
      setOffer({ message: plan.message, wallet: plan.wallet, prefill });
      setDescription(text ? { to: prefill.to, text } : undefined);
    } else {
      report(plan.message);
    }
  }

  async function readCode(code: ScannedCode, report: (message: string) => void) {
    setOffer(undefined);
    setDescription(undefined);
    if (code.kind === 'recipient') {
      fill(prefillFromCode(code), codeDescription(code), report);
      return;
    }
    try {
      const { getPublicPaymentRequest, prefillFromPayRequest } = await loadSendFormChecks();
      const read = prefillFromPayRequest(await getPublicPaymentRequest(code.requestId));
      if (read.ok) fill(read.prefill, undefined, report);
      else report(read.message);
    } catch (error) {
      report(error instanceof Error && error.message ? error.message : 'Could not read this payment request. Please try again.');
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    const text = event.clipboardData.getData('text');
    // Whether the text is a code is decided at once (a code is not pasted as typed); it is read once the reader is here.
    if (!looksLikePaymentCode(text)) return;
    event.preventDefault();
    void readPasted(text);
  }

  async function readPasted(text: string) {
    const { parseQrPayload } = await loadSendFormChecks();
    const parsed = parseQrPayload(text, { origin: window.location.origin });
    if (!parsed.ok) showAtRecipient(parsed.message);
    else await readCode(parsed, showAtRecipient);
  }

  function acceptOffer() {
    if (!offer) return;
    setOffer(undefined);
    const plan = applyPrefill(offer.prefill);
    if (plan.status !== 'apply') toast.error(plan.message);
  }

  return {
    onScan: (code) => void readCode(code, (message) => toast.error(message)),
    onPaste,
    offer,
    acceptOffer,
    description,
  };
}
