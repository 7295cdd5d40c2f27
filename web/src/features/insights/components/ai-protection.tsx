import { type FraudAlertView, type RiskView, formatDateTime } from '@fincrypt/domain';
import { ShieldCheck } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { cn } from '../../../lib/cn.ts';
import { useFraudAlerts, useRiskScore } from '../api/insights-api.ts';
import { QueryError } from './query-error.tsx';
import { INSIGHTS_SECTIONS } from '../section-summaries.ts';
import { SectionCard } from './section-card.tsx';

/** The risk bands (docs/product.md#risk-score): Low green, Medium amber, High red. */
const BAND_STROKE: Record<RiskView['color'], string> = {
  green: 'stroke-green-600 dark:stroke-green-500',
  amber: 'stroke-amber-500 dark:stroke-amber-400',
  red: 'stroke-red-600 dark:stroke-red-500',
};
const BAND_TEXT: Record<RiskView['color'], string> = {
  green: 'text-green-700 dark:text-green-400',
  amber: 'text-amber-700 dark:text-amber-400',
  red: 'text-red-700 dark:text-red-400',
};

/** Half a circle of radius 80 from the left end to the right end. */
const ARC_PATH = 'M 20 100 A 80 80 0 0 1 180 100';
const ARC_LENGTH = Math.PI * 80;

export function RiskGauge({ risk }: { risk: RiskView }) {
  const filled = (Math.max(0, Math.min(100, risk.score)) / 100) * ARC_LENGTH;
  return (
    <div
      role="meter"
      aria-label="Risk score"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={risk.score}
      aria-valuetext={`${risk.score} out of 100, ${risk.label} risk`}
      className="mx-auto w-full max-w-56"
    >
      <svg viewBox="0 0 200 112" aria-hidden className="w-full">
        <path d={ARC_PATH} fill="none" strokeWidth={16} strokeLinecap="round" className="stroke-slate-200 dark:stroke-slate-700" />
        <path
          d={ARC_PATH}
          fill="none"
          strokeWidth={16}
          strokeLinecap="round"
          strokeDasharray={`${filled} ${ARC_LENGTH}`}
          className={BAND_STROKE[risk.color]}
        />
        <text x="100" y="92" textAnchor="middle" className="fill-current text-4xl font-bold">
          {risk.score}
        </text>
      </svg>
      <p className={cn('-mt-1 text-center font-semibold', BAND_TEXT[risk.color])}>{risk.label} risk</p>
    </div>
  );
}

const PROTECTION_FEATURES = ['Fraud Detection', 'Transaction Monitoring', 'AI Risk Analysis'] as const;

/** The sidebar's risk gauge over your last 10 sends and the three protections, all active. */
export function AiProtectionCard() {
  const risk = useRiskScore();
  return (
    <SectionCard title={INSIGHTS_SECTIONS.protection.title} summary={INSIGHTS_SECTIONS.protection.summary}>
      {risk.isError && !risk.data ? (
        <QueryError what="your risk score" />
      ) : !risk.data ? (
        <div role="status">
          <span className="sr-only">Loading your risk score</span>
          <Skeleton className="mx-auto h-32 w-48" />
        </div>
      ) : (
        <>
          <RiskGauge risk={risk.data} />
          <p className="mt-2 text-center text-xs text-slate-600 dark:text-slate-300">
            {risk.data.transactionsConsidered === 0
              ? 'No sends yet to score.'
              : `From your ${risk.data.transactionsConsidered} most recent send${risk.data.transactionsConsidered === 1 ? '' : 's'}.`}
          </p>
        </>
      )}
      <ul className="mt-4 space-y-2">
        {PROTECTION_FEATURES.map((feature) => (
          <li key={feature} className="flex items-center justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 dark:bg-slate-800">
            <span className="flex items-center gap-2 text-sm font-medium">
              <ShieldCheck aria-hidden className="h-4 w-4 text-indigo-600 dark:text-indigo-400" />
              {feature}
            </span>
            <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-950 dark:text-green-200">
              Active
            </span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

const LEVEL_BADGE: Record<FraudAlertView['riskLevel'], string> = {
  high: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100',
  low: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

export function FraudAlertsList() {
  const alerts = useFraudAlerts();
  const list = alerts.data?.alerts;
  return (
    <SectionCard title={INSIGHTS_SECTIONS.fraudAlerts.title} summary={INSIGHTS_SECTIONS.fraudAlerts.summary}>
      {alerts.isError && !list ? (
        <QueryError what="your fraud alerts" />
      ) : !list ? (
        <div role="status" className="space-y-2">
          <span className="sr-only">Loading your fraud alerts</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No fraud alerts at this time</p>
      ) : (
        <ul className="space-y-3">
          {list.map((alert) => (
            <li key={alert.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex items-center justify-between gap-2">
                <span className={cn('rounded px-2 py-0.5 text-xs font-bold tracking-wide', LEVEL_BADGE[alert.riskLevel])}>
                  {alert.riskLevel.toUpperCase()}
                </span>
                <time dateTime={alert.timestamp} className="text-xs text-slate-600 dark:text-slate-300">
                  {formatDateTime(alert.timestamp)}
                </time>
              </div>
              <p className="mt-2 text-sm">{alert.reason}</p>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}
