import { listAssets } from '@fincrypt/domain';
import { eq, sql } from 'drizzle-orm';
import { type Address, type Hex, encodeAbiParameters, keccak256, numberToHex, pad } from 'viem';
import type { EvmChain } from '../chain/evm-chains.ts';
import type { Db } from '../db/database.ts';
import { chainAccounts, walletBalances, wallets } from '../db/schema.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { createChainClock } from './clock.ts';

/**
 * An install that ran on simulated chains meets its local node for the first time (decision 047): the simulated
 * chain's history becomes final (the clock takes every transaction still moving to its last confirmation), and the
 * node adopts the book as its genesis: each address's balance of every asset, and its next nonce, written with the
 * node's admin methods. Only on a local node, and only the first time the database meets the network's chain; a testnet
 * reached by URL has its own balances, funded from a faucet.
 */

/** TestUSDC is OpenZeppelin's ERC20: balances are the mapping in slot 0 and the total supply is slot 2 (chain/contracts). */
const BALANCES_SLOT = 0n;
const TOTAL_SUPPLY_SLOT = 2n;

const balanceSlotOf = (owner: Address): Hex => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, BALANCES_SLOT]));

export async function adoptBookOnLocalChain(db: Db, chain: EvmChain, events: EventBus): Promise<{ addresses: number }> {
  if (!chain.isLocal) return { addresses: 0 };
  // The treasury's nonce row is written the first time this database meets a chain of the network (chain-grants.ts).
  const [met] = await db.select({ network: chainAccounts.network }).from(chainAccounts).where(eq(chainAccounts.network, chain.network)).limit(1);
  if (met) return { addresses: 0 };
  // A day ahead: every simulated transaction of the network has all its confirmations by then.
  await createChainClock({ db, events, timeScale: 1, networks: [chain.network] }).tick(Date.now() + 24 * 60 * 60_000);

  const rows = await db
    .select({ address: wallets.address, asset: walletBalances.asset, units: sql<string>`sum(${walletBalances.balance})::text`, nonce: sql<number>`max(${wallets.nextNonce})::int` })
    .from(walletBalances)
    .innerJoin(wallets, eq(wallets.id, walletBalances.walletId))
    .where(eq(wallets.network, chain.network))
    .groupBy(wallets.address, walletBalances.asset);
  const request = (method: string, params: unknown[]) => chain.client.request({ method: method as never, params: params as never });
  const tokens = new Map(listAssets(chain.network).flatMap((asset) => (asset.kind === 'token' && asset.address ? [[asset.symbol, asset.address as Address]] : [])));
  const supply = new Map<Address, bigint>();
  for (const row of rows) {
    const owner = row.address as Address;
    const units = BigInt(row.units);
    const token = tokens.get(row.asset);
    if (token === undefined) {
      await request('anvil_setBalance', [owner, numberToHex(units)]);
      await request('anvil_setNonce', [owner, numberToHex(row.nonce)]);
      continue;
    }
    await request('anvil_setStorageAt', [token, balanceSlotOf(owner), pad(numberToHex(units))]);
    supply.set(token, (supply.get(token) ?? 0n) + units);
  }
  for (const [token, units] of supply) {
    const current = BigInt(await chain.client.getStorageAt({ address: token, slot: numberToHex(TOTAL_SUPPLY_SLOT) }) ?? '0x0');
    await request('anvil_setStorageAt', [token, numberToHex(TOTAL_SUPPLY_SLOT, { size: 32 }), pad(numberToHex(current + units))]);
  }
  return { addresses: new Set(rows.map((row) => row.address)).size };
}
