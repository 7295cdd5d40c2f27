import {
  type FeeQuoteView,
  type GasSpeed,
  GAS_SPEED_LABELS,
  type TransactionDetail,
  canSpeedUpOn,
  feeExact,
  fasterSpeeds,
  speedUpPrice,
} from '@fincrypt/domain';
import { Zap } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { ChoiceCards } from '../../../components/ui/choice-cards.tsx';
import { toast } from '../../../lib/toast.ts';
import { useSpeedUp, useSpeedUpQuotes } from '../api/speed-up.ts';
import { transactionPath } from '../paths.ts';

/** Whether the sender can still speed this transaction up: an EVM send, pending, not yet in a block, with a faster speed left. */
export function canSpeedUp(transaction: Pick<TransactionDetail, 'type' | 'status' | 'confirmations' | 'network' | 'speed'>): boolean {
  return (
    transaction.type === 'send' &&
    transaction.status === 'pending' &&
    transaction.confirmations === 0 &&
    canSpeedUpOn(transaction.network) &&
    fasterSpeeds(transaction.speed).length > 0
  );
}

interface SpeedOption {
  speed: GasSpeed;
  quote: FeeQuoteView;
  /** The extra fee and the replacement's whole fee, exact in the native coin. */
  extra: string;
  total: string;
}

/** The faster speeds with what each costs on top of the fee paid (max(market price, paid price + 10 %), as the server charges). */
function speedOptions(transaction: TransactionDetail, quotes: readonly FeeQuoteView[]): SpeedOption[] {
  return fasterSpeeds(transaction.speed).flatMap((speed) => {
    const quote = quotes.find((candidate) => candidate.speed === speed);
    if (!quote) return [];
    const price = speedUpPrice({
      network: transaction.network,
      gasUsed: BigInt(transaction.gasUsed),
      oldGasPriceWei: BigInt(transaction.effectiveGasPrice),
      oldFeeUnits: BigInt(transaction.feeUnits),
      marketGasPriceWei: BigInt(quote.gasPriceWei),
    });
    return [{ speed, quote, extra: feeExact(price.differenceUnits, transaction.network), total: feeExact(price.feeUnits, transaction.network) }];
  });
}

/** The hashes this transaction replaced: each still finds it (here and in the explorer). */
function ReplacedHashes({ hashes }: { hashes: readonly string[] }) {
  return (
    <div className="mt-2 text-sm text-slate-700 dark:text-slate-300" data-testid="replaced-hashes">
      <p>{hashes.length === 1 ? 'It replaced the pending transaction' : 'It replaced the pending transactions'}</p>
      <ul className="mt-1 space-y-1">
        {hashes.map((hash) => (
          <li key={hash} className="break-all font-mono text-xs">
            <Link to={transactionPath(hash)} className="text-indigo-700 hover:underline dark:text-indigo-300">
              {hash}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The detail page's Speed-up card (docs/product.md#speed-up): while the user's EVM send is still pending, the faster speeds
 * with the extra fee each costs; confirming replaces it by the same transfer at that speed (a new hash, included sooner),
 * and `onSpedUp` moves the page to the new hash. Once sped up, the card says which hashes it replaced.
 */
export function SpeedUpCard({ transaction, onSpedUp }: { transaction: TransactionDetail; onSpedUp: (newHash: string) => void }) {
  const headingId = useId();
  const choiceId = useId();
  const isEligible = canSpeedUp(transaction);
  const [isOpen, setIsOpen] = useState(false);
  const [chosen, setChosen] = useState<GasSpeed | undefined>(undefined);
  const quotes = useSpeedUpQuotes(transaction, isEligible && isOpen);
  const speedUp = useSpeedUp();
  const replaced = transaction.replacedHashes ?? [];
  if (!isEligible && replaced.length === 0) return null;

  const options = quotes.data ? speedOptions(transaction, quotes.data.quotes) : [];
  const selected = options.find((option) => option.speed === chosen) ?? options[0];
  const symbol = transaction.feeSymbol;

  async function confirm() {
    if (!selected) return;
    try {
      const result = await speedUp.mutateAsync({ hash: transaction.hash, speed: selected.speed, feeQuoteId: selected.quote.quoteId });
      toast.success(`Sped up to ${GAS_SPEED_LABELS[selected.speed]}: ${result.feeDifference} ${symbol} more in fees`);
      setIsOpen(false);
      onSpedUp(result.transaction.hash);
    } catch {
      // The error is shown in the card (speedUp.error) until the next try.
    }
  }

  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby={headingId} data-testid="speed-up">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <Zap aria-hidden className="h-5 w-5 text-amber-600 dark:text-amber-400" />
        {isEligible ? 'Speed up' : 'Sped up'}
      </h2>
      {replaced.length > 0 && (
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          {`Sped up to ${GAS_SPEED_LABELS[transaction.speed]}: the same transfer, re-signed with a higher fee, took the place of the pending one.`}
        </p>
      )}
      {replaced.length > 0 && <ReplacedHashes hashes={replaced} />}
      {isEligible && !isOpen && (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {`Still waiting for a block at ${GAS_SPEED_LABELS[transaction.speed]} speed. Pay the difference to a faster speed to have it included sooner.`}
          </p>
          <Button size="sm" onClick={() => setIsOpen(true)}>
            <Zap aria-hidden className="h-4 w-4" />
            Speed up
          </Button>
        </div>
      )}
      {isEligible && isOpen && (
        <div className="mt-3 space-y-3">
          {quotes.isError && (
            <Alert tone="error">
              <p>Could not load the fees.</p>
              <Button size="sm" variant="outline" className="mt-2" onClick={() => void quotes.refetch()}>
                Try again
              </Button>
            </Alert>
          )}
          {quotes.isPending && <p role="status" className="text-sm text-slate-600 dark:text-slate-300">Loading the fees…</p>}
          {options.length > 0 && selected && (
            <>
              <span id={choiceId} className="text-sm font-medium text-slate-800 dark:text-slate-200">
                Faster speed
              </span>
              <ChoiceCards
                name={`${choiceId}-speed`}
                labelledBy={choiceId}
                value={selected.speed}
                onChange={setChosen}
                className="grid gap-2 sm:grid-cols-2"
                options={options.map((option) => ({
                  value: option.speed,
                  content: (
                    <>
                      <span className="block font-semibold">{GAS_SPEED_LABELS[option.speed]}</span>
                      <span className="block font-mono text-slate-900 dark:text-slate-100">{`+${option.extra} ${symbol}`}</span>
                      <span className="block text-slate-600 dark:text-slate-300">{`Fee ${option.total} ${symbol} in all · ${option.quote.timeEstimate}`}</span>
                    </>
                  ),
                }))}
              />
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {`Pays ${selected.extra} ${symbol} more, from this wallet's ${symbol}. The transfer gets a new hash; the old one still finds it.`}
              </p>
              {speedUp.error && (
                <Alert tone="error">
                  <p>{speedUp.error.message}</p>
                </Alert>
              )}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => void confirm()} disabled={speedUp.isPending}>
                  {speedUp.isPending ? 'Speeding up…' : `Confirm: pay ${selected.extra} ${symbol} more`}
                </Button>
                <Button size="sm" variant="outline" onClick={() => setIsOpen(false)} disabled={speedUp.isPending}>
                  Cancel
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </Card>
  );
}
