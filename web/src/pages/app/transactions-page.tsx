import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function TransactionsPage() {
  return <PagePlaceholder title="Transactions" description="Your transaction history will appear here." />;
}
