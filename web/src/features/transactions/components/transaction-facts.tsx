import { type NetworkId, confirmationsLabel, feeBreakdownText, feeExact, feeFromReceipt, formatInteger } from '@fincrypt/domain';
import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { Tooltip } from '../../../components/ui/tooltip.tsx';

/** A hash, address or block that links to its public explorer page. */
export const factLinkClass = 'text-indigo-700 underline-offset-4 hover:underline dark:text-indigo-300';

/** One labelled line of a transaction's facts (inside a <dl>). */
export function FactRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="min-w-0 text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

/** A hash or address in full, wrapping anywhere, with a copy button ('{label} copied to clipboard'); with `href`, a link to its page too. */
export function CopyableValue({
  value,
  label,
  href,
}: {
  value: string;
  label: 'Transaction hash' | 'From address' | 'To address' | 'Token contract' | 'Token mint';
  href?: string;
}) {
  return (
    <span className="flex items-start gap-1">
      {href ? (
        <Link to={href} className={`min-w-0 font-mono text-sm break-all ${factLinkClass}`}>
          {value}
        </Link>
      ) : (
        <span className="min-w-0 font-mono text-sm break-all">{value}</span>
      )}
      <CopyButton value={value} label={`Copy ${label.toLowerCase()}`} successMessage={`${label} copied to clipboard`} className="-mt-1.5" />
    </span>
  );
}

/** The block number; hovering or focusing it tells how many confirmations the transaction has. */
export function BlockNumber({ blockNumber, confirmations }: { blockNumber: number | null; confirmations: number }) {
  return (
    <Tooltip
      content={blockNumber === null ? 'Not in a block yet: 0 confirmations' : confirmationsLabel(confirmations)}
      className="inline-flex items-center gap-1.5 rounded-md font-mono text-sm underline decoration-dotted underline-offset-4"
      data-testid="block-number"
    >
      {blockNumber === null ? 'Pending' : formatInteger(blockNumber)}
      <Info aria-hidden className="h-4 w-4 text-slate-500 dark:text-slate-400" />
    </Tooltip>
  );
}

export interface GasFacts {
  network: NetworkId;
  /** The network's coin: what the fee was paid in, whatever the asset moved. */
  symbol: string;
  gasUsed: string;
  effectiveGasPrice: string;
}

/** The exact fee, with how it was priced in the network's own units: gas and Gwei, or lamports with their priority part (Solana). */
export function GasFee({ network, symbol, gasUsed, effectiveGasPrice }: GasFacts) {
  const fee = feeExact(feeFromReceipt(gasUsed, effectiveGasPrice, network), network);
  return (
    <>
      <span className="font-medium tabular-nums">
        {fee} {symbol}
      </span>
      <span className="block text-sm text-slate-600 dark:text-slate-300">
        {feeBreakdownText(network, gasUsed, effectiveGasPrice)}
      </span>
    </>
  );
}
