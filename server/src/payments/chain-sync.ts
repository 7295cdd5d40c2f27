import type { NetworkId } from '@fincrypt/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Chains } from '../chain/chains.ts';
import type { EvmChain } from '../chain/evm-chains.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { indexStep } from './chain-indexer.ts';
import { outboxPass } from './chain-outbox.ts';
import { createSolanaExecutor } from './solana-executor.ts';

/** The outbox looks for transactions its node lost at most this often. */
export const OUTBOX_INTERVAL_MS = 1_000;

export interface ChainSyncOptions {
  chains: Chains;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Chain time runs this many times faster than the wall clock (the Solana runtime's slots). */
  timeScale: number;
}

/**
 * What the chain clock's leader does for each network on a real chain, once per tick (decisions 047 and 052): on a node,
 * index the new blocks, and now and then hand the node again what it lost; on the Solana runtime, execute what the book
 * committed. A chain that fails holds up its own network only; it is reported when it stops answering and when it
 * answers again, not on every tick.
 */
export function createChainSync({ chains, events, log, timeScale }: ChainSyncOptions) {
  const lastOutboxMs = new Map<string, number>();
  const failing = new Set<string>();
  const executors = new Map(
    [...chains.values()].flatMap((chain) => (chain.family === 'solana' ? [[chain.network, createSolanaExecutor({ chain, events, timeScale })] as const] : [])),
  );

  async function syncOne(db: Db, network: NetworkId): Promise<void> {
    const chain = chains.get(network)!;
    try {
      if (chain.family === 'solana') await executors.get(network)!.step(db);
      else await syncNode(db, chain);
      if (failing.delete(network)) log.info({ network }, 'the chain answers again');
    } catch (error) {
      if (!failing.has(network)) log.warn({ err: error, network }, 'the chain, its index or its runtime failed; trying again each tick');
      failing.add(network);
    }
  }

  return {
    /** One pass over every network on a real chain, in the leader's connection. */
    async step(db: Db): Promise<void> {
      for (const network of chains.keys()) await syncOne(db, network);
    },
  };

  async function syncNode(db: Db, chain: EvmChain): Promise<void> {
    await indexStep(db, chain, events);
    const nowMs = Date.now();
    if (nowMs - (lastOutboxMs.get(chain.network) ?? 0) >= OUTBOX_INTERVAL_MS) {
      lastOutboxMs.set(chain.network, nowMs);
      await outboxPass(db, chain, events, nowMs);
    }
  }
}

export type ChainSync = ReturnType<typeof createChainSync>;
