import { isSolanaAddress } from './addresses.ts';
import { type Asset, findAsset, listAllAssets, nativeAsset } from './assets.ts';
import { MAX_INTEGER_DIGITS, formatAmountTrimmed, parseAmount, unitsPerCoin } from './money.ts';
import { NETWORK_IDS, NETWORKS, networkByChainId, type NetworkId, type UriScheme } from './networks.ts';
import { MAX_QR_PAYLOAD_CHARS, WHOLE_URI } from './payment-code-shape.ts';
import { normalizePaymentReference } from './payment-reference.ts';
import { PAYMENT_REQUEST_ID_PATTERN, PAYMENT_REQUEST_MESSAGES, encodePaymentRequestUri } from './payment-requests.ts';
import { type PaymentUriFailure, parseEip681, parseSolanaPay, readEip681Number } from './payment-uri.ts';

export const INVALID_QR_MESSAGE = 'Invalid QR code format';

/** Whole units of an asset above which a code's amount is refused as absurd: 10^15, far beyond any supply. */
export const MAX_CODE_WHOLE_UNITS = 10n ** 15n;

/** EIP-681 without a chain id asks for ether in wei: both EVM coins FinCrypt knows have 18 decimals. */
const EVM_COIN_DECIMALS = 18;

/**
 * What a scanned or pasted code that cannot be used is told (docs/product.md#qr-codes). Anything malformed that
 * none of these names keeps the spec's `Invalid QR code format`.
 */
export const QR_CODE_MESSAGES = {
  invalid: INVALID_QR_MESSAGE,
  tooLong: `This code is too long: a payment code has at most ${MAX_QR_PAYLOAD_CHARS} characters`,
  unknownScheme: (scheme: string) => `FinCrypt cannot pay "${scheme}:" codes. It reads ethereum:, solana: and FinCrypt /pay/ links`,
  unknownChain: (chainId: number) => `This code is for chain id ${chainId}, a network FinCrypt does not support`,
  unknownToken: 'This code asks for a token FinCrypt does not support',
  tooManyDecimals: (symbol: string, decimals: number) => `The amount in this code has more decimals than ${symbol} allows (${decimals})`,
  negativeAmount: 'The amount in this code is negative',
  tooLarge: 'The amount in this code is too large to be a real payment',
  invalidReference: PAYMENT_REQUEST_MESSAGES.invalidReference,
  duplicated: (key: string) => `This code gives "${key}" more than once`,
  transactionRequest: 'This is a Solana Pay transaction request: FinCrypt pays transfer requests only',
  otherSite: (host: string) => `This link is for another site (${host}): only this site's /pay/ links can be paid here`,
  retiredChain: (retiredLabel: string, retired: string, successor: NetworkId) =>
    `${retiredLabel} was retired in ${retired}: this payment goes on ${NETWORKS[successor].label}`,
} as const;

/**
 * Chains that were retired, and the network that took their place: Polygon shut Mumbai (80001) down in April 2024
 * for Amoy (80002). A code for a retired chain pays on its successor and says so (docs/product.md#qr-codes). Kept
 * here, beside the one reader of codes, so the pages that never read one do not load it.
 */
const RETIRED_CHAINS: Readonly<Record<number, { label: string; retired: string; successor: NetworkId }>> = {
  80001: { label: 'Polygon Mumbai', retired: 'April 2024', successor: 'polygon_amoy' },
};

/** Token contracts of a retired chain, read as their successor's: Circle's Mumbai USDC, in codes made before Amoy. */
const RETIRED_TOKENS: Readonly<Record<string, { network: NetworkId; symbol: string }>> = {
  '0x9999f7fea5938fd3b1e26a12c3f2fb024e194f97': { network: 'polygon_amoy', symbol: 'USDC' },
};

/** The retired chain a `polygon:` code without a chain id meant: the brief's receive codes were for Mumbai. */
const POLYGON_SCHEME_CHAIN_ID = 80001;

export interface ScannedRecipient {
  ok: true;
  kind: 'recipient';
  /** As written in the code; validateRecipient checks it against the chosen network. */
  address: string;
  scheme?: UriScheme;
  /** The network the code names, when it names one (by scheme, EIP-681 chain id, or a Solana address). */
  network?: NetworkId;
  chainId?: number;
  /** A token transfer (EIP-681 `…/transfer`, Solana Pay `spl-token`): the registry's symbol. Left out for the coin. */
  asset?: string;
  /** The token's contract (EVM) or mint (Solana), as the registry writes it. */
  tokenAddress?: string;
  /** The amount asked, in the asset's smallest unit (EIP-681 `value` / `uint256`, Solana Pay `amount`). */
  amountUnits?: bigint;
  /** The same amount as decimal text in the asset ("2.014", "0.01"). */
  amount?: string;
  /** The payment reference (64 hex digits): Solana Pay's first `reference`, FinCrypt's `reference=0x…` on EIP-681. */
  reference?: string;
  /** Why the code pays elsewhere than it says: a retired chain's code pays on its successor. */
  notice?: string;
  /** Solana Pay's label (who asks), message (what for) and memo, URL-decoded. */
  label?: string;
  message?: string;
  memo?: string;
}

