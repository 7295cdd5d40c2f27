import { base58 } from '@scure/base';
import { findAsset } from './assets.ts';
import { DISPLAY_CURRENCIES } from './currency.ts';
import { API_ERRORS } from './errors.ts';
import { formatAmountTrimmed } from './money.ts';
import { getNetwork, isEvmNetwork, type NetworkId } from './networks.ts';

/**
 * Payment requests (docs/product.md#payment-requests): a user asks for an amount of one asset into one of their
 * wallets — in the asset, or in a currency paid at the rate quoted when it is paid — and shares it as a standard
 * URI (EIP-681 on the EVM networks, a Solana Pay transfer request on Solana), its QR code and a link `/pay/{id}`.
 * The URI carries a 32-byte reference; a send that carries it marks the request paid in its own database
 * transaction, once.
 */

export const PAYMENT_REQUEST_STATUSES = ['open', 'paid', 'expired', 'cancelled'] as const;
export type PaymentRequestStatus = (typeof PAYMENT_REQUEST_STATUSES)[number];

export const PAYMENT_REQUEST_LIMITS = {
  noteChars: 140,
  displayNameChars: 50,
  minExpiryHours: 1,
  /** 30 days. */
  maxExpiryHours: 720,
  defaultExpiryHours: 24,
  /** Open (unexpired) requests per user, unless PAYMENT_REQUESTS_OPEN_MAX says otherwise. */
  defaultOpenPerUser: 20,
  /** The owner's list shows this many, newest first. */
  listed: 100,
} as const;

/** A `/pay/{id}` id: 16 random bytes in base64url (22 characters), unguessable. */
export const PAYMENT_REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export const PAYMENT_REQUEST_MESSAGES = {
  noteTooLong: `The note can be at most ${PAYMENT_REQUEST_LIMITS.noteChars} characters`,
  displayNameRequired: 'Please enter the name the payer will see',
  displayNameTooLong: `The name can be at most ${PAYMENT_REQUEST_LIMITS.displayNameChars} characters`,
  expiryRange: `The request must expire between ${PAYMENT_REQUEST_LIMITS.minExpiryHours} hour and ${PAYMENT_REQUEST_LIMITS.maxExpiryHours / 24} days from now`,
  invalidReference: 'The payment reference must be 32 bytes (64 hex digits or a base58 key)',
  unknownUnit: 'Choose the asset or one of INR, USD, EUR, GBP, JPY',
  enterValidAmount: 'Please enter a valid amount',
} as const;

/** The reference as Solana Pay writes it: the 32 bytes in base58 (a public key). */
export function referenceToBase58(referenceHex: string): string {
  const bytes = Uint8Array.from(referenceHex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
  return base58.encode(bytes);
}

/** What the amount of a request is written in: the asset itself, or a currency (paid at the rate quoted when paid). */
export const PAYMENT_REQUEST_UNITS = ['asset', ...DISPLAY_CURRENCIES] as const;
export type PaymentRequestUnit = (typeof PAYMENT_REQUEST_UNITS)[number];

export function paymentRequestPath(id: string): string {
  return `/pay/${id}`;
}

export interface PaymentRequestUriInput {
  network: NetworkId;
  /** The recipient, canonical form. */
  address: string;
  /** The asset's symbol on the network. */
  asset: string;
  /** In the asset's smallest unit; left out for "any amount". */
  amountUnits?: bigint;
  /** 64 hex digits. */
  reference?: string;
  /** Solana Pay's label (who asks) and message (what for); EIP-681 has no place for them. */
  label?: string;
  message?: string;
}

/**
 * The standard URI of a request, as wallets read it.
 * - EVM coin: EIP-681 `ethereum:<address>@<chainId>?value=<wei>`.
 * - EVM token: EIP-681 `ethereum:<token>@<chainId>/transfer?address=<address>&uint256=<units>`.
 * - Solana: `solana:<address>?amount=<units of SOL/USDC, plain decimal>&spl-token=<mint>&reference=<base58>&label=…&message=…`.
 * EIP-681 has no reference field; FinCrypt adds `reference=0x<64 hex>` as the last parameter (decision 008),
 * which EIP-681 readers that do not know it skip.
 */
export function encodePaymentRequestUri(input: PaymentRequestUriInput): string {
  const network = getNetwork(input.network);
  const asset = findAsset(input.network, input.asset);
  if (!asset) throw new RangeError(`${input.network} has no asset ${input.asset}`);
  if (isEvmNetwork(network)) {
    const params: string[] = [];
    let path: string;
    if (asset.kind === 'token' && asset.address) {
      path = `${asset.address}@${network.chainId}/transfer`;
      params.push(`address=${input.address}`);
      if (input.amountUnits !== undefined) params.push(`uint256=${input.amountUnits}`);
    } else {
      path = `${input.address}@${network.chainId}`;
      if (input.amountUnits !== undefined) params.push(`value=${input.amountUnits}`);
    }
    if (input.reference) params.push(`reference=0x${input.reference}`);
    return `ethereum:${path}${params.length ? `?${params.join('&')}` : ''}`;
  }
  const params: string[] = [];
  if (input.amountUnits !== undefined) params.push(`amount=${formatAmountTrimmed(input.amountUnits, asset.decimals)}`);
  if (asset.kind === 'token' && asset.address) params.push(`spl-token=${asset.address}`);
  if (input.reference) params.push(`reference=${referenceToBase58(input.reference)}`);
  if (input.label) params.push(`label=${encodeURIComponent(input.label)}`);
  if (input.message) params.push(`message=${encodeURIComponent(input.message)}`);
  return `solana:${input.address}${params.length ? `?${params.join('&')}` : ''}`;
}

/** Refusals of a send that carries a request's reference (errors.ts), for the pay page and the send form. */
export const PAYMENT_REQUEST_REFUSALS = {
  notFound: API_ERRORS.PAYMENT_REQUEST_NOT_FOUND.messages.notFound,
  paid: API_ERRORS.PAYMENT_REQUEST_PAID.messages.paid,
  expired: API_ERRORS.PAYMENT_REQUEST_EXPIRED.messages.expired,
  cancelled: API_ERRORS.PAYMENT_REQUEST_CANCELLED.messages.cancelled,
} as const;
