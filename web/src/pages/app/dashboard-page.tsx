import { RecentAlerts } from '../../features/alerts/components/recent-alerts.tsx';
import { AiMarketAnalysisCard } from '../../features/insights/components/ai-market-analysis-card.tsx';
import { RecentTransactions } from '../../features/transactions/components/recent-transactions.tsx';
import { WalletGrid } from '../../features/wallets/components/wallet-grid.tsx';
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
