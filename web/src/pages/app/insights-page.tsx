import { PagePlaceholder } from '../../components/ui/page-placeholder.tsx';

export default function InsightsPage() {
  return <PagePlaceholder title="AI Market Insights" description="Market insights will appear here." />;
}
