import { PAYMENT_MESSAGES } from '@fincrypt/domain';
import { WifiOff } from 'lucide-react';
import { useConnectionState } from './connection-state.ts';

/** A line under the top bar while the live connection is down; a status region, so it is announced. */
export function OfflineNotice() {
  const isOffline = useConnectionState((state) => state.isOffline);
  return (
    <div role="status" aria-live="polite" className="print:hidden">
      {isOffline && (
        <p
          data-testid="offline-notice"
          className="flex items-center justify-center gap-2 border-b border-amber-300 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          <WifiOff aria-hidden className="h-4 w-4 shrink-0" />
          {PAYMENT_MESSAGES.offline}
        </p>
      )}
    </div>
  );
}
