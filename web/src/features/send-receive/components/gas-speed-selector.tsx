import { type DisplayCurrency, type FeeQuoteView, coinTransferGas, type GasSpeed, type NetworkId, feeFiatValue, feeRate, formatFiat, formatInteger } from '@fincrypt/domain';
import { useId } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSecondsSince } from '../hooks/use-seconds-since.ts';

export interface GasSpeedSelectorProps {
  /** Undefined while no wallet is chosen or its quotes are loading. */
  quotes: readonly FeeQuoteView[] | undefined;
  /** The native coin: what every fee is paid in, whatever the asset sent. */
  symbol: string | undefined;
  /** The wallet's network, and its coin's price in the display currency, to value each fee in that currency. */
  network: NetworkId | undefined;
  /** Gas a transfer of the asset uses (the quotes' `gasUsed`: 65,000 for an ERC-20 token); a coin's 21,000 when unknown. */
  gasUsed?: string | undefined;
  coinPrice: number | undefined;
  currency: DisplayCurrency;
  value: GasSpeed;
  onChange: (speed: GasSpeed) => void;
  /** When the quotes on screen arrived. */
  updatedAtMs: number | undefined;
  state: 'no-wallet' | 'loading' | 'error' | 'ready';
  onRetry: () => void;
}

/** Slow / Normal / Fast as a radio group (arrow keys move between them), each with its quoted fee. */
export function GasSpeedSelector({ quotes, symbol, network, gasUsed, coinPrice, currency, value, onChange, updatedAtMs, state, onRetry }: GasSpeedSelectorProps) {
  const headingId = useId();
  const secondsAgo = useSecondsSince(state === 'ready' ? updatedAtMs : undefined);

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span id={headingId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
          Transaction Speed
        </span>
        {secondsAgo !== undefined && <span className="text-xs text-slate-600 dark:text-slate-400">{`Updated ${secondsAgo}s ago`}</span>}
      </div>
      {state === 'no-wallet' && <p className="text-sm text-slate-600 dark:text-slate-400">Select a wallet to see the fees.</p>}
      {state === 'loading' && (
        <div role="status" className="grid gap-2 sm:grid-cols-3">
          <span className="sr-only">Loading fees</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="h-28" />
          ))}
        </div>
      )}
      {state === 'error' && (
        <Alert tone="error">
          <p>Could not load the fees. Without them the network fee of the moment is charged.</p>
          <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
            Try again
          </Button>
        </Alert>
      )}
      {state === 'ready' && quotes && (
        <ChoiceCards
          name={`${headingId}-speed`}
          labelledBy={headingId}
          value={value}
          onChange={onChange}
          className="grid gap-2 sm:grid-cols-3"
          options={quotes.map((quote) => {
            const fiat = network && coinPrice !== undefined ? feeFiatValue(quote.feeUnits, network, coinPrice) : undefined;
            // Each network's rate in its own units: Gwei per gas, or the fee in lamports on Solana.
            const rate = network ? feeRate(network, gasUsed ?? coinTransferGas(network), quote.gasPriceWei, 'screen') : { value: quote.gasPriceGwei, unit: 'Gwei' };
            return {
              value: quote.speed,
              content: (
                <>
                  <span className="block font-semibold">{quote.label}</span>
                  {/* One wrapped line on narrow screens, one figure per line in the three-column layout. */}
                  <span className="flex flex-wrap gap-x-3 text-slate-600 sm:block dark:text-slate-300">
                    <span className="sm:block">
                      {rate.unit === 'Gwei' ? `${rate.value} Gwei` : `${formatInteger(Number(quote.feeUnits))} lamports`}
                    </span>
                    <span className="font-mono text-slate-900 sm:block dark:text-slate-100">{`${quote.fee} ${symbol ?? ''}`.trim()}</span>
                    {fiat !== undefined && <span className="sm:block">{`≈ ${formatFiat(fiat, currency)}`}</span>}
                    <span className="sm:block">{quote.timeEstimate}</span>
                  </span>
                </>
              ),
            };
          })}
        />
      )}
    </div>
  );
}