/** A FinCrypt `/pay/{id}` link: the request is read from `GET /api/pay/:id`. */
export interface ScannedPayLink {
  ok: true;
  kind: 'pay-link';
  requestId: string;
}

/** A code that can be used: a recipient (with what it asks for) or a FinCrypt payment link. */
export type ScannedCode = ScannedRecipient | ScannedPayLink;
export type QrParseFailure = { ok: false; message: string };
export type QrParseResult = ScannedCode | QrParseFailure;

export interface QrParseOptions {
  /** The app's origin ("https://fincrypt.example"): an absolute `/pay/` link must be on it. */
  origin?: string;
}

const INVALID: QrParseFailure = { ok: false, message: INVALID_QR_MESSAGE };
const fail = (message: string): QrParseFailure => ({ ok: false, message });

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const PAY_PATH = /^\/pay\/([^/?#]+)\/?$/;
/** The rule for anything else: an alphanumeric run of 42 or more characters (docs/product.md#qr-codes). */
const LONG_ALPHANUMERIC_RUN = /[A-Za-z0-9]{42,}/;
const EVM_NETWORK_IDS = NETWORK_IDS.filter((id) => NETWORKS[id].family === 'evm');

function failureMessage(failure: PaymentUriFailure): QrParseFailure {
  switch (failure.reason) {
    case 'duplicate':
      return fail(QR_CODE_MESSAGES.duplicated(failure.key));
    case 'negative':
      return fail(QR_CODE_MESSAGES.negativeAmount);
    case 'reference':
      return fail(QR_CODE_MESSAGES.invalidReference);
    case 'transaction-request':
      return fail(QR_CODE_MESSAGES.transactionRequest);
    default:
      return INVALID;
  }
}

/** The registry's token at this contract or mint address on one of `networks`, if it has one. */
function tokenAt(address: string, networks: readonly NetworkId[]): Asset | undefined {
  const wanted = address.toLowerCase();
  const current = listAllAssets().find(
    (asset) => asset.kind === 'token' && networks.includes(asset.network) && asset.address?.toLowerCase() === wanted,
  );
  if (current) return current;
  const former = RETIRED_TOKENS[wanted];
  return former && networks.includes(former.network) ? findAsset(former.network, former.symbol) : undefined;
}

/** An amount in smallest units, refused when absurd; else the amount and its decimal text. */
type AmountRead = { ok: true; amountUnits: bigint; amount: string } | QrParseFailure;

function withAmount(units: bigint, decimals: number): AmountRead {
  if (units > MAX_CODE_WHOLE_UNITS * unitsPerCoin(decimals)) return fail(QR_CODE_MESSAGES.tooLarge);
  return { ok: true, amountUnits: units, amount: formatAmountTrimmed(units, decimals) };
}

/** An EIP-681 number of atomic units of an asset with `decimals`, named `symbol` in the messages. */
function eip681Amount(text: string, symbol: string, decimals: number): AmountRead {
  const read = readEip681Number(text);
  if (read.ok) return withAmount(read.units, decimals);
  if (read.reason === 'negative') return fail(QR_CODE_MESSAGES.negativeAmount);
  // A fraction of the smallest unit is more decimals than the asset has.
  if (read.reason === 'fraction') return fail(QR_CODE_MESSAGES.tooManyDecimals(symbol, decimals));
  return INVALID;
}

function readReference(text: string): string | QrParseFailure {
  return normalizePaymentReference(text) ?? fail(QR_CODE_MESSAGES.invalidReference);
}

/**
 * The network an EVM code's chain id names (the spec's `polygon:` without one meant Mumbai), and the notice when
 * that chain was retired and its successor takes the payment.
 */
function evmNetworkOf(chainId: number | undefined, scheme: 'ethereum' | 'polygon'): { network?: NetworkId; notice?: string } | QrParseFailure {
  const wanted = chainId ?? (scheme === 'polygon' ? POLYGON_SCHEME_CHAIN_ID : undefined);
  if (wanted === undefined) return {};
  // The `polygon:` scheme itself is the brief's Mumbai code, whatever chain id it carries.
  const retired = RETIRED_CHAINS[scheme === 'polygon' ? POLYGON_SCHEME_CHAIN_ID : wanted];
  const network = RETIRED_CHAINS[wanted]?.successor ?? networkByChainId(wanted)?.id;
  if (network === undefined) return fail(QR_CODE_MESSAGES.unknownChain(wanted));
  if (scheme === 'polygon' && network !== 'polygon_amoy') return INVALID;
  return retired ? { network, notice: QR_CODE_MESSAGES.retiredChain(retired.label, retired.retired, network) } : { network };
}

/**
 * EIP-681 (and the spec's `polygon:` form): a coin payment to the target, or `…/transfer?address=&uint256=` of a
 * registry token. The chain id names the network and must be one of ours or a retired one's (Mumbai pays on Amoy).
 */
function readEvmCode(text: string, scheme: 'ethereum' | 'polygon'): QrParseResult {
  const parsed = parseEip681(text, ['ethereum', 'polygon']);
  if (!parsed.ok) return failureMessage(parsed);
  // ENS names are not resolved: FinCrypt pays hex addresses only.
  if (!HEX_ADDRESS.test(parsed.target)) return INVALID;
  const param = (key: string) => parsed.parameters.find((parameter) => parameter.key === key)?.value;

  const named = evmNetworkOf(parsed.chainId, scheme);
  if ('ok' in named) return named;
  const { network } = named;

  const result: ScannedRecipient = { ok: true, kind: 'recipient', address: parsed.target, scheme };
  if (parsed.chainId !== undefined) result.chainId = parsed.chainId;
  if (network !== undefined) result.network = network;
  if (named.notice !== undefined) result.notice = named.notice;

  if (parsed.functionName === 'transfer') {
    const token = tokenAt(parsed.target, network ? [network] : EVM_NETWORK_IDS);
    if (!token?.address) return fail(QR_CODE_MESSAGES.unknownToken);
    const recipient = param('address');
    if (recipient === undefined || !HEX_ADDRESS.test(recipient)) return INVALID;
    Object.assign(result, { address: recipient, network: token.network, asset: token.symbol, tokenAddress: token.address });
    const amount = param('uint256');
    if (amount !== undefined) {
      const read = eip681Amount(amount, token.symbol, token.decimals);
      if (!read.ok) return read;
      Object.assign(result, { amountUnits: read.amountUnits, amount: read.amount });
    }
  } else if (parsed.functionName !== undefined) {
    // Any other contract call: its target is a contract, not a recipient.
    return INVALID;
  } else {
    const value = param('value');
    if (value !== undefined) {
      const read = eip681Amount(value, network ? nativeAsset(network).symbol : 'ETH', network ? NETWORKS[network].decimals : EVM_COIN_DECIMALS);
      if (!read.ok) return read;
      Object.assign(result, { amountUnits: read.amountUnits, amount: read.amount });
    }
  }

  const reference = param('reference');
  if (reference !== undefined) {
    const read = readReference(reference);
    if (typeof read !== 'string') return read;
    result.reference = read;
  }
  return result;
}

/** A Solana Pay transfer request on Solana Devnet: a registry `spl-token`, an amount within its decimals. */
function readSolanaCode(text: string): QrParseResult {
  const parsed = parseSolanaPay(text);
  if (!parsed.ok) return failureMessage(parsed);
  if (!isSolanaAddress(parsed.recipient)) return INVALID;
  const result: ScannedRecipient = { ok: true, kind: 'recipient', address: parsed.recipient, scheme: 'solana', network: 'solana_devnet' };

  let asset: Asset = nativeAsset('solana_devnet');
  if (parsed.splToken !== undefined) {
    const token = tokenAt(parsed.splToken, ['solana_devnet']);
    // Base58 is case-sensitive: only the exact mint is the token.
    if (!token?.address || token.address !== parsed.splToken) return fail(QR_CODE_MESSAGES.unknownToken);
    asset = token;
    result.asset = token.symbol;
    result.tokenAddress = token.address;
  }

  if (parsed.amount !== undefined) {
    const [integerDigits = '', fractionDigits = ''] = parsed.amount.split('.');
    if (fractionDigits.replace(/0+$/, '').length > asset.decimals) return fail(QR_CODE_MESSAGES.tooManyDecimals(asset.symbol, asset.decimals));
    if (integerDigits.replace(/^0+/, '').length > MAX_INTEGER_DIGITS) return fail(QR_CODE_MESSAGES.tooLarge);
    const units = parseAmount(parsed.amount.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, ''), asset.decimals);
    if (!units.ok) return INVALID;
    const read = withAmount(units.units, asset.decimals);
    if (!read.ok) return read;
    Object.assign(result, { amountUnits: read.amountUnits, amount: read.amount });
  }

  const references: string[] = [];
  for (const reference of parsed.references) {
    const read = readReference(reference);
    if (typeof read !== 'string') return read;
    references.push(read);
  }
  // A send carries one reference: FinCrypt's URIs write exactly one; of several, the first is the request's.
  if (references[0] !== undefined) result.reference = references[0];
  if (parsed.label !== undefined) result.label = parsed.label;
  if (parsed.message !== undefined) result.message = parsed.message;
  if (parsed.memo !== undefined) result.memo = parsed.memo;
  return result;
}

/** `/pay/{id}`, relative or absolute (on `origin` when given). */
function readPayLink(path: string): QrParseResult {
  const id = PAY_PATH.exec(path)?.[1];
  if (id === undefined || !PAYMENT_REQUEST_ID_PATTERN.test(id)) return INVALID;
  return { ok: true, kind: 'pay-link', requestId: id };
}

/** An http(s) URL: its origin (scheme and host, lower case) and its path. */
const WEB_LINK = /^(https?:\/\/([^/?#@\s]+))(\/[^?#]*)?(?:\?[^#]*)?(?:#.*)?$/i;

function readWebLink(text: string, options: QrParseOptions): QrParseResult {
  const match = WEB_LINK.exec(text);
  const [, origin = '', host = '', path = '/'] = match ?? [];
  if (!match || !PAY_PATH.test(path)) return INVALID;
  if (options.origin !== undefined && origin.toLowerCase() !== options.origin.replace(/\/+$/, '').toLowerCase()) {
    return fail(QR_CODE_MESSAGES.otherSite(host));
  }
  return readPayLink(path);
}

/**
 * Reads a scanned QR code, or a pasted recipient, in this order (docs/product.md#qr-codes):
 * 1. longer than MAX_QR_PAYLOAD_CHARS: refused;
 * 2. a FinCrypt `/pay/{id}` link, relative or absolute;
 * 3. a URI: `ethereum:` (EIP-681) or the spec's `polygon:`, `solana:` (Solana Pay transfer request); any other
 *    scheme is refused by name;
 * 4. a bare Solana address (Solana Devnet) or `0x` address (no network named);
 * 5. the first alphanumeric run of 42 or more characters in any other text.
 * Whatever cannot be read exactly is refused with a message, never half-read.
 */
export function parseQrPayload(text: string, options: QrParseOptions = {}): QrParseResult {
  const trimmed = text.trim();
  if (trimmed === '') return INVALID;
  if (trimmed.length > MAX_QR_PAYLOAD_CHARS) return fail(QR_CODE_MESSAGES.tooLong);
  if (trimmed.startsWith('/pay/')) return readPayLink(trimmed);

  const scheme = WHOLE_URI.exec(trimmed)?.[1]?.toLowerCase();
  if (scheme === 'ethereum' || scheme === 'polygon') return readEvmCode(trimmed, scheme);
  if (scheme === 'solana') return readSolanaCode(trimmed);
  if (scheme === 'http' || scheme === 'https') return readWebLink(trimmed, options);
  if (scheme !== undefined) return fail(QR_CODE_MESSAGES.unknownScheme(scheme));

  if (isSolanaAddress(trimmed)) return { ok: true, kind: 'recipient', address: trimmed, network: 'solana_devnet' };
  const run = HEX_ADDRESS.test(trimmed) ? trimmed : LONG_ALPHANUMERIC_RUN.exec(trimmed)?.[0];
  return run ? { ok: true, kind: 'recipient', address: run } : INVALID;
}

/**
 * The receive code of a wallet's coin (docs/product.md#qr-codes): what wallets read. EVM networks as EIP-681
 * with the chain id (`ethereum:<address>@11155111`, `ethereum:<address>@80002`), Solana as `solana:<address>`.
 */
export function receiveQrPayload(network: NetworkId, address: string): string {
  return receiveUri(network, address);
}

/**
 * The receive code for one asset of a wallet: the standard URI without an amount (payment-requests.ts
 * encodePaymentRequestUri). The coin is `ethereum:<address>@<chainId>` or `solana:<address>`; a token is
 * EIP-681 `ethereum:<token contract>@<chainId>/transfer?address=<recipient>` or Solana Pay
 * `solana:<recipient>?spl-token=<mint>`. Throws for an asset the network does not have.
 */
export function receiveUri(network: NetworkId, address: string, asset: string = nativeAsset(network).symbol): string {
  if (!findAsset(network, asset)) throw new RangeError(`${network} has no asset ${asset}`);
  return encodePaymentRequestUri({ network, address, asset });
}
