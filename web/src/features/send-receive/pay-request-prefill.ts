import { PAYMENT_REQUEST_REFUSALS, type PublicPaymentRequest, formatAmountTrimmed, fractionDigitsFor } from '@fincrypt/domain';
import type { SendPrefill } from './send-prefill.ts';

// Apart from payment-code.ts: a request's refusals come from the API's error table, which the send page loads only
// when a `/pay/` link is read (send-form-checks.ts).

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
