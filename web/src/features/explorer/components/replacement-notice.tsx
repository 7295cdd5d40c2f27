import type { ExplorerTransaction } from '@fincrypt/domain';
import { Alert } from '../../../components/ui/alert.tsx';
import { hashKey } from '../../transactions/index.ts';

/**
 * A speed-up replaces a pending transaction by the same transfer at a higher fee, under a new hash. Opened by an
 * old hash, the page shows the replacement and says so; the replacement's own page lists what it replaced.
 */
export function ReplacementNotice({ requestedHash, transaction }: { requestedHash: string; transaction: ExplorerTransaction }) {
  const isOldHash = hashKey(requestedHash) !== hashKey(transaction.hash);
  if (!isOldHash && transaction.replacedHashes.length === 0) return null;
  return (
    <Alert tone="info">
      {isOldHash ? (
        <p data-testid="replaced-by">
          The transaction <span className="font-mono break-all">{requestedHash}</span> was replaced by a speed-up: the same transfer at a
          higher fee, now <span className="font-mono break-all">{transaction.hash}</span>, shown below.
        </p>
      ) : (
        <div data-testid="replaces">
          <p>This transaction replaced, by a speed-up, the pending transaction{transaction.replacedHashes.length > 1 ? 's' : ''}:</p>
          <ul className="mt-1 list-disc pl-5">
            {transaction.replacedHashes.map((hash) => (
              <li key={hash} className="font-mono break-all">
                {hash}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Alert>
  );
}
