import { sha256 } from '@noble/hashes/sha2.js';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { getSetComputeUnitLimitInstruction, getSetComputeUnitPriceInstruction } from '@solana-program/compute-budget';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  TOKEN_PROGRAM_ADDRESS,
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintToCheckedInstruction,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import {
  address,
  AccountRole,
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from '@solana/kit';
import { base58, base64 } from '@scure/base';
import { coinTransferGas, GAS_USED, type Asset, type Network } from '@fincrypt/domain';
import { encodeFunctionData, erc20Abi, keccak256, type TransactionSerializableEIP1559 } from 'viem';
import { signTransaction } from 'viem/accounts';

export interface TransferToSign {
  network: Network;
  privateKeyHex: string;
  from: string;
  to: string;
  /** In the asset's smallest unit. */
  amountUnits: bigint;
  /** Wei per gas (EVM); micro-lamports per compute unit, the priority fee's price (Solana). */
  gasPriceWei: bigint;
  nonce: number;
  /** A token transfer's token; a coin transfer when left out (or when it is the native coin). */
  asset?: Pick<Asset, 'kind' | 'address' | 'decimals' | 'transferGas'> | undefined;
  /** Solana: the runtime's latest blockhash; derived from sender and nonce where no runtime runs (simulated chains). */
  recentBlockhash?: string | undefined;
  /**
   * Solana: a read-only account added to the transfer (Solana Pay's `reference`): a payment request's, or a fresh one,
   * so that two identical transfers under one blockhash stay two transactions.
   */
  reference?: string | undefined;
}

/** The token contract or mint, when the transfer moves a token. */
function tokenOf(transfer: Pick<TransferToSign, 'asset'>): { address: string; decimals: number; gas: bigint } | undefined {
  const { asset } = transfer;
  if (!asset || asset.kind !== 'token' || asset.address === undefined) return undefined;
  return { address: asset.address, decimals: asset.decimals, gas: asset.transferGas };
}

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

/** The owner's associated token account for the mint: where SPL wallets keep that token. */
export async function associatedTokenAddress(owner: string, mint: string): Promise<string> {
  const [tokenAccount] = await findAssociatedTokenPda({ owner: address(owner), mint: address(mint), tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return tokenAccount;
}

/** Where no runtime runs (simulated chains), a blockhash derived from the sender and nonce stands in for a recent one. */
function derivedBlockhash(transfer: Pick<TransferToSign, 'network' | 'from' | 'nonce'>): Blockhash {
  return base58.encode(sha256(utf8ToBytes(`${transfer.network.id}:${transfer.from}:${transfer.nonce}`))) as Blockhash;
}

/** The transfer's instruction: lamports through the system program, or SPL TransferChecked between token accounts. */
async function solanaTransferInstruction(transfer: TransferToSign, owner: TransactionSigner) {
  const token = tokenOf(transfer);
  if (!token) return getTransferSolInstruction({ source: owner, destination: address(transfer.to), amount: transfer.amountUnits });
  return getTransferCheckedInstruction({
    source: address(await associatedTokenAddress(transfer.from, token.address)),
    mint: address(token.address),
    destination: address(await associatedTokenAddress(transfer.to, token.address)),
    authority: owner,
    amount: transfer.amountUnits,
    decimals: token.decimals,
  });
}

/** The transfer with its reference, when it has one, as a read-only account at the end (as Solana Pay adds it). */
async function referencedTransferInstruction(transfer: TransferToSign, owner: TransactionSigner) {
  const instruction = await solanaTransferInstruction(transfer, owner);
  if (transfer.reference === undefined) return instruction;
  return { ...instruction, accounts: [...instruction.accounts, { address: address(transfer.reference), role: AccountRole.READONLY }] };
}

type SolanaInstruction = Parameters<typeof appendTransactionMessageInstructions>[0][number];

/**
 * A legacy Solana transaction signed by `payer` (@solana/kit): the compute-unit limit and the priority fee's price
 * first (Solana's fee is 5,000 lamports a signature plus limit × price), then `instructions`.
 */
async function signSolanaMessage(
  payer: TransactionSigner,
  blockhash: Blockhash,
  budget: { units: bigint; microLamports: bigint },
  instructions: readonly SolanaInstruction[],
): Promise<SignedTransaction> {
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (draft) => setTransactionMessageFeePayerSigner(payer, draft),
    (draft) => setTransactionMessageLifetimeUsingBlockhash({ blockhash, lastValidBlockHeight: 0n }, draft),
  );
  const all = [getSetComputeUnitLimitInstruction({ units: Number(budget.units) }), getSetComputeUnitPriceInstruction({ microLamports: budget.microLamports }), ...instructions];
  const signed = await signTransactionMessageWithSigners(appendTransactionMessageInstructions(all, message));
  return { hash: getSignatureFromTransaction(signed), raw: getBase64EncodedWireTransaction(signed) };
}

/** A transfer signed by the sender as owner and fee payer, with the limit its asset asks for and the speed's price. */
async function signSolanaTransfer(transfer: TransferToSign): Promise<SignedTransaction> {
  const owner = await createKeyPairSignerFromPrivateKeyBytes(hexToBytes(transfer.privateKeyHex));
  if (owner.address !== transfer.from) throw new Error(`the key does not sign for ${transfer.from}`);
  const blockhash = (transfer.recentBlockhash ?? derivedBlockhash(transfer)) as Blockhash;
  const units = transfer.asset?.transferGas ?? coinTransferGas(transfer.network.id);
  return signSolanaMessage(owner, blockhash, { units, microLamports: transfer.gasPriceWei }, [await referencedTransferInstruction(transfer, owner)]);
}

/** What a Solana grant asks for: a SOL transfer, or creating the recipient's token account and minting into it. */
export const SOLANA_GRANT_COMPUTE_UNITS = { coin: 1_000n, token: 40_000n } as const;

/**
 * Test funds from the treasury on the Solana runtime (issue 50, item 1): lamports by the system program, or a token
 * minted into the recipient's associated token account, created first if need be (the treasury pays its rent). The
 * treasury pays the signature's fee and no priority fee; `reference` keeps two equal grants two transactions.
 */
export async function signSolanaGrant(grant: {
  treasuryKeyHex: string;
  to: string;
  units: bigint;
  token?: { mint: string; decimals: number } | undefined;
  recentBlockhash: string;
  reference: string;
}): Promise<SignedTransaction> {
  const treasury = await createKeyPairSignerFromPrivateKeyBytes(hexToBytes(grant.treasuryKeyHex));
  const referenced = (instruction: SolanaInstruction): SolanaInstruction => ({
    ...instruction,
    accounts: [...(instruction.accounts ?? []), { address: address(grant.reference), role: AccountRole.READONLY }],
  });
  const blockhash = grant.recentBlockhash as Blockhash;
  if (!grant.token) {
    const transfer = getTransferSolInstruction({ source: treasury, destination: address(grant.to), amount: grant.units });
    return signSolanaMessage(treasury, blockhash, { units: SOLANA_GRANT_COMPUTE_UNITS.coin, microLamports: 0n }, [referenced(transfer)]);
  }
  const mint = address(grant.token.mint);
  const create = await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: treasury, owner: address(grant.to), mint });
  const token = address(await associatedTokenAddress(grant.to, mint));
  const mintTo = getMintToCheckedInstruction({ mint, token, mintAuthority: treasury, amount: grant.units, decimals: grant.token.decimals });
  return signSolanaMessage(treasury, blockhash, { units: SOLANA_GRANT_COMPUTE_UNITS.token, microLamports: 0n }, [create, referenced(mintTo)]);
}

/** A stored Solana wire transaction with one signature, split into what a verifier needs. */
export function decodeSolanaWireTransaction(raw: string): { signature: Uint8Array; message: Uint8Array } {
  const transaction = getTransactionDecoder().decode(base64.decode(raw));
  const signatures = Object.values(transaction.signatures);
  const [signature] = signatures;
  if (signatures.length !== 1 || !signature) throw new Error('not a one-signature Solana transaction');
  return { signature: Uint8Array.from(signature), message: Uint8Array.from(transaction.messageBytes) };
}
