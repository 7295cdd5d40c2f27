import { type ExplorerListItem, NETWORKS, formatDateTime, formatInteger, shortenAddress, shortAmount } from '@fincrypt/domain';
import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { TransactionStatus, explorerBlockPath, explorerPath } from '../../transactions/index.ts';
import { AddressLink, explorerLinkClass } from './address-link.tsx';

/** How the explorer names a row's kind. */
const kindLabel = (item: ExplorerListItem) => (item.type === 'mint' ? 'Faucet mint' : 'Transfer');

function TransactionRow({ item, showNetwork }: { item: ExplorerListItem; showNetwork: boolean }) {
  return (
    <li data-testid="explorer-transaction" data-hash={item.hash} className="grid gap-2 py-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:gap-4">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <Link to={explorerPath(item.hash)} title={item.hash} className={`${explorerLinkClass} font-mono text-sm`}>
            <span className="sr-only">Transaction </span>
            {shortenAddress(item.hash)}
          </Link>
          <TransactionStatus status={item.status} className="text-sm" />
          <span className="text-xs text-slate-600 dark:text-slate-300">
            {kindLabel(item)}
            {showNetwork && ` · ${NETWORKS[item.network].label}`}
          </span>
        </p>
        <p className="flex flex-wrap items-start gap-x-2 gap-y-1 text-sm">
          <span className="sr-only">From </span>
          <AddressLink network={item.network} address={item.from} />
          <ArrowRight aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" />
          <span className="sr-only">to </span>
          <AddressLink network={item.network} address={item.to} />
        </p>
      </div>
      <div className="space-y-1 text-sm sm:text-right">
        <p className="font-semibold tabular-nums break-all">
          {shortAmount(item.amount)} {item.asset}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Fee <span className="tabular-nums">{item.fee}</span> {item.feeSymbol}
          {' · '}
          {item.blockNumber === null ? (
            'Pending'
          ) : (
            <Link to={explorerBlockPath(item.network, item.blockNumber)} className={explorerLinkClass}>
              Block {formatInteger(item.blockNumber)}
            </Link>
          )}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={item.timestamp}>{formatDateTime(item.timestamp)}</time>
        </p>
      </div>
    </li>
  );
}

/** Transactions as a chain shows them, one row each: hash, status, from → to, amount, fee, block and time. */
export function ExplorerTransactionList({
  items,
  label,
  showNetwork = true,
  empty,
}: {
  items: readonly ExplorerListItem[];
  /** The list's accessible name ("Latest transactions"). */
  label: string;
  showNetwork?: boolean;
  empty: string;
}) {
  if (items.length === 0) return <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-300">{empty}</p>;
  return (
    <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-700">
      {items.map((item) => (
        <TransactionRow key={item.hash} item={item} showNetwork={showNetwork} />
      ))}
    </ul>
  );
}
