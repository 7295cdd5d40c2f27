import { sameAddress } from './address-forms.ts';
import { validateRecipient } from './addresses.ts';
import { checkAssetOn, listAssets, type Asset } from './assets.ts';
import { API_ERRORS, type SendRefusalCode } from './errors.ts';
import { parseAmount } from './money.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

export const SEND_MESSAGES = {
  // The send rules, checked where the wallet and balance are known (server, and the form before
  // submitting); the error registry (errors.ts) defines them with their codes.
  walletNotFound: API_ERRORS.WALLET_NOT_FOUND.messages.senderWalletNotFound,
  invalidAmount: API_ERRORS.INVALID_AMOUNT.messages.invalidAmount,
  insufficientBalance: API_ERRORS.INSUFFICIENT_BALANCE.messages.insufficientBalance,
  invalidRecipient: API_ERRORS.INVALID_RECIPIENT.messages.invalidRecipient,
  sameWallet: API_ERRORS.SAME_WALLET.messages.sameWallet,
  // The form's own messages for empty or malformed fields.
  selectWallet: 'Please select a wallet',
  enterValidAmount: 'Please enter a valid amount',
  enterRecipient: 'Please enter a recipient address',
  selectSpeed: 'Please choose a transaction speed',
} as const;

export function tooManyDecimalsMessage(network: NetworkId, symbol?: string): string {
  return API_ERRORS.INVALID_AMOUNT.messages.tooManyDecimals(network, symbol);
}

export function notEnoughForFeeMessage(network: NetworkId): string {
  return API_ERRORS.INSUFFICIENT_FEE_BALANCE.messages.notEnoughForFee(network);
}

export const SEND_LIMITS = { recipientChars: 128, quoteIdChars: 128 } as const;

export interface SendCheckInput {
  /** The sender wallet's network, address and balances; leave them out when no such wallet exists. */
  network?: NetworkId | undefined;
  from?: string | undefined;
  /** The wallet's balance of each asset it holds, by symbol (a missing asset holds 0). */
  balances?: Readonly<Record<string, bigint>> | undefined;
  /** The asset's symbol; the network's native coin when left out. */
  asset?: string | undefined;
  /** As typed: a decimal string in the asset's unit. */
  amount: string;
  /** The fee that will be charged, in the native coin's smallest unit. */
  fee: bigint;
  to: string;
}

/** The send form's fields a send rule can refuse. */
export const SEND_FIELDS = ['walletId', 'asset', 'amount', 'to'] as const;
export type SendField = (typeof SEND_FIELDS)[number];

/** A refusal: its code, the field the registry puts it on, and its message. */
export interface SendRefusal {
  ok: false;
  code: SendRefusalCode;
  field: SendField;
  message: string;
}

export interface SendCheckPass {
  ok: true;
  asset: Asset;
  amountUnits: bigint;
  /** What leaves the wallet in the native coin: amount + fee for a coin transfer, the fee alone for a token. */
  nativeDebitUnits: bigint;
  /** The recipient in canonical form. */
  to: string;
}

export type SendCheckResult = SendCheckPass | SendRefusal;

const refuse = (code: SendRefusalCode, message: string): SendRefusal => ({ ok: false, code, field: API_ERRORS[code].field, message });

/** The asset named (or the native coin), or why it cannot be sent from a wallet on this network. */
export function assetForSend(network: NetworkId, symbol: string | undefined): { ok: true; asset: Asset } | SendRefusal {
  const checked = checkAssetOn(network, symbol ?? NETWORKS[network].symbol);
  if (checked.ok) return checked;
  const messages = API_ERRORS.INVALID_ASSET.messages;
  const shown = symbol ?? '';
  return refuse('INVALID_ASSET', checked.reason === 'unknown' ? messages.unknownAsset(shown) : messages.otherNetwork(network, shown));
}

const EVM_ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Why a valid address is still no recipient: the EVM zero address, which no one holds a key to, and the network's
 * token contracts themselves (a common slip: pasting the token's address instead of a wallet's). Undefined otherwise.
 */
export function whyNothingComesBack(network: NetworkId, address: string): string | undefined {
  const messages = API_ERRORS.INVALID_RECIPIENT.messages;
  if (NETWORKS[network].family === 'evm' && address.toLowerCase() === EVM_ZERO_ADDRESS) return messages.zeroAddress;
  const token = listAssets(network).find((asset) => asset.address !== undefined && sameAddress(asset.address, address));
  return token ? messages.tokenContract(token.symbol) : undefined;
}

/**
 * The send rules in their order (docs/product.md#sending): wallet, asset, amount, balance, recipient (a valid
 * address, and one anything sent to can come back from), then same wallet. The balance rule is the asset's: a coin transfer needs amount + fee of the coin; a token
 * transfer needs the amount of the token and the fee of the coin, and says which of the two is short.
 */
export function checkSend({ network, from, balances, asset: symbol, amount, fee, to }: SendCheckInput): SendCheckResult {
  if (network === undefined || from === undefined || balances === undefined) {
    return refuse('WALLET_NOT_FOUND', SEND_MESSAGES.walletNotFound);
  }
  const assetCheck = assetForSend(network, symbol);
  if (!assetCheck.ok) return assetCheck;
  const { asset } = assetCheck;

  const parsed = parseAmount(amount, asset.decimals);
  if (!parsed.ok && parsed.error === 'too_many_decimals') return refuse('INVALID_AMOUNT', tooManyDecimalsMessage(network, asset.symbol));
  if (!parsed.ok || parsed.units <= 0n) return refuse('INVALID_AMOUNT', SEND_MESSAGES.invalidAmount);

  const nativeBalance = balances[NETWORKS[network].symbol] ?? 0n;
  let nativeDebitUnits: bigint;
  if (asset.kind === 'native') {
    nativeDebitUnits = parsed.units + fee;
    if (nativeDebitUnits > nativeBalance) return refuse('INSUFFICIENT_BALANCE', SEND_MESSAGES.insufficientBalance);
  } else {
    nativeDebitUnits = fee;
    if (parsed.units > (balances[asset.symbol] ?? 0n)) {
      return refuse('INSUFFICIENT_BALANCE', API_ERRORS.INSUFFICIENT_BALANCE.messages.insufficientTokenBalance(asset.symbol));
    }
    if (fee > nativeBalance) return refuse('INSUFFICIENT_FEE_BALANCE', notEnoughForFeeMessage(network));
  }

  const recipient = validateRecipient(network, to);
  if (!recipient.ok) return refuse(recipient.code, recipient.message);
  const lostThere = whyNothingComesBack(network, recipient.address);
  if (lostThere) return refuse('INVALID_RECIPIENT', lostThere);
  if (sameAddress(recipient.address, from)) return refuse('SAME_WALLET', SEND_MESSAGES.sameWallet);

  return { ok: true, asset, amountUnits: parsed.units, nativeDebitUnits, to: recipient.address };
}
