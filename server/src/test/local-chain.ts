import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Hex } from 'viem';
import type { EvmChain } from '../chain/evm-chains.ts';
import type { LocalNode } from '../chain/local-node.ts';
import { startPreparedLocalChain } from '../chain/start-evm-chains.ts';
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

export async function startTestChain(network: 'eth_sepolia' | 'polygon_amoy' = 'eth_sepolia', options: { blockTimeSeconds?: number } = {}): Promise<TestChain> {
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-chain-'));
  const { node, chain } = await startPreparedLocalChain(network, {
    stateFile: path.join(stateDir, `${network}.json`),
    treasuryKeyHex: randomBytes(32).toString('hex'),
    ...options,
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
