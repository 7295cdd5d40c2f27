import { ed25519 } from '@noble/curves/ed25519.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { GAS_USED, type Network } from '@fincrypt/domain';
import { keccak256 } from 'viem';
import { signTransaction } from 'viem/accounts';

export interface TransferToSign {
  network: Network;
  privateKeyHex: string;
  from: string;
  to: string;
  amountUnits: bigint;
  gasPriceWei: bigint;
  nonce: number;
}

/** Solana's system program, whose instruction 2 is a lamport transfer. */
const SYSTEM_PROGRAM_ID = new Uint8Array(32);
const SYSTEM_TRANSFER_INSTRUCTION = 2;
const MAX_U64 = 2n ** 64n - 1n;

/** The signed transaction's real identifier: keccak-256 of the signed legacy EVM transaction, or the base58 ed25519 signature. */
export async function signTransfer(transfer: TransferToSign): Promise<string> {
  if (transfer.network.family === 'evm') return signEvmTransfer(transfer, transfer.network.chainId);
  return signSolanaTransfer(transfer);
}

export async function signEvmTransaction(transfer: TransferToSign, chainId: number): Promise<`0x${string}`> {
  // Signs with the key directly: deriving the account's public key first would double the curve work.
  return signTransaction({
    privateKey: `0x${transfer.privateKeyHex}`,
    transaction: {
      type: 'legacy',
      chainId,
      nonce: transfer.nonce,
      gas: GAS_USED,
      gasPrice: transfer.gasPriceWei,
      to: transfer.to as `0x${string}`,
      value: transfer.amountUnits,
    },
  });
}

async function signEvmTransfer(transfer: TransferToSign, chainId: number): Promise<string> {
  return keccak256(await signEvmTransaction(transfer, chainId));
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

/**
 * A legacy Solana message with one system transfer. With no live cluster to ask for a recent blockhash,
 * the blockhash is derived from the sender and its nonce, which also keeps every signature unique.
 */
export function solanaTransferMessage(transfer: Omit<TransferToSign, 'privateKeyHex' | 'gasPriceWei'>): Uint8Array {
  const recentBlockhash = sha256(utf8ToBytes(`${transfer.network.id}:${transfer.from}:${transfer.nonce}`));
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

function signSolanaTransfer(transfer: TransferToSign): string {
  const signature = ed25519.sign(solanaTransferMessage(transfer), hexToBytes(transfer.privateKeyHex));
  return base58.encode(signature);
}
