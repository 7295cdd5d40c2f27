import type { FastifyBaseLogger } from 'fastify';
import type { EvmChains } from '../chain/evm-chains.ts';
import type { Db } from '../db/database.ts';
import type { EventBus } from '../lib/event-bus.ts';
import { indexStep } from './chain-indexer.ts';
import { outboxPass } from './chain-outbox.ts';

/** The outbox looks for transactions its node lost at most this often. */
export const OUTBOX_INTERVAL_MS = 1_000;

export interface ChainSyncOptions {
  chains: EvmChains;
  events: EventBus;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * What the chain clock's leader does for each network on a real node, once per tick (decision 047): index the new
 * blocks, and now and then hand the node again what it lost. A node that is down holds up its own network only; it
 * is reported when it stops answering and when it answers again, not on every tick.
 */
export function createChainSync({ chains, events, log }: ChainSyncOptions) {
  const lastOutboxMs = new Map<string, number>();
  const failing = new Set<string>();

  async function syncOne(db: Db, network: string): Promise<void> {
    const chain = chains.get(network as never)!;
    try {
      await indexStep(db, chain, events);
      const nowMs = Date.now();
      if (nowMs - (lastOutboxMs.get(network) ?? 0) >= OUTBOX_INTERVAL_MS) {
        lastOutboxMs.set(network, nowMs);
        await outboxPass(db, chain, events, nowMs);
      }
      if (failing.delete(network)) log.info({ network }, 'the chain node answers again');
    } catch (error) {
      if (!failing.has(network)) log.warn({ err: error, network }, 'the chain node or its index failed; trying again each tick');
      failing.add(network);
    }
  }

  return {
    /** One pass over every network on a node, in the leader's connection. */
    async step(db: Db): Promise<void> {
      for (const network of chains.keys()) await syncOne(db, network);
    },
  };
}

export type ChainSync = ReturnType<typeof createChainSync>;
