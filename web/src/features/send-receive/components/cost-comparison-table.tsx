import { type CostComparison, formatDate, formatFiatMinor } from '@fincrypt/domain';

/**
 * This payment's cost and time beside a typical bank wire and the remittance average for the same amount, with
 * what it saves in the sender's currency, and where the old way's figures come from (remittance-benchmarks.ts).
 */
export function CostComparisonTable({ comparison }: { comparison: CostComparison }) {
  const { currency, rows, source } = comparison;
  return (
    <div className="space-y-2">
      <table className="w-full text-sm tabular-nums">
        <caption className="mb-2 text-left font-medium text-slate-900 dark:text-slate-100">Cost beside the old way</caption>
        <thead>
          <tr className="text-left text-slate-600 dark:text-slate-400">
            <th scope="col" className="py-1 pr-2 font-medium">Way to send</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Cost</th>
            <th scope="col" className="py-1 pr-2 text-right font-medium">Time</th>
            <th scope="col" className="py-1 text-right font-medium">You save</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const saving = row.savingMinor === undefined ? undefined : BigInt(row.savingMinor);
            return (
              <tr key={row.id} className="border-t border-slate-200 dark:border-slate-700">
                <th scope="row" className="py-1 pr-2 text-left font-normal">
                  {row.label}
                </th>
                <td className="py-1 pr-2 text-right">{`${formatFiatMinor(BigInt(row.costMinor), currency)} (${row.costPercent}%)`}</td>
                <td className="py-1 pr-2 text-right">{row.time}</td>
                <td className="py-1 text-right">
                  {saving === undefined ? '—' : saving >= 0n ? formatFiatMinor(saving, currency) : `costs ${formatFiatMinor(-saving, currency)} more`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {`Source: `}
        <a href={source.url} target="_blank" rel="noreferrer" className="underline">
          {source.title}
        </a>
        {` — ${source.basis}, as of ${formatDate(source.asOf, 'UTC')}.`}
      </p>
    </div>
  );
}
