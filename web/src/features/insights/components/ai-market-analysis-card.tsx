import { type MarketTokenId, NETWORKS } from '@fincrypt/domain';
import { Suspense, lazy, useRef } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { cardClassName } from '../../../components/ui/styles.ts';
import { cn } from '../../../lib/cn.ts';
import { useNearViewport } from '../../../lib/use-near-viewport.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { AiMarketAnalysisSkeleton } from './ai-market-analysis-skeleton.tsx';

const AiMarketAnalysisFigures = lazy(() => import('./ai-market-analysis-figures.tsx'));

const NETWORK = NETWORKS.eth_sepolia;
/** Its coin's market (NETWORK.priceTokenId). */
const TOKEN: MarketTokenId = 'ethereum';
/** The figures load when the card comes within half a screen of the screen. */
const LOAD_MARGIN = '50% 0px';

/**
 * The dashboard's AI Market Analysis for the Ethereum test network, with a link to the insights page. No charts,
 * so the dashboard stays light; and its figures (ai-market-analysis-figures.tsx, with the insights queries and
 * formats) load when the card comes near the screen: on a phone it sits below the wallets and the latest
 * transactions, out of the first screen.
 */
export function AiMarketAnalysisCard({ className }: { className?: string }) {
  const currency = useCurrencyStore((state) => state.currency);
  const place = useRef<HTMLElement>(null);
  const isNearScreen = useNearViewport(place, LOAD_MARGIN);

  return (
    <section ref={place} aria-labelledby="ai-market-analysis-heading" className={cn(cardClassName, 'p-4 sm:p-6', className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="ai-market-analysis-heading" className="text-lg font-semibold">
          AI Market Analysis
        </h2>
        <Link to="/insights" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
          View all
        </Link>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        {NETWORK.label} · {NETWORK.symbol}/{currency.toUpperCase()}
      </p>

      {isNearScreen ? (
        <Suspense fallback={<AiMarketAnalysisSkeleton />}>
          <AiMarketAnalysisFigures token={TOKEN} />
        </Suspense>
      ) : (
        <AiMarketAnalysisSkeleton />
      )}

      <Alert tone="warning" className="mt-4">
        Predictions are based on historical data and are not financial advice. Always do your own research before making
        decisions.
      </Alert>
    </section>
  );
}
