/**
 * The two payment-URI standards, read as they are written, before anything about FinCrypt's networks or
 * assets is applied (qr.ts does that):
 * - EIP-681 (eips.ethereum.org/EIPS/eip-681): `ethereum:[pay-]<target>[@<chainId>][/<function>][?<key>=<value>&…]`.
 * - Solana Pay transfer requests (docs.solanapay.com/spec): `solana:<recipient>?amount=&spl-token=&reference=&label=&message=&memo=`.
 * Every parameter value is URL-decoded. A parameter named twice is refused (`duplicate`), except Solana Pay's
 * `reference`, which the spec allows several times.
 */

export type PaymentUriFailure =
  | { ok: false; reason: 'malformed' }
  | { ok: false; reason: 'duplicate'; key: string }
  | { ok: false; reason: 'negative' }
  | { ok: false; reason: 'reference' }
  | { ok: false; reason: 'transaction-request' };

export interface PaymentUriParameter {
  key: string;
  value: string;
}

export interface Eip681Request {
  ok: true;
  /** `pay-` written before the target. */
  pay: boolean;
  /** The beneficiary of a coin payment, or the contract called; as written (hex address or ENS name). */
  target: string;
  chainId?: number;
  functionName?: string;
  /** In the order written, URL-decoded. */
  parameters: PaymentUriParameter[];
}

export interface SolanaPayTransferRequest {
  ok: true;
  recipient: string;
  /** Decimal text in the asset's user units ("1", "0.01"), as written. */
  amount?: string;
  splToken?: string;
  /** Every `reference`, in order, base58 as written. */
  references: string[];
  label?: string;
  message?: string;
  memo?: string;
}

const MALFORMED = { ok: false, reason: 'malformed' } as const;

/**
 * `key=value&key=value`: decoded pairs, or why not. An empty query (nothing after `?`) has no pairs. With
 * `plusIsSpace` a `+` is a space, as URLSearchParams (Solana Pay's reference parser) reads it; EIP-681 numbers
 * may start with `+`, so there it stays.
 */
export function readQuery(query: string, plusIsSpace = false): { ok: true; parameters: PaymentUriParameter[] } | PaymentUriFailure {
  if (query === '') return { ok: true, parameters: [] };
  const parameters: PaymentUriParameter[] = [];
  for (const pair of query.split('&')) {
    const separator = pair.indexOf('=');
    if (separator <= 0) return MALFORMED;
    try {
      parameters.push({
        key: decodeURIComponent(pair.slice(0, separator)),
        value: decodeURIComponent(plusIsSpace ? pair.slice(separator + 1).replace(/\+/g, '%20') : pair.slice(separator + 1)),
      });
    } catch {
      return MALFORMED;
    }
  }
  return { ok: true, parameters };
}

/** The first parameter named twice among `keys` (all of them when left out). */
function duplicateKey(parameters: readonly PaymentUriParameter[], keys?: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const { key } of parameters) {
    if (keys && !keys.includes(key)) continue;
    if (seen.has(key)) return key;
    seen.add(key);
  }
  return undefined;
}

