import { formatInteger } from '@fincrypt/domain';
import type { TimelineStep } from '@fincrypt/domain';
import { Check, Circle, X } from 'lucide-react';
import { Card } from '../../../components/ui/card.tsx';
import { cn } from '../../../lib/cn.ts';
import { currentStepIndex, stepTimeText } from '../payment-facts.ts';

function StepIcon({ step, isCurrent }: { step: TimelineStep; isCurrent: boolean }) {
  if (step.kind === 'failed') {
    return (
      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300">
        <X aria-hidden className="h-4 w-4" />
      </span>
    );
  }
  if (step.done) {
    return (
      <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-green-100 text-green-700 dark:bg-green-950 dark:text-green-300">
        <Check aria-hidden className="h-4 w-4" />
      </span>
    );
  }
  return (
    <span
      className={cn(
        'flex h-6 w-6 shrink-0 items-center justify-center rounded-full',
        isCurrent ? 'bg-amber-100 text-amber-700 dark:bg-amber-950 dark:text-amber-300' : 'bg-slate-100 text-slate-500 dark:bg-slate-800 dark:text-slate-400',
      )}
    >
      <Circle aria-hidden className="h-3 w-3" />
    </span>
  );
}

/** The step's label; a block number is grouped as everywhere else on the page ("Included in block 7,623,804"). */
function stepLabel(step: TimelineStep): string {
  return step.kind === 'included' && step.done && step.blockNumber !== undefined
    ? `Included in block ${formatInteger(step.blockNumber)}`
    : step.label;
}

/** Whether the step happened, for a screen reader (the icons are decorative). */
function stepStateText(step: TimelineStep, isCurrent: boolean): string {
  if (step.kind === 'failed') return 'Failed';
  if (step.done) return 'Done';
  return isCurrent ? 'In progress' : 'Not yet';
}

/**
 * A payment's steps with their times (packages/domain/src/timeline.ts): quoted, signed and broadcast, included in
 * block N, confirmations 1…12 with their security levels, final — or the failed branch. A step not reached yet
 * shows when it is expected. The server builds the steps; the detail page follows them live, the explorer polls.
 */
export function TransactionTimeline({ steps, headingLevel = 2 }: { steps: readonly TimelineStep[]; headingLevel?: 2 | 3 }) {
  const current = currentStepIndex(steps);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="timeline-heading" data-testid="transaction-timeline">
      <Heading id="timeline-heading" className="text-lg font-semibold">
        Timeline
      </Heading>
      {steps.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-300">No steps to show yet.</p>
      ) : (
        <ol className="mt-3 space-y-1">
          {steps.map((step, index) => {
            const isCurrent = index === current;
            const time = stepTimeText(step);
            return (
              <li
                key={`${step.kind}-${step.confirmations ?? index}`}
                className="flex items-center gap-3 py-1"
                data-testid="timeline-step"
                data-kind={step.kind}
                data-done={step.done}
                aria-current={isCurrent ? 'step' : undefined}
              >
                <StepIcon step={step} isCurrent={isCurrent} />
                <span className="sr-only">{`${stepStateText(step, isCurrent)}: `}</span>
                <span
                  className={cn(
                    'min-w-0 flex-1 text-sm',
                    step.kind === 'failed'
                      ? 'font-semibold text-red-700 dark:text-red-300'
                      : step.done
                        ? 'font-medium text-slate-900 dark:text-slate-100'
                        : 'text-slate-600 dark:text-slate-300',
                  )}
                >
                  {stepLabel(step)}
                </span>
                {time && (
                  <time
                    dateTime={step.at ?? step.expectedAt ?? undefined}
                    className={cn('shrink-0 text-xs tabular-nums', step.done ? 'text-slate-700 dark:text-slate-200' : 'text-slate-600 italic dark:text-slate-300')}
                  >
                    {time}
                  </time>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </Card>
  );
}
