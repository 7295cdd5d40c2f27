import {
  PAYMENT_REQUEST_REFUSALS,
  type PublicPaymentRequest,
  type ScannedRecipient,
  formatAmountTrimmed,
  fractionDigitsFor,
} from '@fincrypt/domain';
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
 * A FinCrypt request read from `GET /api/pay/:id`: an open one fills the form like its pay page's Pay button (a
 * currency request as "₹500 they receive", at the rate quoted when it is paid); a paid, expired or cancelled one
 * fills nothing and says so.
 */
export function prefillFromPayRequest(request: PublicPaymentRequest): { ok: true; prefill: SendPrefill } | { ok: false; message: string } {
  if (request.status !== 'open') return { ok: false, message: PAYMENT_REQUEST_REFUSALS[request.status] };
  const prefill: SendPrefill = {
    network: request.network,
    to: request.address,
    asset: request.asset,
    reference: request.reference,
    request: { id: request.id, displayName: request.displayName, note: request.note },
  };
  if (request.fiat) {
    prefill.amount = formatAmountTrimmed(BigInt(request.fiat.amountMinor), fractionDigitsFor(request.fiat.currency));
    prefill.amountUnit = { kind: 'recipient', currency: request.fiat.currency };
  } else {
    prefill.amount = request.amount;
    prefill.amountUnit = { kind: 'asset' };
  }
  return { ok: true, prefill };
}

/** What a Solana Pay code says about itself (label: who asks; message: what for), to show beside the recipient. */
export function codeDescription(code: Pick<ScannedRecipient, 'label' | 'message'>): string | undefined {
  if (code.label && code.message) return `${code.label}: ${code.message}`;
  return code.label ?? code.message;
}
