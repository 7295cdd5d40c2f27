import { FIRST_SCREEN_LIMITS, type FraudAlertView, formatDateTime } from '@fincrypt/domain';
import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { transactionPath } from '../../transactions/index.ts';
import { useLatestAlerts } from '../api/get-alerts.ts';

/** The dashboard shows this many of the newest alerts (the server preloads that list for it). */
export const DASHBOARD_ALERTS = FIRST_SCREEN_LIMITS.dashboardAlerts;

const LEVEL_LABEL: Record<FraudAlertView['riskLevel'], string> = { low: 'Low', medium: 'Medium', high: 'High' };
const LEVEL_CLASS: Record<FraudAlertView['riskLevel'], string> = {
  low: 'border-l-green-600 text-green-800 dark:text-green-300',
  medium: 'border-l-amber-500 text-amber-800 dark:text-amber-300',
  high: 'border-l-red-600 text-red-800 dark:text-red-300',
};

function AlertItem({ alert }: { alert: FraudAlertView }) {
  return (
    <li className={cn('rounded-md border border-l-4 border-slate-200 p-3 dark:border-slate-700', LEVEL_CLASS[alert.riskLevel])} data-testid="recent-alert">
      <p className="flex items-center gap-2 font-semibold">
        <ShieldAlert aria-hidden className="h-4 w-4 shrink-0" />
        {LEVEL_LABEL[alert.riskLevel]} Risk Alert
      </p>
      <p className="mt-1 text-xs text-slate-600 dark:text-slate-300">
        <time dateTime={alert.timestamp}>{formatDateTime(alert.timestamp)}</time>
      </p>
      <p className="mt-1 text-sm text-slate-800 dark:text-slate-100">{alert.reason}</p>
      <Link
        to={transactionPath(alert.transactionHash)}
        className="mt-1 inline-block text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300"
      >
        View transaction
      </Link>
    </li>
  );
}

/** 'Recent Alerts': the two newest fraud alerts, or 'No alerts at this time'. */
export function RecentAlerts() {
  const alerts = useLatestAlerts(DASHBOARD_ALERTS);
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="recent-alerts-heading">
      <h2 id="recent-alerts-heading" className="text-lg font-semibold">
        Recent Alerts
      </h2>
      <div className="mt-4">
        {alerts.isPending ? (
          <div role="status">
            <span className="sr-only">Loading alerts</span>
            <Skeleton className="h-20" />
          </div>
        ) : alerts.isError && !alerts.data ? (
          <Alert tone="error">Could not load your alerts.</Alert>
        ) : alerts.data.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No alerts at this time</p>
        ) : (
          <ul className="space-y-3">
            {alerts.data.map((alert) => (
              <AlertItem key={alert.id} alert={alert} />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
