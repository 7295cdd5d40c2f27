import {
  NETWORKS,
  type TransactionView,
  confirmationsLabel,
  formatDateTime,
  formatTime,
  shortenAddress,
  shortAmount,
} from '@fincrypt/domain';
import { ArrowDownLeft, ArrowUpRight, Droplets } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { cn } from '../../../lib/cn.ts';
import { useCurrencyStore } from '../../preferences/index.ts';
import { usePrices } from '../../prices/index.ts';
import { rowValueLine, valueNow, valueThen } from '../fiat-values.ts';
import { transactionKindLabel } from '../labels.ts';
import { transactionPath } from '../paths.ts';
import { TransactionStatus } from './transaction-status.tsx';

/**
 * One transaction in a list, as a link to its detail page: click or Enter opens it like any link, and so
 * does Space, as for a button (docs/product.md#transactions asks for both keys).
 */
export function TransactionRow({ transaction, timeFormat = 'time' }: { transaction: TransactionView; timeFormat?: 'time' | 'dateTime' }) {
  const navigate = useNavigate();
  const isSend = transaction.type === 'send';
  const isMint = transaction.type === 'mint';
  const Arrow = isSend ? ArrowUpRight : isMint ? Droplets : ArrowDownLeft;
  const counterparty = isSend ? transaction.toAddress : transaction.fromAddress;
  const path = transactionPath(transaction.hash);
  const { prices } = usePrices();
  const currency = useCurrencyStore((state) => state.currency);
  const valueLine = rowValueLine(valueThen(transaction, currency), valueNow(transaction, prices, currency));

  const openWithSpace = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key !== ' ') return;
    event.preventDefault();
    void navigate(path);
  };

  return (
    <Link
      to={path}
      onKeyDown={openWithSpace}
      data-testid="transaction-row"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg px-3 py-3 hover:bg-slate-50 dark:hover:bg-slate-800/60"
    >
      <span
        className={cn(
          'flex h-9 w-9 shrink-0 items-center justify-center rounded-full',
          isSend ? 'bg-red-50 text-red-700 dark:bg-red-950 dark:text-red-300' : 'bg-green-50 text-green-700 dark:bg-green-950 dark:text-green-300',
        )}
      >
        <Arrow aria-hidden className="h-4 w-4" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900 dark:text-slate-100">
          {transactionKindLabel(transaction.type)}{' '}
          <span className="font-normal text-slate-600 dark:text-slate-300">· {NETWORKS[transaction.network]?.label ?? transaction.network}</span>
        </span>
        <span className="block text-sm text-slate-600 dark:text-slate-300">
          {/* Test funds come from the faucet, not from an address anyone holds. */}
          {isMint ? (
            'From the test faucet'
          ) : (
            <>
              {isSend ? 'To' : 'From'}: <span className="font-mono">{shortenAddress(counterparty)}</span>
              {/* A demo network participant is labelled as simulated wherever it appears. */}
              {transaction.counterpartyLabel && <span data-testid="counterparty-label"> · {transaction.counterpartyLabel}</span>}
            </>
          )}
        </span>
      </span>
      <span className="ml-12 min-w-0 text-left sm:ml-0 sm:text-right">
        <span
          className={cn('block font-semibold tabular-nums break-all', isSend ? 'text-red-700 dark:text-red-400' : 'text-green-700 dark:text-green-400')}
        >
          {isSend ? '-' : '+'}
          {shortAmount(transaction.amount)} {transaction.symbol}
        </span>
        {/* Its value when sent (kept with it) and now (at the live price), in the display currency where one was kept. */}
        <span className="block text-xs tabular-nums text-slate-600 dark:text-slate-300" data-testid="transaction-value">
          {valueLine}
        </span>
        <span className="flex flex-wrap items-center gap-x-2 text-sm sm:justify-end">
          <TransactionStatus status={transaction.status} />
          {transaction.confirmations > 0 && (
            <span className="text-slate-600 dark:text-slate-300">{confirmationsLabel(transaction.confirmations)}</span>
          )}
        </span>
        <span className="block text-xs text-slate-600 dark:text-slate-300">
          <time dateTime={transaction.timestamp}>
            {timeFormat === 'time' ? formatTime(transaction.timestamp) : formatDateTime(transaction.timestamp)}
          </time>
        </span>
      </span>
    </Link>
  );
}
