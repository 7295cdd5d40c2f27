import { type ExplorerTransaction, formatDateTime } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { CopyButton } from '../../../components/ui/copy-button.tsx';
import { explorerAddressPath, explorerPath } from '../../transactions/index.ts';
import { AddressLabel, explorerLinkClass } from './address-link.tsx';
import { Fact } from './fact.tsx';

/** A hash in full as a link to its explorer page. */
function HashLink({ hash }: { hash: string }) {
  return (
    <Link to={explorerPath(hash)} className={`font-mono text-sm break-all ${explorerLinkClass}`}>
      {hash}
    </Link>
  );
}

function AddressFact({ term, transaction, address }: { term: string; transaction: ExplorerTransaction; address: string }) {
  return (
    <Fact term={term}>
      <Link to={explorerAddressPath(address)} className={`font-mono text-sm break-all ${explorerLinkClass}`}>
        {address}
      </Link>
      <AddressLabel network={transaction.network} address={address} />
    </Fact>
  );
}

/**
 * A transaction a speed-up replaced, on its own page: marked Replaced, never included in a block (no fee, no block),
 * the same transfer and nonce as the transaction that took its place, which it links (the nonce and the decoded call
 * are in the chain facts card beside it). Only for a transaction with `replacedBy`.
 */
export function ReplacedTransaction({ transaction }: { transaction: ExplorerTransaction }) {
  const { replacedBy } = transaction;
  if (replacedBy === undefined) return null;
  const isReplacedAgain = replacedBy.latestHash !== replacedBy.hash;
  return (
    <>
      <Alert tone="info">
        <p data-testid="replaced-by">
          <strong>Replaced.</strong> A speed-up replaced this transaction on{' '}
          <time dateTime={replacedBy.replacedAt}>{formatDateTime(replacedBy.replacedAt)}</time> with the same transfer at a higher fee, signed
          with the same nonce, so no block ever included it and it paid no fee.{' '}
          <Link to={explorerPath(replacedBy.hash)} className={`font-medium ${explorerLinkClass}`}>
            View its replacement
          </Link>
          {isReplacedAgain && (
            <>
              {' '}
              (replaced in turn; the transfer is now <HashLink hash={replacedBy.latestHash} />)
            </>
          )}
          .
        </p>
      </Alert>
      <Card className="px-4 py-2 sm:px-6" data-testid="replaced-transaction">
        <dl className="divide-y divide-slate-200 dark:divide-slate-700">
          <Fact term="Status">
            <span
              data-testid="replaced-status"
              className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-medium text-slate-700 ring-1 ring-slate-500/30 ring-inset dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-500/40"
            >
              Replaced
            </span>
          </Fact>
          <Fact term="Transaction Hash">
            <span className="flex items-start gap-1">
              <span className="min-w-0 font-mono text-sm break-all">{transaction.hash}</span>
              <CopyButton value={transaction.hash} label="Copy transaction hash" successMessage="Transaction hash copied to clipboard" className="-mt-1.5" />
            </span>
          </Fact>
          <Fact term="Replaced by" testId="replacement-link">
            <HashLink hash={replacedBy.hash} />
          </Fact>
          <Fact term="Network">{transaction.networkLabel}</Fact>
          <Fact term="Block">Never included</Fact>
          <AddressFact term="From" transaction={transaction} address={transaction.from} />
          <AddressFact term="To" transaction={transaction} address={transaction.to} />
          <Fact term="Value">
            <span className="font-semibold tabular-nums">
              {transaction.value} {transaction.symbol}
            </span>
          </Fact>
          <Fact term="Transaction Fee">None: it was never included</Fact>
          <Fact term="Signed">
            <time dateTime={transaction.timestamp}>{formatDateTime(transaction.timestamp)}</time>
            <span className="block text-sm text-slate-600 dark:text-slate-300">
              Its signed bytes were not kept; its replacement’s, the same transfer with the same nonce, are on the replacement’s page.
            </span>
          </Fact>
        </dl>
      </Card>
    </>
  );
}
