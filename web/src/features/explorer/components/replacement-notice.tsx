import type { ExplorerTransaction } from '@fincrypt/domain';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { explorerPath } from '../../transactions/index.ts';
import { explorerLinkClass } from './address-link.tsx';

/**
 * A speed-up replaces a pending transaction by the same transfer at a higher fee, under a new hash. The replacement's
 * page lists the transactions it replaced, each a link to its own page (marked Replaced, linking back here).
 */
export function ReplacementNotice({ transaction }: { transaction: ExplorerTransaction }) {
  if (transaction.replacedHashes.length === 0) return null;
  return (
    <Alert tone="info">
      <div data-testid="replaces">
        <p>This transaction replaced, by a speed-up, the pending transaction{transaction.replacedHashes.length > 1 ? 's' : ''}:</p>
        <ul className="mt-1 list-disc pl-5">
          {transaction.replacedHashes.map((hash) => (
            <li key={hash}>
              <Link to={explorerPath(hash)} className={`font-mono break-all ${explorerLinkClass}`}>
                {hash}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Alert>
  );
}
