import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function ExplorerPage() {
  return <PagePlaceholder title="Transaction Explorer" description="The explorer view of a transaction will appear here." />;
}
