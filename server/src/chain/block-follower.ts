import { type Hash, type PublicClient, type RpcTransactionReceipt, type Transaction, type TransactionReceipt, formatTransactionReceipt } from 'viem';

/**
 * Following an EVM chain's blocks, reorganisations included (issue 49, item 6). The chain is the truth; the
 * follower remembers the tail of what it has seen (number and hash) and, on each step, finds where that tail
 * still agrees with the chain. A block whose hash changed — a node restarted from an older state, a test's
 * evm_revert, a real reorganisation — is rolled back with everything after it, and the chain's blocks from there are
 * read again. The indexer stores the tail and applies each step's roll-back and new blocks in one transaction.
 */

/** A block as the follower remembers it. */
export interface SeenBlock {
  number: bigint;
  hash: Hash;
  parentHash: Hash;
}

/** A new block with what the indexer needs from it: its transactions (value, nonce) and their receipts (status, gas used, price, logs). */
export interface FollowedBlock extends SeenBlock {
  timestamp: bigint;
  gasLimit: bigint;
  gasUsed: bigint;
  baseFeePerGas: bigint | null;
  transactions: Transaction[];
  receipts: TransactionReceipt[];
}

export interface FollowStep {
  /** The first block number that is no longer the chain's: every block from it on is to be undone. */
  rolledBackFrom?: bigint;
  /** The chain's blocks after the agreed tail, oldest first. */
  added: FollowedBlock[];
}

/** How many blocks one step reads at most, so a long way behind is caught up in bounded steps. */
export const MAX_BLOCKS_PER_STEP = 100;
/** How many blocks the tail keeps: far more than 12 confirmations, so any reorganisation a node makes is found. */
export const TAIL_BLOCKS = 128;

async function blockAt(client: PublicClient, number: bigint): Promise<FollowedBlock | undefined> {
  const block = await client.getBlock({ blockNumber: number, includeTransactions: true }).catch((error: unknown) => {
    if (error instanceof Error && error.name === 'BlockNotFoundError') return undefined;
    throw error;
  });
  if (!block?.hash) return undefined;
  // One call for the block's receipts (eth_getBlockReceipts: Anvil and the testnet providers answer it).
  const receipts =
    block.transactions.length === 0
      ? []
      : ((await client.request({ method: 'eth_getBlockReceipts' as never, params: [`0x${number.toString(16)}`] as never })) as RpcTransactionReceipt[]).map(
          (receipt) => formatTransactionReceipt(receipt),
        );
  return {
    number,
    hash: block.hash,
    parentHash: block.parentHash,
    timestamp: block.timestamp,
    gasLimit: block.gasLimit,
    gasUsed: block.gasUsed,
    baseFeePerGas: block.baseFeePerGas ?? null,
    transactions: block.transactions,
    receipts,
  };
}

/**
 * Where the remembered tail (oldest first) last agrees with the chain: the number after the newest remembered block
 * whose hash is still the chain's at its height. Nothing agrees: the whole tail is rolled back.
 */
async function firstDisagreement(client: PublicClient, tail: readonly SeenBlock[]): Promise<bigint | undefined> {
  for (let index = tail.length - 1; index >= 0; index--) {
    const seen = tail[index]!;
    const onChain = await client.getBlock({ blockNumber: seen.number }).catch(() => undefined);
    if (onChain?.hash === seen.hash) return index === tail.length - 1 ? undefined : seen.number + 1n;
  }
  return tail[0]?.number;
}

/**
 * One step: the roll-back the chain asks for, if any, and up to MAX_BLOCKS_PER_STEP blocks after the agreed tail.
 * With nothing remembered it starts at `startAt`. A block whose parent is not the block before it (the chain
 * moved while the step read) ends the step there; the next step finds the disagreement.
 */
export async function followStep(client: PublicClient, tail: readonly SeenBlock[], startAt: bigint): Promise<FollowStep> {
  const rolledBackFrom = await firstDisagreement(client, tail);
  const kept = rolledBackFrom === undefined ? tail : tail.filter((block) => block.number < rolledBackFrom);
  const head = await client.getBlockNumber({ cacheTime: 0 });
  const from = kept.length > 0 ? kept.at(-1)!.number + 1n : (rolledBackFrom ?? startAt);
  const added: FollowedBlock[] = [];
  let parent = kept.at(-1)?.hash;
  // Every block of the step asked for at once (one JSON-RPC batch), then taken in order while each follows the last.
  const count = head < from ? 0 : Math.min(MAX_BLOCKS_PER_STEP, Number(head - from + 1n));
  const fetched = await Promise.all(Array.from({ length: count }, (_, index) => blockAt(client, from + BigInt(index))));
  for (const block of fetched) {
    if (!block || (parent !== undefined && block.parentHash !== parent)) break;
    added.push(block);
    parent = block.hash;
  }
  return rolledBackFrom === undefined ? { added } : { rolledBackFrom, added };
}

/** The tail after a step: what was kept, then the new blocks, at most TAIL_BLOCKS of them. */
export function tailAfter(tail: readonly SeenBlock[], step: FollowStep): SeenBlock[] {
  const kept = step.rolledBackFrom === undefined ? tail : tail.filter((block) => block.number < step.rolledBackFrom!);
  const seen = [...kept, ...step.added.map(({ number, hash, parentHash }) => ({ number, hash, parentHash }))];
  return seen.slice(-TAIL_BLOCKS);
}
