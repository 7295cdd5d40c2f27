import { RecentAlerts } from '../../features/alerts/index.ts';
import { AiMarketAnalysisCard } from '../../features/insights/index.ts';
import { RecentTransactions } from '../../features/transactions/index.ts';
import { WalletGrid } from '../../features/wallets/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function DashboardPage() {
  usePageTitle('Dashboard');
  return (
    <div className="space-y-8">
      <h1 className="text-3xl font-bold">Dashboard</h1>
      <WalletGrid />
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