/** target_address [ "@" chain_id ] [ "/" function_name ] [ "?" parameters ]; the target is hex or an ENS name. */
const EIP681_BODY = /^(pay-)?(0x[0-9a-fA-F]{40}|[^@/?#\s]+)(?:@(\d{1,15}))?(?:\/([A-Za-z_][A-Za-z0-9_]*))?(?:\?([^#]*))?$/;

/**
 * Reads an EIP-681 URL. `scheme` is the part before the colon that the caller accepts as EIP-681 (`ethereum`, or
 * the spec's `polygon` for FinCrypt's older codes). Values are left as text: `readEip681Number` reads numbers.
 */
export function parseEip681(text: string, schemes: readonly string[] = ['ethereum']): Eip681Request | PaymentUriFailure {
  const colon = text.indexOf(':');
  if (colon === -1 || !schemes.includes(text.slice(0, colon).toLowerCase())) return MALFORMED;
  const match = EIP681_BODY.exec(text.slice(colon + 1));
  if (!match) return MALFORMED;
  const [, pay, target = '', chainIdText, functionName, query = ''] = match;
  const read = readQuery(query);
  if (!read.ok) return read;
  const duplicate = duplicateKey(read.parameters);
  if (duplicate !== undefined) return { ok: false, reason: 'duplicate', key: duplicate };
  const request: Eip681Request = { ok: true, pay: pay !== undefined, target, parameters: read.parameters };
  if (chainIdText !== undefined) request.chainId = Number(chainIdText);
  if (functionName !== undefined) request.functionName = functionName;
  return request;
}

/** EIP-681 `number = [ "-" / "+" ] *DIGIT [ "." 1*DIGIT ] [ ( "e" / "E" ) [ 1*DIGIT ] ]`. */
const EIP681_NUMBER = /^([-+]?)(\d*)(?:\.(\d+))?(?:[eE](\d{0,4}))?$/;

/**
 * An EIP-681 number as a whole count of atomic units (wei, or a token's smallest unit). Scientific notation is
 * read exactly ("2.014e18"). The spec allows only integers, so the exponent must cover the decimals written:
 * anything left after the point is `fraction` (how many digits too many in `excessDigits`).
 */
export function readEip681Number(
  text: string,
): { ok: true; units: bigint } | { ok: false; reason: 'malformed' | 'negative' } | { ok: false; reason: 'fraction'; excessDigits: number } {
  const match = EIP681_NUMBER.exec(text);
  if (!match) return { ok: false, reason: 'malformed' };
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentDigits = ''] = match;
  if (integerDigits === '' && fractionDigits === '') return { ok: false, reason: 'malformed' };
  const exponent = exponentDigits === '' ? 0 : Number(exponentDigits);
  const significantFraction = fractionDigits.replace(/0+$/, '');
  if (significantFraction.length > exponent) return { ok: false, reason: 'fraction', excessDigits: significantFraction.length - exponent };
  const units = BigInt((integerDigits || '0') + significantFraction.padEnd(exponent, '0'));
  if (sign === '-' && units > 0n) return { ok: false, reason: 'negative' };
  return { ok: true, units };
}

const SOLANA_SCHEME = /^solana:/i;
/** The keys Solana Pay allows once. */
const SOLANA_PAY_SINGLE_KEYS = ['amount', 'spl-token', 'label', 'message', 'memo'] as const;
/** A non-negative integer or decimal in user units, with a digit before any point; no exponent. */
const SOLANA_PAY_AMOUNT = /^\d+(?:\.\d+)?$/;
const BASE58_32_BYTES = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * Reads a Solana Pay transfer request. The recipient, `spl-token` and each `reference` are checked only for
 * their alphabet and length here (a caller checks they decode to 32 bytes); the amount must be plain decimal
 * text. The spec's third example, `solana:<recipient>&label=Michael`, writes `&` where `?` belongs: it is read
 * as the spec means it. A `solana:https://…` link is a transaction request, which this does not read.
 */
export function parseSolanaPay(text: string): SolanaPayTransferRequest | PaymentUriFailure {
  if (!SOLANA_SCHEME.test(text)) return MALFORMED;
  const body = text.slice('solana:'.length);
  if (/^https?(?::|%3A)/i.test(body)) return { ok: false, reason: 'transaction-request' };
  const queryStart = body.search(/[?&]/);
  const recipient = queryStart === -1 ? body : body.slice(0, queryStart);
  if (!BASE58_32_BYTES.test(recipient)) return MALFORMED;
  const read = readQuery(queryStart === -1 ? '' : body.slice(queryStart + 1), true);
  if (!read.ok) return read;
  const duplicate = duplicateKey(read.parameters, SOLANA_PAY_SINGLE_KEYS);
  if (duplicate !== undefined) return { ok: false, reason: 'duplicate', key: duplicate };

  const request: SolanaPayTransferRequest = { ok: true, recipient, references: [] };
  for (const { key, value } of read.parameters) {
    if (key === 'amount') {
      if (value.startsWith('-')) return { ok: false, reason: 'negative' };
      if (!SOLANA_PAY_AMOUNT.test(value)) return MALFORMED;
      request.amount = value;
    } else if (key === 'spl-token') {
      if (!BASE58_32_BYTES.test(value)) return MALFORMED;
      request.splToken = value;
    } else if (key === 'reference') {
      if (!BASE58_32_BYTES.test(value)) return { ok: false, reason: 'reference' };
      request.references.push(value);
    } else if (key === 'label' || key === 'message' || key === 'memo') {
      if (value !== '') request[key] = value;
    }
  }
  return request;
}
