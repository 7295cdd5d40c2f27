import {
  type ExplorerTransaction,
  NETWORKS,
  type NetworkId,
  type TransactionView,
  confirmationsLabel,
  formatDateTime,
  formatInteger,
} from '@fincrypt/domain';
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { tokenAddressLabel, transactionKindLabel } from '../labels.ts';
import { explorerAddressPath, explorerBlockPath } from '../paths.ts';
import { BlockNumber, CopyableValue, FactRow, GasFee, factLinkClass } from './transaction-facts.tsx';
import { TransactionStatus } from './transaction-status.tsx';

export type TransactionFactsCardProps = (
  /** The owner's transaction detail: status and type too, the block's confirmations on hover, every address copyable. */
  | { variant: 'detail'; transaction: TransactionView }
  /** The public explorer: what anyone with the hash may see. */
  | { variant: 'explorer'; transaction: ExplorerTransaction }
) & {
  /** Rows shown right after Value: its worth in money then and now (value-facts.tsx). */
  valueFacts?: ReactNode;
  /** Shown under an address (the explorer: a simulated participant's public label). */
  addressNote?: (address: string) => ReactNode;
};

/** The facts both views show, read from either shape of transaction. */
interface Facts {
  hash: string;
  network: NetworkId;
  networkLabel: string;
  blockNumber: number | null;
  confirmations: number;
  from: string;
  to: string;
  value: string;
  /** The asset moved: what `value` is in. */
  symbol: string;
  /** The network's coin: what the fee is in. */
  feeSymbol: string;
  /** A token transfer's contract or mint. */
  tokenAddress: string | undefined;
  /** Faucet test funds: minted, so no sender paid a fee. */
  isMint: boolean;
  gasUsed: string;
  effectiveGasPrice: string;
  timestamp: string;
}

function factsOf({ variant, transaction }: TransactionFactsCardProps): Facts {
  const { hash, network, blockNumber, confirmations, symbol, feeSymbol, tokenAddress, gasUsed, effectiveGasPrice, timestamp } = transaction;
  const common = {
    hash,
    network,
    blockNumber,
    confirmations,
    symbol,
    feeSymbol,
    tokenAddress,
    isMint: transaction.type === 'mint',
    gasUsed,
    effectiveGasPrice,
    timestamp,
  };
  return variant === 'detail'
    ? {
        ...common,
        networkLabel: NETWORKS[transaction.network]?.label ?? transaction.network,
        from: transaction.fromAddress,
        to: transaction.toAddress,
        value: transaction.amount,
      }
    : { ...common, networkLabel: transaction.networkLabel, from: transaction.from, to: transaction.to, value: transaction.value };
}

/** How the explorer names a transaction's kind: it knows transfers and mints, not whose side a row is. */
function explorerTypeLabel(transaction: ExplorerTransaction): string {
  if (transaction.type === 'mint') return 'Test funds (faucet mint)';
  return transaction.tokenAddress ? 'Token transfer' : 'Transfer';
}

/** A full address, wrapping anywhere, without a copy button. */
function PlainAddress({ value }: { value: string }) {
  return <span className="font-mono text-sm break-all">{value}</span>;
}

/** The explorer's address: in full, a link to its address page, with whatever note the page adds (a label). */
function LinkedAddress({ value, note }: { value: string; note: ReactNode }) {
  return (
    <>
      <Link to={explorerAddressPath(value)} className={`font-mono text-sm break-all ${factLinkClass}`}>
        {value}
      </Link>
      {note}
    </>
  );
}

/**
 * A transaction's facts as a card of labelled rows: the one card that the transaction detail page and the
 * public explorer page both show, each in its own wording (Block Number / Block, Gas Fee / Transaction Fee).
 */
