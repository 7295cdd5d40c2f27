import { formatInteger, formatTps } from '@fincrypt/domain';
import type { NetworkId } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { explorerBlockPath } from '../../transactions/index.ts';
import { useNetworkStats } from '../api/get-network-stats.ts';
import { explorerLinkClass } from './address-link.tsx';

function Figure({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-sm text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="text-right font-semibold tabular-nums break-all">{children}</dd>
    </div>
  );
}

/** Each network's figures over the last minute: transactions per second, average fee, pending count, newest block. */
export function NetworkStats({ network }: { network: NetworkId | undefined }) {
  const stats = useNetworkStats();
  const shown = stats.data?.networks.filter((entry) => network === undefined || entry.network === network);

  return (
    <section aria-labelledby="network-stats-heading" className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-2">
        <h2 id="network-stats-heading" className="text-lg font-semibold">
          Network figures
        </h2>
        {stats.data && <p className="text-sm text-slate-600 dark:text-slate-300">over the last {stats.data.windowSeconds} seconds</p>}
      </div>
      {shown ? (
        <div className="grid gap-4 md:grid-cols-3">
          {shown.map((entry) => (
            <Card key={entry.network} className="p-4" data-testid="network-stats" data-network={entry.network}>
              <h3 className="mb-2 font-semibold">{entry.networkLabel}</h3>
              <dl className="space-y-1.5">
                <Figure term="Transactions per second">{formatTps(entry.tps)}</Figure>
                <Figure term="Average fee">{entry.averageFee === null ? 'No transfers' : `${entry.averageFee} ${entry.feeSymbol}`}</Figure>
                <Figure term="Pending">{formatInteger(entry.pendingCount)}</Figure>
                <Figure term="Latest block">
                  {entry.headNumber > 0 ? (
                    <Link to={explorerBlockPath(entry.network, entry.headNumber)} className={explorerLinkClass}>
                      {formatInteger(entry.headNumber)}
                    </Link>
                  ) : (
                    'None yet'
                  )}
                </Figure>
              </dl>
            </Card>
          ))}
        </div>
      ) : stats.isError ? (
        <Alert tone="error">Could not load the network figures. They are tried again shortly.</Alert>
      ) : (
        <div role="status" className="grid gap-4 md:grid-cols-3">
          <span className="sr-only">Loading the network figures</span>
          {[0, 1, 2].map((key) => (
            <Skeleton key={key} className="h-36 rounded-xl" />
          ))}
        </div>
      )}
    </section>
  );
}
