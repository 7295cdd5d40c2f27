import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function TransactionDetailPage() {
  return <PagePlaceholder title="Transaction Details" description="The transaction's details will appear here." />;
}