export function TransactionFactsCard(props: TransactionFactsCardProps) {
  const facts = factsOf(props);
  const owned = props.variant === 'detail' ? props.transaction : undefined;

  return (
    <Card className="px-4 py-2 sm:px-6">
      <dl className="divide-y divide-slate-200 dark:divide-slate-700">
        {owned && (
          <FactRow label="Status">
            <span className="flex flex-wrap items-center gap-2">
              <TransactionStatus status={owned.status} variant="badge" />
              {owned.confirmations > 0 && (
                <span className="text-sm text-slate-600 dark:text-slate-300">{confirmationsLabel(owned.confirmations)}</span>
              )}
              {owned.failureReason !== undefined && (
                <span className="basis-full text-sm text-red-800 dark:text-red-300" data-testid="failure-reason">
                  {owned.failureReason}
                </span>
              )}
            </span>
          </FactRow>
        )}
        <FactRow label="Transaction Hash">
          <CopyableValue value={facts.hash} label="Transaction hash" />
        </FactRow>
        <FactRow label="Type">{props.variant === 'detail' ? transactionKindLabel(props.transaction.type) : explorerTypeLabel(props.transaction)}</FactRow>
        <FactRow label="Network">{facts.networkLabel}</FactRow>
        {owned ? (
          <FactRow label="Block Number">
            <span className="inline-flex items-center gap-1">
              <BlockNumber blockNumber={facts.blockNumber} confirmations={facts.confirmations} />
              {facts.blockNumber !== null && (
                <Link
                  to={explorerBlockPath(facts.network, facts.blockNumber)}
                  aria-label={`Block ${formatInteger(facts.blockNumber)} in the explorer`}
                  title="Block in the explorer"
                  className="inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100"
                >
                  <ExternalLink aria-hidden className="h-4 w-4" />
                </Link>
              )}
            </span>
          </FactRow>
        ) : (
          <FactRow label="Block">
            {facts.blockNumber === null ? (
              <span className="font-mono text-sm">Pending</span>
            ) : (
              <Link to={explorerBlockPath(facts.network, facts.blockNumber)} className={`font-mono text-sm ${factLinkClass}`}>
                {formatInteger(facts.blockNumber)}
              </Link>
            )}
          </FactRow>
        )}
        <FactRow label="From">
          {owned ? (
            <CopyableValue value={facts.from} label="From address" href={explorerAddressPath(facts.from)} />
          ) : (
            <LinkedAddress value={facts.from} note={props.addressNote?.(facts.from)} />
          )}
        </FactRow>
        <FactRow label="To">
          {owned ? (
            <CopyableValue value={facts.to} label="To address" href={explorerAddressPath(facts.to)} />
          ) : (
            <LinkedAddress value={facts.to} note={props.addressNote?.(facts.to)} />
          )}
        </FactRow>
        <FactRow label="Value">
          <span className="font-semibold tabular-nums break-all">
            {facts.value} {facts.symbol}
          </span>
        </FactRow>
        {props.valueFacts}
        {facts.tokenAddress !== undefined && (
          <FactRow label={tokenAddressLabel(facts.network)}>
            {owned ? (
              <CopyableValue value={facts.tokenAddress} label={tokenAddressLabel(facts.network)} />
            ) : (
              <PlainAddress value={facts.tokenAddress} />
            )}
          </FactRow>
        )}
        <FactRow label={owned ? 'Gas Fee' : 'Transaction Fee'}>
          {facts.isMint ? (
            <>
              <span className="font-medium tabular-nums">{`0 ${facts.feeSymbol}`}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-300">Test funds from the faucet carry no fee</span>
            </>
          ) : (
            <GasFee network={facts.network} symbol={facts.feeSymbol} gasUsed={facts.gasUsed} effectiveGasPrice={facts.effectiveGasPrice} />
          )}
        </FactRow>
        <FactRow label="Timestamp">
          <time dateTime={facts.timestamp}>{formatDateTime(facts.timestamp)}</time>
        </FactRow>
      </dl>
    </Card>
  );
}
