import { type ExplorerBlock, formatDateTime, formatInteger } from '@fincrypt/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { explorerBlockPath } from '../../transactions/index.ts';

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{term}</dt>
      <dd className="min-w-0 break-all">{children}</dd>
    </div>
  );
}

/** A block's facts: network, number, time, how many transactions, their fees. */
export function BlockFacts({ block }: { block: ExplorerBlock }) {
  return (
    <Card className="px-4 py-2 sm:px-6">
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <Fact term="Network">{block.networkLabel}</Fact>
        <Fact term="Block number">
          <span className="font-mono">{formatInteger(block.number)}</span>
        </Fact>
        <Fact term="Time">
          <time dateTime={block.timestamp}>{formatDateTime(block.timestamp)}</time>
        </Fact>
        <Fact term="Transactions">{formatInteger(block.transactionCount)}</Fact>
        <Fact term="Total fees">
          <span className="tabular-nums">{block.totalFees}</span> {block.feeSymbol}
        </Fact>
      </dl>
    </Card>
  );
}

/** The previous block (from 1) and the next one (up to the chain's newest). */
export function BlockNavigation({ network, number, headNumber }: { network: ExplorerBlock['network']; number: number; headNumber: number }) {
  const linkClass = buttonClassName({ variant: 'outline', size: 'sm' });
  return (
    <nav aria-label="Blocks" className="flex flex-wrap justify-between gap-2">
      {number > 1 ? (
        <Link to={explorerBlockPath(network, number - 1)} className={linkClass} rel="prev">
          <ChevronLeft aria-hidden className="h-4 w-4" />
          Previous block
        </Link>
      ) : (
        <span />
      )}
      {number < headNumber && (
        <Link to={explorerBlockPath(network, number + 1)} className={linkClass} rel="next">
          Next block
          <ChevronRight aria-hidden className="h-4 w-4" />
        </Link>
      )}
    </nav>
  );
}
