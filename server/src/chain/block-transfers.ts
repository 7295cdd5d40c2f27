import { type NetworkId, listAssets } from '@fincrypt/domain';
import { type Address, type Hash, decodeEventLog, erc20Abi, getAddress } from 'viem';
import type { FollowedBlock } from './block-follower.ts';

/**
 * What a block moved, as the indexer books it (issue 49, items 6 and 7): each successful transaction's coin value
 * and each Transfer event of a registry token, from and to whom. The indexer keeps those that touch one of our
 * addresses: a payment of ours included, or money that arrived from a client outside the app.
 */

export interface ChainTransfer {
  hash: Hash;
  /** The asset's symbol on the network: its coin, or a registry token found by its contract. */
  asset: string;
  from: Address;
  to: Address;
  /** In the asset's smallest unit. */
  amountUnits: bigint;
  /** The Transfer event's place in the block (a token); null for the coin a transaction carries. */
  logIndex: number | null;
}

/** What including a transaction cost its sender and how it ended: the receipt's figures, never an estimate. */
export interface IncludedTransaction {
  hash: Hash;
  blockNumber: bigint;
  /** 'reverted': the node included it, charged its fee, and undid everything else it did. */
  status: 'success' | 'reverted';
  /** Gas used × effective gas price, in the coin's smallest unit. */
  feeUnits: bigint;
}

/** The registry's tokens on the network, by contract address (lower case). */
function tokensOf(network: NetworkId): Map<string, string> {
  return new Map(
    listAssets(network).flatMap((asset) => (asset.kind === 'token' && asset.address ? [[asset.address.toLowerCase(), asset.symbol] as const] : [])),
  );
}

/** Every transaction of the block with its receipt's outcome and fee. */
export function includedTransactions(block: FollowedBlock): IncludedTransaction[] {
  return block.receipts.map((receipt) => ({
    hash: receipt.transactionHash,
    blockNumber: block.number,
    status: receipt.status,
    feeUnits: receipt.gasUsed * receipt.effectiveGasPrice,
  }));
}

/** The coin the block's successful transactions carried, in block order, then the registry tokens their events moved, in log order. */
export function transfersIn(block: FollowedBlock, network: NetworkId, coinSymbol: string): ChainTransfer[] {
  const tokens = tokensOf(network);
  const succeeded = new Set(block.receipts.filter((receipt) => receipt.status === 'success').map((receipt) => receipt.transactionHash));
  const transfers: ChainTransfer[] = [];
  for (const transaction of block.transactions) {
    if (!succeeded.has(transaction.hash) || transaction.to === null || transaction.value === 0n) continue;
    transfers.push({ hash: transaction.hash, asset: coinSymbol, from: getAddress(transaction.from), to: getAddress(transaction.to), amountUnits: transaction.value, logIndex: null });
  }
  for (const receipt of block.receipts) {
    if (receipt.status !== 'success') continue;
    for (const log of receipt.logs) {
      const symbol = tokens.get(log.address.toLowerCase());
      if (symbol === undefined) continue;
      const event = decodeTransfer(log);
      if (event) transfers.push({ hash: receipt.transactionHash, asset: symbol, ...event, logIndex: log.logIndex });
    }
  }
  return transfers;
}

/** An ERC-20 Transfer(from, to, value) event, or nothing for any other event of the contract. */
function decodeTransfer(log: FollowedBlock['receipts'][number]['logs'][number]): Pick<ChainTransfer, 'from' | 'to' | 'amountUnits'> | undefined {
  try {
    const decoded = decodeEventLog({ abi: erc20Abi, data: log.data, topics: log.topics });
    if (decoded.eventName !== 'Transfer') return undefined;
    return { from: getAddress(decoded.args.from), to: getAddress(decoded.args.to), amountUnits: decoded.args.value };
  } catch {
    return undefined;
  }
}
