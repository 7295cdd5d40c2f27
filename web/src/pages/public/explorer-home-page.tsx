import { useSearchParams } from 'react-router';
import { ExplorerSearch, LatestBlocks, LatestTransactions, NetworkFilter, NetworkStats, networkFromSearch, useExplorerFeed } from '../../features/explorer/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

/**
 * The public explorer's home: one search box, a network filter (kept in `?network=`), the latest transactions
 * arriving live, each network's latest blocks and its figures over the last minute. No sign-in needed.
 */
export default function ExplorerHomePage() {
  usePageTitle('Explorer');
  const [searchParams, setSearchParams] = useSearchParams();
  const network = networkFromSearch(searchParams.get('network'));
  const feed = useExplorerFeed();

  return (
    <section className="mx-auto max-w-6xl space-y-8">
      <header className="space-y-4">
        <div>
          <p className="text-sm font-medium text-indigo-700 dark:text-indigo-300">FinCrypt Explorer</p>
          <h1 className="text-3xl font-bold">Explore the test networks</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-300">
            Every transfer on Ethereum Sepolia, Polygon Amoy and Solana Devnet as the chain shows it: hashes, addresses, amounts, fees
            and blocks. Nothing about who owns an address.
          </p>
        </div>
        <ExplorerSearch />
        <NetworkFilter
          value={network}
          onChange={(next) => setSearchParams(next ? { network: next } : {}, { replace: true, preventScrollReset: true })}
        />
      </header>
      <NetworkStats network={network} />
      <LatestTransactions network={network} feed={feed} />
      <LatestBlocks network={network} feed={feed} />
    </section>
  );
}
