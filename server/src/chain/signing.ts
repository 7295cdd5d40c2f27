import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58, base64 } from '@scure/base';
import { GAS_USED, type Asset, type Network } from '@fincrypt/domain';
import { encodeFunctionData, erc20Abi, keccak256, type TransactionSerializableEIP1559 } from 'viem';
import { signTransaction } from 'viem/accounts';

export interface TransferToSign {
  network: Network;
  privateKeyHex: string;
  from: string;
  to: string;
  /** In the asset's smallest unit. */
  amountUnits: bigint;
  gasPriceWei: bigint;
  nonce: number;
  /** A token transfer's token; a coin transfer when left out (or when it is the native coin). */
  asset?: Pick<Asset, 'kind' | 'address' | 'decimals' | 'transferGas'> | undefined;
}

/** The token contract or mint, when the transfer moves a token. */
function tokenOf(transfer: Pick<TransferToSign, 'asset'>): { address: string; decimals: number; gas: bigint } | undefined {
  const { asset } = transfer;
  if (!asset || asset.kind !== 'token' || asset.address === undefined) return undefined;
  return { address: asset.address, decimals: asset.decimals, gas: asset.transferGas };
}

/** Solana's system program, whose instruction 2 is a lamport transfer. */
const SYSTEM_PROGRAM_ID = new Uint8Array(32);
const SYSTEM_TRANSFER_INSTRUCTION = 2;
const MAX_U64 = 2n ** 64n - 1n;
/** The SPL Token program, whose instruction 12 is TransferChecked, and the Associated Token Account program. */
const TOKEN_PROGRAM_ID = base58.decode('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
const ASSOCIATED_TOKEN_PROGRAM_ID = base58.decode('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
const TOKEN_TRANSFER_CHECKED_INSTRUCTION = 12;

/** A signed transfer: its identifier and the signed transaction a chain would carry (transactions.raw_transaction). */
export interface SignedTransaction {
  /** keccak-256 of the signed EIP-1559 EVM transaction, or the base58 ed25519 signature on Solana. */
  hash: string;
  /** EVM: the serialized signed transaction, 0x hex. Solana: the wire transaction (signature count, signature, message), base64. */
  raw: string;
}

export async function signTransfer(transfer: TransferToSign): Promise<SignedTransaction> {
  if (transfer.network.family === 'evm') return signEvmTransfer(transfer, transfer.network.chainId);
  return signSolanaTransfer(transfer);
}

/**
 * The signed EIP-1559 transaction (type 2, with the network's chain id). It offers `gasPriceWei` a gas as both its
 * fee cap and its tip, so it pays that price on a chain whose base fee is below it. A coin transfer sends `value`
 * to the recipient; a token transfer calls the token contract's `transfer(to, amount)` with no value, as an ERC-20
 * transfer does.
 */
export async function signEvmTransaction(transfer: TransferToSign, chainId: number): Promise<`0x${string}`> {
  const token = tokenOf(transfer);
  const common = { type: 'eip1559', chainId, nonce: transfer.nonce, maxFeePerGas: transfer.gasPriceWei, maxPriorityFeePerGas: transfer.gasPriceWei } as const;
  const transaction: TransactionSerializableEIP1559 = token
    ? {
        ...common,
        gas: token.gas,
        to: token.address as `0x${string}`,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [transfer.to as `0x${string}`, transfer.amountUnits] }),
      }
    : { ...common, gas: GAS_USED, to: transfer.to as `0x${string}`, value: transfer.amountUnits };
  // viem signs with noble's secp256k1 (pure JavaScript: one signer, no native build step).
  return signTransaction({ privateKey: `0x${transfer.privateKeyHex}`, transaction });
}

async function signEvmTransfer(transfer: TransferToSign, chainId: number): Promise<SignedTransaction> {
  const raw = await signEvmTransaction(transfer, chainId);
  return { hash: keccak256(raw), raw };
}

/** Solana's compact-u16 length prefix. */
function compactU16(value: number): number[] {
  const bytes: number[] = [];
  let rest = value;
  for (;;) {
    const low = rest & 0x7f;
    rest >>= 7;
    if (rest === 0) {
      bytes.push(low);
      return bytes;
    }
    bytes.push(low | 0x80);
  }
}

function u32le(value: number): number[] {
  const view = new DataView(new ArrayBuffer(4));
  view.setUint32(0, value, true);
  return [...new Uint8Array(view.buffer)];
}

function u64le(value: bigint): number[] {
  if (value < 0n || value > MAX_U64) throw new RangeError(`lamports out of u64 range: ${value}`);
  const view = new DataView(new ArrayBuffer(8));
  view.setBigUint64(0, value, true);
  return [...new Uint8Array(view.buffer)];
}

