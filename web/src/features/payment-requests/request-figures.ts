import {
  NETWORKS,
  PAYMENT_REQUEST_REFUSALS,
  type PaymentRequestStatus,
  type PublicPaymentRequest,
  fiatMinorToText,
  formatFiatMinor,
} from '@fincrypt/domain';

/** How a request's figures and status read on the list, the pay card and the toast (docs/product.md#payment-requests). */

type Asked = Pick<PublicPaymentRequest, 'amount' | 'asset' | 'fiat' | 'assetAmountIsIndicative'>;

/** What is asked, as the requester wrote it: "₹500.00" for a currency request, "25 USDC" for an asset one. */
export function askedText(request: Asked): string {
  return request.fiat ? formatFiatMinor(BigInt(request.fiat.amountMinor), request.fiat.currency) : `${request.amount} ${request.asset}`;
}

/** "₹500.00 in USDC" / "25 USDC": the headline of a request. */
export function askedHeadline(request: Asked): string {
  return request.fiat ? `${askedText(request)} in ${request.asset}` : askedText(request);
}

/** The asset side: exact for an asset request, "≈ 6.02 USDC at today's rate" for a currency one. */
export function assetSideText(request: Asked): string {
  return request.assetAmountIsIndicative ? `≈ ${request.amount} ${request.asset} at today's rate` : `${request.amount} ${request.asset}`;
}

/** The fiat amount as the send form's field takes it ("500", "12.50"), for a currency request. */
export function fiatFieldText(fiat: NonNullable<PublicPaymentRequest['fiat']>): string {
  return fiatMinorToText(BigInt(fiat.amountMinor), fiat.currency).replace(/\.0+$/, '');
}

export const STATUS_LABELS: Record<PaymentRequestStatus, string> = {
  open: 'Open',
  paid: 'Paid',
  expired: 'Expired',
  cancelled: 'Cancelled',
};

/** Why a request cannot be paid (the server's own words), or undefined while it is open. */
export function closedMessage(status: PaymentRequestStatus): string | undefined {
  if (status === 'paid') return PAYMENT_REQUEST_REFUSALS.paid;
  if (status === 'expired') return PAYMENT_REQUEST_REFUSALS.expired;
  if (status === 'cancelled') return PAYMENT_REQUEST_REFUSALS.cancelled;
  return undefined;
}

export function networkLabelOf(request: Pick<PublicPaymentRequest, 'network'>): string {
  return NETWORKS[request.network].label;
}

/** The shareable link: this site's origin and the request's path. */
export function payLinkOf(path: string, origin: string = window.location.origin): string {
  return `${origin}${path}`;
}

/** The toast when one of the user's requests is paid. */
export function paidToastText(request: Asked & Pick<PublicPaymentRequest, 'displayName'>): string {
  return `Your payment request for ${askedHeadline(request)} was paid`;
}
