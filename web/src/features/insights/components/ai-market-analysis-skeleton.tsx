import { Skeleton } from '../../../components/ui/skeleton.tsx';

/** The AI Market Analysis figures' place while they load: the height of the sentiment line and the figures. */
export function AiMarketAnalysisSkeleton() {
  return (
    <div role="status" className="mt-4 space-y-3">
      <span className="sr-only">Loading the market analysis</span>
      <Skeleton className="h-8 w-40" />
      <Skeleton className="h-24" />
    </div>
  );
}
