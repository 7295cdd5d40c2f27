import { RecentAlerts } from '../../features/alerts/index.ts';
import { AiMarketAnalysisCard } from '../../features/insights/index.ts';
import { RecentTransactions } from '../../features/transactions/index.ts';
import { useNavigate } from 'react-router';
import type { SendReceiveNavigationState } from '../../features/send-receive/index.ts';
import { WalletGrid } from '../../features/wallets/index.ts';
import { useHeadingFocus } from '../../lib/use-heading-focus.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const navigate = useNavigate();
  const heading = useHeadingFocus<HTMLHeadingElement>();
  return (
    <div className="space-y-8">
      <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold focus:outline-none">
        Dashboard
      </h1>
      <WalletGrid
        onSendReceive={(action, walletId) => void navigate('/send-receive', { state: { action, walletId } satisfies SendReceiveNavigationState })}
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <RecentTransactions />
        </div>
        <div className="min-w-0 space-y-6">
          <AiMarketAnalysisCard />
          <RecentAlerts />
        </div>
      </div>
    </div>
  );
}
