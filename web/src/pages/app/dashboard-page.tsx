import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function DashboardPage() {
  return <PagePlaceholder title="Dashboard" description="Your wallets, recent transactions and alerts will appear here." />;
}