function isOnEd25519Curve(bytes: Uint8Array): boolean {
  try {
    ed25519.Point.fromHex(bytesToHex(bytes));
    return true;
  } catch {
    return false;
  }
}

/**
 * A program-derived address: the first bump (255 down) whose sha256(seeds, bump, program, marker) is off
 * the ed25519 curve, as Solana's `findProgramAddress` does.
 */
function findProgramAddress(seeds: readonly Uint8Array[], programId: Uint8Array): Uint8Array {
  const marker = utf8ToBytes('ProgramDerivedAddress');
  for (let bump = 255; bump >= 0; bump -= 1) {
    const candidate = sha256(Uint8Array.from([...seeds.flatMap((seed) => [...seed]), bump, ...programId, ...marker]));
    if (!isOnEd25519Curve(candidate)) return candidate;
  }
  throw new Error('no program address off the curve');
}

/** The owner's associated token account for the mint: where SPL wallets keep that token. */
export function associatedTokenAddress(owner: string, mint: string): string {
  return base58.encode(findProgramAddress([base58.decode(owner), TOKEN_PROGRAM_ID, base58.decode(mint)], ASSOCIATED_TOKEN_PROGRAM_ID));
}

/** The blockhash stands in for a recent one (no live cluster to ask); derived from the sender and nonce, it keeps every signature unique. */
function derivedBlockhash(transfer: Pick<TransferToSign, 'network' | 'from' | 'nonce'>): Uint8Array {
  return sha256(utf8ToBytes(`${transfer.network.id}:${transfer.from}:${transfer.nonce}`));
}

/**
 * A legacy Solana message with one SPL TransferChecked from the sender's token account to the recipient's
 * (their associated token accounts for the mint), signed by the sender as owner and fee payer.
 */
function solanaTokenTransferMessage(transfer: Omit<TransferToSign, 'privateKeyHex' | 'gasPriceWei'>, token: { address: string; decimals: number }): Uint8Array {
  const source = associatedTokenAddress(transfer.from, token.address);
  const destination = associatedTokenAddress(transfer.to, token.address);
  const data = [TOKEN_TRANSFER_CHECKED_INSTRUCTION, ...u64le(transfer.amountUnits), token.decimals];
  return Uint8Array.from([
    // header: 1 signature (the owner, also fee payer), 0 read-only signed, 2 read-only unsigned (mint, program)
    1, 0, 2,
    ...compactU16(5),
    ...base58.decode(transfer.from),
    ...base58.decode(source),
    ...base58.decode(destination),
    ...base58.decode(token.address),
    ...TOKEN_PROGRAM_ID,
    ...derivedBlockhash(transfer),
    ...compactU16(1),
    4, // program id index
    ...compactU16(4),
    1, // source
    3, // mint
    2, // destination
    0, // owner
    ...compactU16(data.length),
    ...data,
  ]);
}

/** A legacy Solana message with one transfer: lamports through the system program, or a token through SPL Token. */
export function solanaTransferMessage(transfer: Omit<TransferToSign, 'privateKeyHex' | 'gasPriceWei'>): Uint8Array {
  const token = tokenOf(transfer);
  if (token) return solanaTokenTransferMessage(transfer, token);
  const recentBlockhash = derivedBlockhash(transfer);
  const data = [...u32le(SYSTEM_TRANSFER_INSTRUCTION), ...u64le(transfer.amountUnits)];
  return Uint8Array.from([
    // header: 1 signature required, 0 read-only signed accounts, 1 read-only unsigned (the program)
    1, 0, 1,
    ...compactU16(3),
    ...base58.decode(transfer.from),
    ...base58.decode(transfer.to),
    ...SYSTEM_PROGRAM_ID,
    ...recentBlockhash,
    ...compactU16(1),
    2, // program id index
    ...compactU16(2),
    0,
    1,
    ...compactU16(data.length),
    ...data,
  ]);
}

function signSolanaTransfer(transfer: TransferToSign): SignedTransaction {
  const message = solanaTransferMessage(transfer);
  const signature = ed25519.sign(message, hexToBytes(transfer.privateKeyHex));
  return { hash: base58.encode(signature), raw: base64.encode(Uint8Array.from([...compactU16(1), ...signature, ...message])) };
}

/** A stored Solana wire transaction with one signature, split into what a verifier needs. */
export function decodeSolanaWireTransaction(raw: string): { signature: Uint8Array; message: Uint8Array } {
  const bytes = base64.decode(raw);
  if (bytes[0] !== 1 || bytes.length < 1 + 64 + 3) throw new Error('not a one-signature Solana transaction');
  return { signature: bytes.subarray(1, 65), message: bytes.subarray(65) };
}
