import { AccountState, TOKEN_PROGRAM_ADDRESS, getMintDecoder, getMintEncoder, getTokenDecoder, getTokenEncoder } from '@solana-program/token';
import { type Address, address, getCompiledTransactionMessageDecoder, getTransactionDecoder, lamports } from '@solana/kit';
import { base64 } from '@scure/base';
import { LiteSVM } from 'litesvm';
import { associatedTokenAddress } from './signing.ts';

/**
 * Solana Devnet on the real Solana runtime (issue 50, decision 051): LiteSVM, in-process, in the chain clock's leader.
 * It checks each transaction's signature, blockhash and balances and runs the system, compute-budget and SPL token
 * programs as a cluster does. It has no clock of its own: slots move when the leader says so.
 */

const SYSTEM_PROGRAM = address('11111111111111111111111111111111');

/** What the runtime did with one transaction. */
export type Execution =
  /** Included and executed: `fee` lamports charged, the transfer made. */
  | { outcome: 'executed'; fee: bigint; computeUnits: bigint }
  /** Included but failed in a program: the fee charged, the transfer undone. */
  | { outcome: 'failed'; fee: bigint; reason: string }
  /** Never included (a bad signature, an expired blockhash, no lamports for the fee): nothing charged, nothing moved. */
  | { outcome: 'refused'; reason: string };

/** The runtime's errors in words; anything else is named as the runtime names it. */
const REASONS: Record<string, string> = {
  BlockhashNotFound: 'its blockhash has expired',
  AlreadyProcessed: 'the same transaction was already processed',
  SignatureFailure: 'its signature does not verify',
  AccountNotFound: 'the fee payer has no lamports',
  InsufficientFundsForFee: 'the fee payer cannot pay the fee',
  'InstructionError(2, Custom(1))': 'the sender has too little to send it',
};

function reasonOf(error: string, outcome: 'failed' | 'refused'): string {
  const rent = /^InsufficientFundsForRent/.test(error) ? 'an account would be left below its rent-exempt minimum' : undefined;
  const words = rent ?? REASONS[error] ?? error;
  return outcome === 'refused' ? `Refused by the Solana runtime: ${words} (${error})` : `Failed on the Solana runtime: ${words} (${error})`;
}

/** The runtime's own name for a failure, from its description ("…{ err: BlockhashNotFound, meta: …"). */
function errorNameOf(description: string): string {
  return /err: (.*?), meta:/.exec(description)?.[1] ?? 'unknown error';
}

export interface TokenMint {
  address: string;
  decimals: number;
}

export interface SolanaRuntime {
  /** The blockhash a transaction must carry to be accepted: only the latest (decision 051). */
  latestBlockhash(): string;
  slot(): bigint;
  /** Moves the clock to `slot` (never back). */
  warpToSlot(slot: bigint): void;
  /** Executes a signed wire transaction (base64). */
  execute(raw: string): Execution;
  /** A new blockhash; the one before is refused from now on. Deterministic: a snapshot's next one is always the same. */
  expireBlockhash(): string;
  toBytes(): Uint8Array;
  lamportsOf(owner: string): bigint;
  /** The owner's balance of the mint's token, in its associated token account (0 without one). */
  tokenUnitsOf(owner: string, mint: string): Promise<bigint>;
  /** Sets an account's lamports and, for each mint, its associated token account's balance (a book adopted at genesis). */
  setBalances(owner: string, lamportUnits: bigint, tokens: readonly { mint: string; units: bigint }[]): Promise<void>;
}

