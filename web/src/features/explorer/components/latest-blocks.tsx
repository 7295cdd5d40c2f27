import { NETWORKS, NETWORK_IDS, type NetworkId, formatInteger, formatTime } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { explorerBlockPath } from '../../transactions/index.ts';
import { useLatestBlocks } from '../api/get-latest-blocks.ts';
import type { FeedState } from '../live/explorer-socket.ts';
import { gasUsedOfText, gweiText } from '../chain-format.ts';
import { explorerLinkClass } from './address-link.tsx';

const transactionsText = (count: number) => `${formatInteger(count)} ${count === 1 ? 'transaction' : 'transactions'}`;

/**
 * Each network's latest blocks, newest first: on a real chain every block (empty ones too) with its gas, on a simulated
 * one those that included something; `explorer_block` events keep them current.
 */
export function LatestBlocks({ network, feed }: { network: NetworkId | undefined; feed: FeedState }) {
  const blocks = useLatestBlocks(network, feed === 'live');
  const networks = network ? [network] : NETWORK_IDS;

  return (
    <section aria-labelledby="latest-blocks-heading" className="space-y-3">
      <h2 id="latest-blocks-heading" className="text-lg font-semibold">
        Latest blocks
      </h2>
      {blocks.data ? (
        <div className="grid gap-4 md:grid-cols-3">
          {networks.map((id) => {
            const own = blocks.data.filter((block) => block.network === id);
            return (
              <Card key={id} className="p-4">
                <h3 className="mb-2 font-semibold">{NETWORKS[id].label}</h3>
                {own.length === 0 ? (
                  <p className="text-sm text-slate-600 dark:text-slate-300">No block has included a transaction yet.</p>
                ) : (
                  <ul aria-label={`Latest ${NETWORKS[id].label} blocks`} className="divide-y divide-slate-200 dark:divide-slate-700">
                    {own.map((block) => (
                      <li key={block.number} data-testid="explorer-block" data-number={block.number} data-transactions={block.transactionCount} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2 text-sm">
                        <Link to={explorerBlockPath(block.network, block.number)} className={`${explorerLinkClass} font-mono`}>
                          <span className="sr-only">Block </span>
                          {formatInteger(block.number)}
                        </Link>
                        <span className="text-slate-600 dark:text-slate-300">{transactionsText(block.transactionCount)}</span>
                        <span className="w-full text-xs text-slate-600 dark:text-slate-300">
                          <time dateTime={block.timestamp}>{formatTime(block.timestamp)}</time> · fees{' '}
                          <span className="tabular-nums">{block.totalFees}</span> {block.feeSymbol}
                        </span>
                        {block.header && (
                          <span data-testid="explorer-block-gas" className="w-full text-xs text-slate-600 tabular-nums dark:text-slate-300">
                            Gas used {gasUsedOfText(block.header.gasUsed, block.header.gasLimit)}
                            {block.header.baseFeePerGas !== null && ` · base fee ${gweiText(block.header.baseFeePerGas)}`}
                          </span>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </Card>
            );
          })}
        </div>
      ) : blocks.isError ? (
        <Alert tone="error">Could not load the latest blocks.</Alert>
      ) : (
        <div role="status" className="grid gap-4 md:grid-cols-3">
          <span className="sr-only">Loading the latest blocks</span>
          {networks.map((id) => (
            <Skeleton key={id} className="h-48 rounded-xl" />
          ))}
        </div>
      )}
    </section>
  );
}
