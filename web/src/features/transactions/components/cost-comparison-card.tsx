import { type TransactionDetail, formatDate, formatFiatMinor } from '@fincrypt/domain';
import { Card } from '../../../components/ui/card.tsx';
import { usePrices } from '../../prices/index.ts';
import { paymentComparison } from '../payment-facts.ts';

const FEE_NOTE = {
  quote: 'The network fee as quoted.',
  send: 'The network fee at the price the payment was valued at when sent.',
  today: "The network fee at today's price of the network's coin (no price of it was kept when sent).",
} as const;

/**
 * This payment's cost and time beside a typical bank wire and the remittance average for the same amount
 * (packages/domain/src/cost-comparison.ts), in the sender's currency, with the figures' source and date.
 */
export function CostComparisonCard({ transaction }: { transaction: TransactionDetail }) {
  const { prices } = usePrices();
  const result = paymentComparison(transaction, prices);
  if (!result) return null;
  const { cost, comparison } = result;
  const money = (minor: string | bigint) => formatFiatMinor(BigInt(minor), comparison.currency);
  return (
    <Card className="p-4 sm:p-6" role="region" aria-labelledby="cost-comparison-heading" data-testid="cost-comparison">
      <h2 id="cost-comparison-heading" className="text-lg font-semibold">
        Cost beside the old way
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
        {`Sending ${money(cost.amountMinor)}: what it cost, and what the same amount costs through a bank or a typical remittance provider. ${FEE_NOTE[cost.feeValuedBy]}`}
      </p>
      <div className="mt-3 overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">This payment's cost and time beside a bank wire and the remittance average</caption>
          <thead>
            <tr className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className="py-2 pr-3 font-medium">
                Way
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Cost
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Time
              </th>
              <th scope="col" className="py-2 font-medium">
                This payment saves
              </th>
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.id} className="border-b border-slate-100 last:border-0 dark:border-slate-800" data-testid={`cost-row-${row.id}`}>
                <th scope="row" className="py-2 pr-3 font-medium">
                  {row.label}
                </th>
                <td className="py-2 pr-3 tabular-nums">{`${money(row.costMinor)} (${row.costPercent}%)`}</td>
                <td className="py-2 pr-3">{row.time}</td>
                <td className="py-2 tabular-nums">{row.savingMinor === undefined ? '—' : money(row.savingMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-300">
        {'Source: '}
        <a href={comparison.source.url} target="_blank" rel="noopener noreferrer" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          {comparison.source.title}
        </a>
        {` (${comparison.source.basis}; as of ${formatDate(comparison.source.asOf, 'UTC')}). There is no FX markup here: the payment moves the asset itself, nothing is converted.`}
      </p>
    </Card>
  );
}