function runtimeOver(svm: LiteSVM): SolanaRuntime {
  const lamportsAt = (at: Address): bigint => svm.getBalance(at) ?? 0n;
  const place = (at: Address, data: Uint8Array, owner: Address) =>
    svm.setAccount({ address: at, lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))), programAddress: owner, executable: false, data, space: BigInt(data.length) });

  const runtime: SolanaRuntime = {
    latestBlockhash: () => svm.latestBlockhash(),
    slot: () => svm.getClock().slot,
    warpToSlot(slot) {
      if (slot > svm.getClock().slot) svm.warpToSlot(slot);
    },
    execute(raw) {
      const transaction = getTransactionDecoder().decode(base64.decode(raw));
      const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
      const accounts = message.staticAccounts;
      const before = accounts.reduce((sum, at) => sum + lamportsAt(at), 0n);
      const result = svm.sendTransaction(transaction);
      // The fee is what left the transaction's accounts: the runtime charges it and pays it to nobody here.
      const fee = before - accounts.reduce((sum, at) => sum + lamportsAt(at), 0n);
      if (!('err' in result)) return { outcome: 'executed', fee, computeUnits: result.computeUnitsConsumed() };
      const error = errorNameOf(result.toString());
      return fee > 0n ? { outcome: 'failed', fee, reason: reasonOf(error, 'failed') } : { outcome: 'refused', reason: reasonOf(error, 'refused') };
    },
    expireBlockhash() {
      svm.expireBlockhash();
      return svm.latestBlockhash();
    },
    toBytes: () => svm.toBytes(),
    lamportsOf: (owner) => lamportsAt(address(owner)),
    async tokenUnitsOf(owner, mint) {
      const account = svm.getAccount(address(await associatedTokenAddress(owner, mint)));
      return account.exists ? getTokenDecoder().decode(account.data).amount : 0n;
    },
    async setBalances(owner, lamportUnits, tokens) {
      svm.setAccount({ address: address(owner), lamports: lamports(lamportUnits), programAddress: SYSTEM_PROGRAM, executable: false, data: new Uint8Array(), space: 0n });
      for (const token of tokens) {
        const mint = address(token.mint);
        const at = address(await associatedTokenAddress(owner, mint));
        const previous = await runtime.tokenUnitsOf(owner, mint);
        const account = { mint, owner: address(owner), amount: token.units, delegate: null, state: AccountState.Initialized, isNative: null, delegatedAmount: 0n, closeAuthority: null };
        place(at, Uint8Array.from(getTokenEncoder().encode(account)), TOKEN_PROGRAM_ADDRESS);
        const mintAccount = svm.getAccount(mint);
        if (!mintAccount.exists) throw new Error(`no mint at ${token.mint}`);
        const decoded = getMintDecoder().decode(mintAccount.data);
        place(mint, Uint8Array.from(getMintEncoder().encode({ ...decoded, supply: decoded.supply - previous + token.units })), TOKEN_PROGRAM_ADDRESS);
      }
    },
  };
  return runtime;
}

export interface GenesisOptions {
  /** The treasury: it pays grants' fees and rent, and is the authority of every mint. */
  treasury: string;
  treasuryLamports: bigint;
  /** Test tokens as SPL mints at their registry addresses (Circle's devnet USDC), as a cluster has them. */
  mints: readonly TokenMint[];
}

/** A fresh runtime: the programs built in, the treasury's float, each mint with the treasury as its authority. */
export function genesisRuntime(options: GenesisOptions): SolanaRuntime {
  const svm = new LiteSVM();
  const treasury = address(options.treasury);
  svm.setAccount({ address: treasury, lamports: lamports(options.treasuryLamports), programAddress: SYSTEM_PROGRAM, executable: false, data: new Uint8Array(), space: 0n });
  for (const mint of options.mints) {
    const data = Uint8Array.from(getMintEncoder().encode({ mintAuthority: treasury, supply: 0n, decimals: mint.decimals, isInitialized: true, freezeAuthority: null }));
    svm.setAccount({ address: address(mint.address), lamports: lamports(svm.minimumBalanceForRentExemption(BigInt(data.length))), programAddress: TOKEN_PROGRAM_ADDRESS, executable: false, data, space: BigInt(data.length) });
  }
  return runtimeOver(svm);
}

/** A runtime restored from `toBytes()`: accounts, clock, blockhash and the transactions it has seen. */
export function runtimeFromBytes(bytes: Uint8Array): SolanaRuntime {
  return runtimeOver(LiteSVM.fromBytes(bytes));
}
