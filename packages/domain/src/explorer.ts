import type { ExplorerBlockSummary, ExplorerListItem } from './explorer-schemas.ts';
import type { NetworkId } from './networks.ts';

/**
 * The public explorer's API and its realtime channel (decision 009): only what a chain shows — hashes, networks,
 * assets, amounts, addresses, fees, statuses, blocks. Never an email, a name, a user id, a currency preference
 * or an alert. The one exception is the public label of a simulated participant of the demo network, which is
 * not a person (like an explorer's tag on a known contract). Every list is paged with a hard cap.
 */

export const EXPLORER_LIMITS = {
  /** Rows per page of an address's or a block's transactions. */
  pageDefault: 25,
  pageMax: 100,
  /** The home page's latest transactions (all networks or one). */
  latestDefault: 20,
  latestMax: 50,
  /** The home page's latest blocks per network. */
  blocksDefault: 8,
  blocksMax: 25,
  /** A search query: a hash or an address, never longer. */
  queryChars: 128,
  cursorChars: 200,
  /** Network figures count the transactions of this last window. */
  statsWindowMs: 60_000,
  /**
   * An address page counts its transactions up to this many (each of them is read: a busy address's exact count
   * would cost a read of every row it ever had); past it the count reads as this many, marked capped ("1,000+").
   */
  addressCountMax: 1_000,
} as const;

/** The public channel's namespace: anyone may connect, no cookie is read. */
export const EXPLORER_REALTIME_NAMESPACE = '/explorer';

/** Events on the public channel: chain data only. */
export interface ExplorerRealtimeEvents {
  /** A transaction was sent, entered a block, or was replaced (its new state; `replaces` names the hash it replaced). */
  explorer_transaction: { transaction: ExplorerListItem; replaces?: string };
  /** A block included transactions (its summary as it now stands). */
  explorer_block: { block: ExplorerBlockSummary };
}

// ---- Speed-up: a pending transaction replaced by the same transfer at a faster speed (EVM networks). ----

/** The networks where a pending transaction can be sped up: EVM replacement by nonce. Solana has no mempool to replace in. */
export const SPEED_UP_NETWORKS: readonly NetworkId[] = ['eth_sepolia', 'polygon_amoy'];

/**
 * A replacement must pay at least this much more per unit of gas than what it replaces (the 10 % bump Ethereum
 * clients ask before they accept a replacement with the same nonce), in per-mille.
 */
export const SPEED_UP_MIN_BUMP_PER_MILLE = 100n;
