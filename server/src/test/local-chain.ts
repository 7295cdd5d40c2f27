import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createWalletClient, type Hex, http, parseAbi } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { NetworkId } from '@fincrypt/domain';
import { type Chain, type Chains, solanaChainFrom } from '../chain/chains.ts';
import { type EvmChain } from '../chain/evm-chains.ts';
import { usdcAddressOn } from '../chain/local-chain-setup.ts';
import type { LocalNode } from '../chain/local-node.ts';
import { startPreparedLocalChain, treasuryKeyFrom } from '../chain/start-evm-chains.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { type IndexStepResult, indexStep } from '../payments/chain-indexer.ts';

/**
 * A local Anvil for one EVM network, its treasury funded and test USDC in place, that mines only when told (`mine`),
 * or every `blockTimeSeconds` when given.
 */
export interface TestChain {
  node: LocalNode;
  chain: EvmChain;
  /** Mines `blocks` blocks (anvil_mine): the pool's transactions go into the first. */
  mine(blocks?: number): Promise<void>;
  /** A node admin or any other JSON-RPC method. */
  request(method: string, params?: unknown[]): Promise<unknown>;
  /** Until the node's pool or chain holds every one of `hashes` (the hand-over after a commit does not wait for it). */
  untilKnown(hashes: readonly string[]): Promise<void>;
  stop(): Promise<void>;
}

type TestChainNetwork = 'eth_sepolia' | 'polygon_amoy';

export async function startTestChain(
  network: TestChainNetwork = 'eth_sepolia',
  options: { blockTimeSeconds?: number; treasuryKeyHex?: string } = {},
): Promise<TestChain> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-chain-'));
  const { node, chain } = await startPreparedLocalChain(network, {
    stateFile: path.join(stateDir, `${network}.json`),
    treasuryKeyHex: options.treasuryKeyHex ?? randomBytes(32).toString('hex'),
    ...(options.blockTimeSeconds === undefined ? {} : { blockTimeSeconds: options.blockTimeSeconds }),
  });
  const request = (method: string, params: unknown[] = []) => chain.client.request({ method: method as never, params: params as never });
  if (options.blockTimeSeconds === undefined) await request('evm_setAutomine', [false]);
  return {
    node,
    chain,
    request,
    mine: async (blocks = 1) => void (await request('anvil_mine', [`0x${blocks.toString(16)}`])),
    untilKnown: async (hashes) => {
      for (let attempt = 0; attempt < 200; attempt++) {
        const known = await Promise.all(hashes.map((hash) => chain.client.getTransaction({ hash: hash as Hex }).catch(() => null)));
        if (known.every((transaction) => transaction !== null)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error(`the node never received ${hashes.join(', ')}`);
    },
    stop: async () => {
      await node.stop();
      fs.rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** Test USDC the stand-in treasury holds, as Circle's faucet would have given it (1,000,000 USDC). */
const STAND_IN_TREASURY_USDC = 1_000_000_000_000n;

/**
 * A local node standing in for a testnet reached by URL (SEPOLIA_RPC_URL, AMOY_RPC_URL), mining every
 * `blockTimeSeconds`: the treasury of `treasurySecret` (CHAIN_TREASURY_SECRET) funded as from the public faucets,
 * the coin and test USDC, since the app sends grants there by transfer and never calls a node's admin methods.
 */
async function startStandInTestnet(network: TestChainNetwork, treasurySecret: string, blockTimeSeconds: number): Promise<TestChain> {
  const testChain = await startTestChain(network, { blockTimeSeconds, treasuryKeyHex: treasuryKeyFrom(treasurySecret) });
  const treasury = privateKeyToAccount(`0x${testChain.chain.treasury.privateKeyHex}`);
  const wallet = createWalletClient({ account: treasury, transport: http(testChain.chain.url, { retryCount: 0 }) });
  try {
    const hash = await wallet.writeContract({
      chain: null,
      address: usdcAddressOn(network),
      abi: parseAbi(['function mint(address to, uint256 amount)']),
      functionName: 'mint',
      args: [treasury.address, STAND_IN_TREASURY_USDC],
    });
    await testChain.chain.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    return testChain;
  } catch (error) {
    await testChain.stop();
    throw error;
  }
}

export interface StandInTestnets {
  /** A server process's settings for them: CHAIN=local, both nodes named by URL, the treasury's secret. */
  env: Record<string, string>;
  /** Both nodes, and Solana Devnet's runtime, which the processes keep in the database (compared as ledger:check does). */
  chains: Chains;
  stop(): Promise<void>;
}

/**
 * Both EVM networks on stand-in testnets (a Sepolia block every 0.5 s, an Amoy block every 0.25 s), as several server
 * processes on one database must share them (docs/operations.md).
 */
export async function startStandInTestnets(): Promise<StandInTestnets> {
  const treasurySecret = randomBytes(32).toString('hex');
  const sepolia = await startStandInTestnet('eth_sepolia', treasurySecret, 0.5);
  const amoy = await startStandInTestnet('polygon_amoy', treasurySecret, 0.25).catch(async (error: unknown) => {
    await sepolia.stop();
    throw error;
  });
  return {
    env: { CHAIN: 'local', SEPOLIA_RPC_URL: sepolia.chain.url, AMOY_RPC_URL: amoy.chain.url, CHAIN_TREASURY_SECRET: treasurySecret },
    chains: new Map<NetworkId, Chain>([
      [sepolia.chain.network, sepolia.chain],
      [amoy.chain.network, amoy.chain],
      ['solana_devnet', solanaChainFrom('solana_devnet', treasurySecret)],
    ]),
    stop: async () => void (await Promise.all([sepolia.stop(), amoy.stop()])),
  };
}

/** Index steps until the indexer has caught up with the node; what they did, added up. */
export async function indexAll(db: Db, chain: EvmChain, events: EventBus): Promise<IndexStepResult> {
  const total: IndexStepResult = { blocks: 0, booked: 0 };
  for (;;) {
    const step = await indexStep(db, chain, events);
    total.blocks += step.blocks;
    total.booked += step.booked;
    if (step.rolledBackFrom !== undefined) total.rolledBackFrom = step.rolledBackFrom;
    if (step.blocks === 0 && step.rolledBackFrom === undefined) return total;
  }
}
