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

/** What a Solana Pay code says about itself (label: who asks; message: what for), to show beside the recipient. */
export function codeDescription(code: Pick<ScannedRecipient, 'label' | 'message'>): string | undefined {
  if (code.label && code.message) return `${code.label}: ${code.message}`;
  return code.label ?? code.message;
}
