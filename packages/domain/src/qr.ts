import { isSolanaAddress } from './addresses.ts';
import { NETWORKS, networkByChainId, type NetworkId, type UriScheme } from './networks.ts';

export const INVALID_QR_MESSAGE = 'Invalid QR code format';

/** Far above any address or payment link; keeps the regular expressions below on bounded input. */
export const MAX_QR_PAYLOAD_CHARS = 2048;

export interface ScannedRecipient {
  ok: true;
  /** As written in the code; validateRecipient checks it against the chosen network. */
  address: string;
  scheme?: UriScheme;
  /** The network the code names, when it names one (by scheme or EIP-681 chain id). */
  network?: NetworkId;
  chainId?: number;
  /** EIP-681 `value`, in wei. */
  valueWei?: bigint;
}

export type QrParseResult = ScannedRecipient | { ok: false; message: typeof INVALID_QR_MESSAGE };

const INVALID: QrParseResult = { ok: false, message: INVALID_QR_MESSAGE };
const KNOWN_SCHEME = /^(ethereum|polygon|solana):/i;
/** EIP-681 without a function call: [pay-]address[@chainId][?params]. */
const EIP681_TRANSFER = /^(?:pay-)?(0x[0-9a-fA-F]{40})(?:@(\d{1,15}))?\/?(?:\?([^#]*))?$/;
/** An EIP-681 number: digits with an optional fraction and exponent, e.g. "2.014e18". */
const EIP681_NUMBER = /^(\d+)(?:\.(\d+))?(?:[eE](\d{1,3}))?$/;
/** The rule for anything else: an alphanumeric run of 42 or more characters (docs/product.md#qr-codes). */
const LONG_ALPHANUMERIC_RUN = /[A-Za-z0-9]{42,}/;

/** The number as a whole count of wei, or undefined when it is not one. */
function parseEip681Wei(text: string): bigint | undefined {
  const match = EIP681_NUMBER.exec(text);
  if (!match) return undefined;
  const [, integerDigits = '', fractionDigits = '', exponentDigits = '0'] = match;
  const exponent = Number(exponentDigits);
  if (fractionDigits.length > exponent && /[1-9]/.test(fractionDigits.slice(exponent))) return undefined;
  const digits = integerDigits + fractionDigits.slice(0, exponent).padEnd(exponent, '0');
  return BigInt(digits);
}

function parseEvmLink(scheme: UriScheme, rest: string): QrParseResult | undefined {
  const match = EIP681_TRANSFER.exec(rest);
  if (!match) return undefined;
  const [, address = '', chainIdText, query] = match;
  const result: ScannedRecipient = { ok: true, address, scheme };
  if (chainIdText !== undefined) {
    result.chainId = Number(chainIdText);
    const network = networkByChainId(result.chainId);
    if (network) result.network = network.id;
  } else if (scheme === 'polygon') {
    result.network = 'polygon_mumbai';
  }
  const value = queryParam(query ?? '', 'value');
  if (value !== undefined) {
    const valueWei = parseEip681Wei(value);
    // A payment request whose amount we cannot read exactly is refused rather than half-honoured.
    if (valueWei === undefined) return INVALID;
    result.valueWei = valueWei;
  }
  return result;
}

function queryParam(query: string, name: string): string | undefined {
  for (const pair of query.split('&')) {
    const [key, value = ''] = pair.split('=', 2);
    if (key === name) return value;
  }
  return undefined;
}

function parseSolanaLink(scheme: 'solana' | undefined, rest: string): QrParseResult | undefined {
  const address = rest.split('?', 1)[0] ?? '';
  if (!isSolanaAddress(address)) return undefined;
  return { ok: true, address, ...(scheme ? { scheme } : {}), network: 'solana_devnet' };
}

/**
 * Reads a scanned QR code into a recipient. Accepts our own receive codes ("scheme:address"), EIP-681
 * transfer links (exposing chain id and value), Solana Pay-style links, a bare Solana address (they can
 * be shorter than 42 characters), and otherwise the first alphanumeric run of 42+
 * characters. EIP-681 links that call a contract function (token transfers) are refused: the address in
 * them is a contract, not the recipient.
 */
export function parseQrPayload(text: string): QrParseResult {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_QR_PAYLOAD_CHARS) return INVALID;

  const schemeMatch = KNOWN_SCHEME.exec(trimmed);
  const scheme = schemeMatch?.[1]?.toLowerCase() as UriScheme | undefined;
  const rest = schemeMatch ? trimmed.slice(schemeMatch[0].length) : trimmed;

  if (scheme === 'ethereum' || scheme === 'polygon') {
    if (/^(?:pay-)?0x[0-9a-fA-F]{40}(?:@\d+)?\/[^?]/.test(rest)) return INVALID;
    const link = parseEvmLink(scheme, rest);
    if (link) return link;
  }
  if (scheme === 'solana' || scheme === undefined) {
    const link = parseSolanaLink(scheme, rest);
    if (link) return link;
  }

  const run = LONG_ALPHANUMERIC_RUN.exec(rest)?.[0];
  if (!run) return INVALID;
  return scheme ? { ok: true, address: run, scheme } : { ok: true, address: run };
}

/** The payload of a receive QR code: the network's scheme and the address. */
export function receiveQrPayload(network: NetworkId, address: string): string {
  return `${NETWORKS[network].uriScheme}:${address}`;
}
