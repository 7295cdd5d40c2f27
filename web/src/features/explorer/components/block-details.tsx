import { type ExplorerBlock, formatDateTime, formatInteger } from '@fincrypt/domain';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { explorerBlockPath } from '../../transactions/index.ts';
import { gasText, gasUsedOfText, gweiText } from '../chain-format.ts';
import { explorerLinkClass } from './address-link.tsx';
import { Fact } from './fact.tsx';

/**
 * A block's facts: network, number, time, how many transactions, their fees; on a real chain also its hash, its
 * parent (a link to the block before), and its gas and base fee as the node gave them.
 */
export function BlockFacts({ block }: { block: ExplorerBlock }) {
  const { header } = block;
  return (
    <Card className="px-4 py-2 sm:px-6">
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        <Fact term="Network">{block.networkLabel}</Fact>
        <Fact term="Block number">
          <span className="font-mono">{formatInteger(block.number)}</span>
        </Fact>
        {header && (
          <Fact term="Block hash" testId="block-hash">
            <span className="flex items-start gap-1">
              <span className="min-w-0 font-mono text-sm break-all">{header.hash}</span>
              <CopyButton value={header.hash} label="Copy block hash" successMessage="Block hash copied to clipboard" className="-mt-1.5" />
            </span>
          </Fact>
        )}
        {header && (
          <Fact term="Parent hash" testId="block-parent">
            {block.number > 1 ? (
              <Link to={explorerBlockPath(block.network, block.number - 1)} className={`font-mono text-sm break-all ${explorerLinkClass}`}>
                {header.parentHash}
              </Link>
            ) : (
              <span className="font-mono text-sm break-all">{header.parentHash}</span>
            )}
          </Fact>
        )}
        <Fact term="Time">
          <time dateTime={block.timestamp}>{formatDateTime(block.timestamp)}</time>
        </Fact>
        <Fact term="Transactions">{formatInteger(block.transactionCount)}</Fact>
        {header && (
          <Fact term="Gas used" testId="block-gas-used">
            <span className="tabular-nums">{gasUsedOfText(header.gasUsed, header.gasLimit)}</span>
          </Fact>
        )}
        {header && (
          <Fact term="Gas limit" testId="block-gas-limit">
            <span className="tabular-nums">{gasText(header.gasLimit)}</span>
          </Fact>
        )}
        {header && (
          <Fact term="Base fee per gas" testId="block-base-fee">
            <span className="tabular-nums">{header.baseFeePerGas === null ? 'None (before EIP-1559)' : gweiText(header.baseFeePerGas)}</span>
          </Fact>
        )}
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

/** What a block page's transactions list says when it shows none: a real chain's block may hold others' transactions. */
export function emptyBlockText(block: Pick<ExplorerBlock, 'header' | 'transactionCount'>): string {
  if (block.header === undefined) return 'This block included no FinCrypt transaction.';
  return block.transactionCount === 0 ? 'This block is empty: it included no transactions.' : 'None of the transactions in this block is FinCrypt’s.';
}
