import { randomUUID } from 'node:crypto';
import { gasPriceWei, type Asset, type Network } from '@fincrypt/domain';
import { and, eq, sql } from 'drizzle-orm';
import { encodeFunctionData, erc20Abi, keccak256, parseAbi, type Address } from 'viem';
import { signTransaction } from 'viem/accounts';
import type { Chain, SolanaChain } from '../chain/chains.ts';
import type { EvmChain } from '../chain/evm-chains.ts';
import { generateKeyPair } from '../chain/keys.ts';
import { SOLANA_GRANT_COMPUTE_UNITS, signSolanaGrant } from '../chain/signing.ts';
import type { Db } from '../db/database.ts';
import { chainAccounts } from '../db/schema.ts';
import { lockSolanaBlockhash } from './solana-state.ts';
import { type TransactionRow, WITHOUT_QUOTE_OR_VALUE } from './views.ts';

/**
 * Test funds on a real chain (issue 49, item 4; issue 50): the treasury sends the coin and, on a local node where it
 * is test USDC's minter or on the Solana runtime, mints the token; on a testnet reached by URL it transfers USDC it
 * holds. Each grant is a signed transaction in the book as a pending `mint` row with its raw bytes, which the outbox
 * hands to the node (or the leader's runtime executes) and the book confirms like any send. The treasury pays the fee,
 * outside the book.
 */

/** Gas offered for a grant: a coin transfer uses 21,000, a first mint or transfer to an address about 51,000. */
const GRANT_GAS = { coin: 21_000n, token: 100_000n } as const;

/** TestUSDC's mint (chain/contracts/TestUSDC.sol), which only its minter, the treasury, may call. */
const MINT_ABI = parseAbi(['function mint(address to, uint256 amount)']);

export interface Grant {
  asset: Asset;
  units: bigint;
}

/** The treasury's next nonce, locked for this transaction; the row is created from the chain's count on first use. */
async function lockTreasuryNonce(tx: Db, chain: EvmChain): Promise<number> {
  const key = and(eq(chainAccounts.network, chain.network), eq(chainAccounts.address, chain.treasury.address));
  const [row] = await tx.select({ nextNonce: chainAccounts.nextNonce }).from(chainAccounts).where(key).for('update');
  if (!row) throw new Error(`the treasury of ${chain.network} has no nonce row: startEvmChains creates it`);
  return row.nextNonce;
}

/** Creates the treasury's nonce row at start, or moves it up to the chain's count (a treasury also used elsewhere). */
export async function syncTreasuryNonce(db: Db, chain: EvmChain): Promise<void> {
  const onChain = await chain.client.getTransactionCount({ address: chain.treasury.address, blockTag: 'pending' });
  await db
    .insert(chainAccounts)
    .values({ network: chain.network, address: chain.treasury.address, nextNonce: onChain })
    .onConflictDoUpdate({ target: [chainAccounts.network, chainAccounts.address], set: { nextNonce: sql`greatest(${chainAccounts.nextNonce}, ${onChain})` } });
}

function grantCall(chain: EvmChain, grant: Grant, to: Address): { to: Address; value: bigint; data?: `0x${string}`; gas: bigint } {
  if (grant.asset.kind !== 'token') return { to, value: grant.units, gas: GRANT_GAS.coin };
  if (!grant.asset.address) throw new Error(`${grant.asset.symbol} has no contract address`);
  const data = chain.isLocal
    ? encodeFunctionData({ abi: MINT_ABI, functionName: 'mint', args: [to, grant.units] })
    : encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, grant.units] });
  return { to: grant.asset.address as Address, value: 0n, data, gas: GRANT_GAS.token };
}

type GrantWallet = { id: string; userId: string; address: string };

/** A grant's `mint` row, pending, with the treasury's signed transaction (the treasury pays its fee outside the book). */
function grantRow(network: Network, chain: Chain, wallet: GrantWallet, grant: Grant, signed: { hash: string; raw: string; nonce: number; gasUsed: bigint }, now: Date): TransactionRow {
  return {
    ...WITHOUT_QUOTE_OR_VALUE,
    id: randomUUID(),
    hash: signed.hash,
    network: network.id,
    asset: grant.asset.symbol,
    type: 'mint',
    walletId: wallet.id,
    userId: wallet.userId,
    counterpartyWalletId: null,
    fromAddress: chain.treasury.address,
    toAddress: wallet.address,
    amount: grant.units,
    fee: 0n,
    gasUsed: signed.gasUsed,
    effectiveGasPrice: 0n,
    nonce: signed.nonce,
    speed: 'fast',
    status: 'pending',
    confirmations: 0,
    blockNumber: null,
    createdAt: now,
    includeAt: now,
    nextConfirmationAt: now,
    isSettled: false,
    rawTransaction: signed.raw,
    isOnChain: true,
  };
}

/**
 * The grants to `wallet` as signed treasury transactions, in `mint` rows ready to insert (pending): on an EVM node on
 * consecutive treasury nonces taken under the treasury row's lock, handed to the node by the outbox; on the Solana
 * runtime under the published blockhash, executed by the leader (solana-executor.ts).
 */
export async function signedGrantRows(tx: Db, chain: Chain, network: Network, wallet: GrantWallet, grants: readonly Grant[], now: Date): Promise<TransactionRow[]> {
  if (chain.family === 'solana') return solanaGrantRows(tx, chain, network, wallet, grants, now);
  let nonce = await lockTreasuryNonce(tx, chain);
  const price = gasPriceWei(network.id, 'fast', 1_000);
  const rows: TransactionRow[] = [];
  for (const grant of grants) {
    const call = grantCall(chain, grant, wallet.address as Address);
    const raw = await signTransaction({
      privateKey: `0x${chain.treasury.privateKeyHex}`,
      transaction: { type: 'eip1559', chainId: network.family === 'evm' ? network.chainId : 0, nonce, maxFeePerGas: price, maxPriorityFeePerGas: price, ...call },
    });
    rows.push(grantRow(network, chain, wallet, grant, { hash: keccak256(raw), raw, nonce, gasUsed: 0n }, now));
    nonce += 1;
  }
  await tx
    .update(chainAccounts)
    .set({ nextNonce: nonce })
    .where(and(eq(chainAccounts.network, chain.network), eq(chainAccounts.address, chain.treasury.address)));
  return rows;
}

/** Solana grants: lamports, and each token minted into the wallet's token account (created by the treasury). */
async function solanaGrantRows(tx: Db, chain: SolanaChain, network: Network, wallet: GrantWallet, grants: readonly Grant[], now: Date): Promise<TransactionRow[]> {
  const recentBlockhash = await lockSolanaBlockhash(tx, network.id);
  const rows: TransactionRow[] = [];
  for (const grant of grants) {
    const token = grant.asset.kind === 'token' && grant.asset.address ? { mint: grant.asset.address, decimals: grant.asset.decimals } : undefined;
    const reference = generateKeyPair(network).address;
    const signed = await signSolanaGrant({ treasuryKeyHex: chain.treasury.privateKeyHex, to: wallet.address, units: grant.units, token, recentBlockhash, reference });
    const gasUsed = token ? SOLANA_GRANT_COMPUTE_UNITS.token : SOLANA_GRANT_COMPUTE_UNITS.coin;
    rows.push(grantRow(network, chain, wallet, grant, { ...signed, nonce: 0, gasUsed }, now));
  }
  return rows;
}
