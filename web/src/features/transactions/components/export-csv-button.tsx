import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { downloadText } from '../../../lib/download-text.ts';
import { toast } from '../../../lib/toast.ts';
import { getAllTransactions } from '../api/list-transactions.ts';
import { buildTransactionsCsv, csvFileName } from '../csv.ts';
import type { TransactionQuery } from '../filters.ts';

/** Downloads every transaction matching the current filters (all pages, not just those loaded) as CSV. */
export function ExportCsvButton({ query, today }: { query: TransactionQuery; today: string }) {
  const [loaded, setLoaded] = useState<number | null>(null);
  const isExporting = loaded !== null;
  const { prices } = usePrices();
  const currency = useCurrencyStore((state) => state.currency);

  const exportCsv = async () => {
    setLoaded(0);
    try {
      const transactions = await getAllTransactions(query, { onProgress: setLoaded });
      downloadText(csvFileName(today), buildTransactionsCsv(transactions, { prices, currency }), 'text/csv');
      toast.success(`Exported ${transactions.length} transaction${transactions.length === 1 ? '' : 's'}`);
    } catch {
      toast.error('Failed to export transactions');
    } finally {
      setLoaded(null);
    }
  };

  return (
    <Button variant="outline" size="sm" isBusy={isExporting} onClick={() => void exportCsv()}>
      {!isExporting && <Download aria-hidden className="h-4 w-4" />}
      {isExporting ? `Exporting${loaded ? ` ${loaded}` : ''}…` : 'Export CSV'}
    </Button>
  );
}
