/**
 * The public explorer's pieces: search, live feed, latest transactions and blocks, network figures, address and block
 * pages, signed transactions, a real chain's figures (nonce, gas, decoded token calls) and replaced transactions.
 */
export { useExplorerAddress } from './api/get-address.ts';
export { readBlockAddress, useExplorerBlock } from './api/get-block.ts';
export { AddressHeader, AddressNetworks } from './components/address-details.tsx';
export { AddressLabel, AddressLink } from './components/address-link.tsx';
export { BlockFacts, BlockNavigation, emptyBlockText } from './components/block-details.tsx';
export { ChainFactsCard } from './components/chain-facts-card.tsx';
export { ExplorerPageHeader } from './components/explorer-page-header.tsx';
export { ExplorerSearch } from './components/explorer-search.tsx';
export { ExplorerTransactionList } from './components/explorer-transaction-list.tsx';
export { LatestBlocks } from './components/latest-blocks.tsx';
export { LatestTransactions } from './components/latest-transactions.tsx';
export { NetworkFilter, networkFromSearch } from './components/network-filter.tsx';
export { NetworkStats } from './components/network-stats.tsx';
export { PagedTransactionList } from './components/paged-transaction-list.tsx';
export { ReplacedTransaction } from './components/replaced-transaction.tsx';
export { ReplacementNotice } from './components/replacement-notice.tsx';
export { SignedTransactionCard } from './components/signed-transaction-card.tsx';
export { applyExplorerBlock, applyExplorerTransaction } from './live/apply-explorer-event.ts';
export type { FeedState } from './live/explorer-socket.ts';
export { useExplorerFeed } from './live/use-explorer-feed.ts';
