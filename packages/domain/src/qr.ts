import { isEvmAddress, isSolanaAddress } from './addresses.ts';
import { type Asset, findAsset, listAllAssets, nativeAsset } from './assets.ts';
import { NETWORK_IDS, NETWORKS, getNetwork, isEvmNetwork, networkByChainId, type NetworkId, type UriScheme } from './networks.ts';

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
  /**
   * A token transfer (EIP-681 `…/transfer?address=`, Solana Pay `?spl-token=`): the asset of the registry it
   * moves ("USDC"), with `network` set to that token's network. Left out for a coin.
   */
  asset?: string;
  /** The token's contract (EVM) or mint (Solana), as the registry writes it. */
  tokenAddress?: string;
  /** EIP-681 `uint256` of a token transfer, in the token's smallest unit. */
  amountUnits?: bigint;
}

export type QrParseResult = ScannedRecipient | { ok: false; message: typeof INVALID_QR_MESSAGE };

const INVALID: QrParseResult = { ok: false, message: INVALID_QR_MESSAGE };
const KNOWN_SCHEME = /^(ethereum|polygon|solana):/i;
/** EIP-681 without a function call: [pay-]address[@chainId][?params]. */
const EIP681_TRANSFER = /^(?:pay-)?(0x[0-9a-fA-F]{40})(?:@(\d{1,15}))?\/?(?:\?([^#]*))?$/;
/** EIP-681 calling a contract function: [pay-]contract[@chainId]/function[?params]. */
const EIP681_CALL = /^(?:pay-)?(0x[0-9a-fA-F]{40})(?:@(\d{1,15}))?\/([A-Za-z_][A-Za-z0-9_]*)(?:\?([^#]*))?$/;
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

/** The registry's token at this contract or mint address on one of `networks`, if it has one. */
function tokenAt(address: string, networks: readonly NetworkId[]): Asset | undefined {
  const wanted = address.toLowerCase();
  return listAllAssets().find(
    (asset) => asset.kind === 'token' && networks.includes(asset.network) && asset.address?.toLowerCase() === wanted,
  );
}

const EVM_NETWORK_IDS = NETWORK_IDS.filter((id) => NETWORKS[id].family === 'evm');

/**
 * An EIP-681 token transfer, `ethereum:<token>[@chainId]/transfer?address=<recipient>[&uint256=<units>]`: the
 * recipient is the `address` parameter, the asset is the registry's token at that contract on the chain the
 * link names (or, without a chain id, on whichever of our EVM networks has it). Any other function, a token
 * we do not hold, or a chain id that is not that token's, is refused: we could not send what it asks for.
 */
function parseEvmTokenTransfer(scheme: UriScheme, rest: string): QrParseResult | undefined {
  const match = EIP681_CALL.exec(rest);
  if (!match) return undefined;
  const [, contract = '', chainIdText, functionName, query = ''] = match;
  if (functionName !== 'transfer') return INVALID;
  const recipient = queryParam(query, 'address');
  if (recipient === undefined || !isEvmAddress(recipient)) return INVALID;

  const chainId = chainIdText === undefined ? undefined : Number(chainIdText);
  const chainNetwork = chainId === undefined ? undefined : networkByChainId(chainId)?.id;
  if (chainId !== undefined && chainNetwork === undefined) return INVALID;
  const candidates = chainNetwork ? [chainNetwork] : scheme === 'polygon' ? (['polygon_mumbai'] as NetworkId[]) : EVM_NETWORK_IDS;
  const token = tokenAt(contract, candidates);
  if (!token?.address) return INVALID;

  const result: ScannedRecipient = { ok: true, address: recipient, scheme, network: token.network, asset: token.symbol, tokenAddress: token.address };
  if (chainId !== undefined) result.chainId = chainId;
  const amount = queryParam(query, 'uint256');
  if (amount !== undefined) {
    const amountUnits = parseEip681Wei(amount);
    if (amountUnits === undefined) return INVALID;
    result.amountUnits = amountUnits;
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

/**
 * A Solana address, bare or as a Solana Pay link `solana:<recipient>[?spl-token=<mint>&…]`. With `spl-token` the
 * code asks for that token: it must be a mint of the registry (else it is refused), and becomes the asset.
 */
function parseSolanaLink(scheme: 'solana' | undefined, rest: string): QrParseResult | undefined {
  const queryStart = rest.indexOf('?');
  const address = queryStart === -1 ? rest : rest.slice(0, queryStart);
  if (!isSolanaAddress(address)) return undefined;
  const result: ScannedRecipient = { ok: true, address, ...(scheme ? { scheme } : {}), network: 'solana_devnet' };
  const mint = scheme ? queryParam(queryStart === -1 ? '' : rest.slice(queryStart + 1), 'spl-token') : undefined;
  if (mint !== undefined) {
    const token = isSolanaAddress(mint) ? tokenAt(mint, ['solana_devnet']) : undefined;
    if (!token?.address || token.address !== mint) return INVALID;
    result.asset = token.symbol;
    result.tokenAddress = token.address;
  }
  return result;
}

/**
 * Reads a scanned QR code into a recipient. Accepts our own receive codes ("scheme:address" for a coin, the
 * token forms of receiveUri for a token), EIP-681 transfer links (exposing chain id and value), EIP-681 token
 * transfers of a registry token (`…/transfer?address=`: the recipient is the `address` parameter, the asset
 * and its network come back), Solana Pay-style links (with `spl-token=` of a registry mint: that asset), a bare
 * Solana address (they can be shorter than 42 characters), and otherwise the first alphanumeric run of 42+
 * characters. Other contract calls, and token transfers of a token we do not hold, are refused.
 */
export function parseQrPayload(text: string): QrParseResult {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > MAX_QR_PAYLOAD_CHARS) return INVALID;

  const schemeMatch = KNOWN_SCHEME.exec(trimmed);
  const scheme = schemeMatch?.[1]?.toLowerCase() as UriScheme | undefined;
  const rest = schemeMatch ? trimmed.slice(schemeMatch[0].length) : trimmed;

  if (scheme === 'ethereum' || scheme === 'polygon') {
    const tokenTransfer = parseEvmTokenTransfer(scheme, rest);
    if (tokenTransfer) return tokenTransfer;
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

/**
 * The receive code for one asset of a wallet (docs/product.md#qr-codes). The native coin (the default) keeps
 * `{scheme}:{address}`; a token uses its chain's standard form, which wallets read as "send this token here":
 * EIP-681 `ethereum:<token contract>@<chainId>/transfer?address=<recipient>` on the EVM networks, Solana Pay
 * `solana:<recipient>?spl-token=<mint>` on Solana. Throws for an asset the network does not have.
 */
export function receiveUri(network: NetworkId, address: string, asset: string = nativeAsset(network).symbol): string {
  const found = findAsset(network, asset);
  if (!found) throw new RangeError(`${network} has no asset ${asset}`);
  if (found.kind === 'native' || !found.address) return receiveQrPayload(network, address);
  const definition = getNetwork(network);
  if (isEvmNetwork(definition)) return `ethereum:${found.address}@${definition.chainId}/transfer?address=${address}`;
  return `solana:${address}?spl-token=${found.address}`;
}
