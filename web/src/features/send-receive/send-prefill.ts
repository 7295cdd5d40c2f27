import type { DisplayCurrency, NetworkId } from '@fincrypt/domain';

/**
 * What a payment request (the Pay button of /pay/{id}), a scanned code or a pasted URI puts into the send form.
 * The form picks the user's wallet on `network` (or offers it when another wallet is chosen), then fills the
 * rest; a send made from it carries `reference`, which pays the request.
 */
export interface SendPrefill {
  /** The network the code or request is for; undefined when it does not say (a bare address). */
  network?: NetworkId;
  to: string;
  /** The asset's symbol; the network's coin when left out. */
  asset?: string;
  /** Decimal text in `amountUnit`. */
  amount?: string;
  /** The asset itself, or an amount the recipient receives in a currency ("they receive ₹500"). */
  amountUnit?: { kind: 'asset' } | { kind: 'recipient'; currency: DisplayCurrency };
  /** 64 hex digits: the request this send pays. */
  reference?: string;
  /** The request being paid, for "Paying Ana's request" above the form. */
  request?: { id: string; displayName: string; note: string | null };
}
