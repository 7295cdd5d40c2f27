import type { ScannedRecipient } from '@fincrypt/domain';
import type { SendPrefill } from './send-prefill.ts';

/**
 * What a scanned or pasted payment code puts into the Send form (docs/product.md#qr-codes): the SendPrefill the
 * form applies, the same entry point as a request's Pay button.
 */

/** A recipient read from a code: its network, asset and amount (in the asset), and the reference it pays. */
export function prefillFromCode(code: ScannedRecipient): SendPrefill {
  const prefill: SendPrefill = { to: code.address };
  if (code.network !== undefined) prefill.network = code.network;
  if (code.asset !== undefined) prefill.asset = code.asset;
  if (code.amount !== undefined) {
    prefill.amount = code.amount;
    prefill.amountUnit = { kind: 'asset' };
  }
  if (code.reference !== undefined) prefill.reference = code.reference;
  return prefill;
}

/**
 * What a code says about itself, to show beside the recipient: that it was made for a retired chain and pays on its
 * successor, then a Solana Pay label (who asks) and message (what for).
 */
export function codeDescription(code: Pick<ScannedRecipient, 'notice' | 'label' | 'message'>): string | undefined {
  const told = code.label && code.message ? `${code.label}: ${code.message}` : (code.label ?? code.message);
  const parts = [code.notice, told].filter((part): part is string => Boolean(part));
  return parts.length > 0 ? parts.join('. ') : undefined;
}
