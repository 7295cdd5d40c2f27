import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FIRST_SCREEN_LIMITS, formatClockTime } from '@fincrypt/domain';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import {
  ExportCsvButton,
  NoTransactions,
  TransactionCounters,
  TransactionDayGroups,
  type TransactionFilterValues as Filters,
  TransactionFilters,
  defaultFilters,
  filtersFromSearchParams,
  filtersToSearchParams,
  hasActiveFilters,
  normalizeDateRange,
  toTransactionQuery,
  todayKey,
  useTransactionCounts,
  useTransactionList,
} from '../../features/transactions/index.ts';
import { cn } from '../../lib/cn.ts';
import { useDeferredAnswer } from '../../lib/use-deferred-answer.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const PAGE_SIZE = FIRST_SCREEN_LIMITS.transactionsPage;
/** Typing pauses this long before the search goes to the server. */
const SEARCH_DEBOUNCE_MS = 300;

/** Loads the next page when the end of the list scrolls into view (the button does the same by hand). */
function useLoadMoreWhenVisible(onVisible: () => void, isEnabled: boolean) {
  const [sentinel, setSentinel] = useState<HTMLDivElement | null>(null);
  const latest = useRef(onVisible);
  useEffect(() => {
    latest.current = onVisible;
  });
  useEffect(() => {
    if (!sentinel || !isEnabled || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) latest.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [sentinel, isEnabled]);
  return setSentinel;
}

/** The end of the list says what it counted: every transaction, or those matching the filters. */
function listEndText(shown: number, isFiltered: boolean): string {
  if (isFiltered) return shown === 1 ? '1 matching transaction' : `All ${shown} matching transactions shown`;
  return shown === 1 ? '1 transaction' : `All ${shown} transactions shown`;
}

export default function TransactionsPage() {
  usePageTitle('Transactions');
  const [searchParams, setSearchParams] = useSearchParams();
  const today = todayKey();
  const filters = filtersFromSearchParams(searchParams, today);
  const isFiltered = hasActiveFilters(filters, today);
  const query = toTransactionQuery(filters, today);

  const list = useTransactionList(query, PAGE_SIZE);
  const counts = useTransactionCounts();

  const setFilters = (next: Filters) => setSearchParams(filtersToSearchParams(normalizeDateRange(next, today), today), { replace: true });

  const [searchText, setSearchText] = useState(filters.search);
  // The box follows the URL when it changes from elsewhere (Clear Filters, back/forward, a wallet's explorer link).
  const [searchFromUrl, setSearchFromUrl] = useState(filters.search);
  if (searchFromUrl !== filters.search) {
    setSearchFromUrl(filters.search);
    if (filters.search.trim() !== searchText.trim()) setSearchText(filters.search);
  }
  const applySearch = useRef<(text: string) => void>(() => undefined);
  useEffect(() => {
    applySearch.current = (text) => setFilters({ ...filters, search: text });
  });
  useEffect(() => {
    if (searchText.trim() === filters.search.trim()) return;
    const timer = setTimeout(() => applySearch.current(searchText), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search]);

  // The list renders a first answer deferred, in slices (useDeferredAnswer): it is the page's largest render.
  const { data: listData, isWaiting: isListWaiting } = useDeferredAnswer(list);
  const transactions = listData?.pages.flatMap((page) => page.items) ?? [];
  const canLoadMore = list.hasNextPage && !list.isFetchingNextPage && !list.isPlaceholderData;
  // Observed only while a next page can be asked for: an observer reports a sentinel already in view when it starts,
  // so the end of the list reached during a refetch still loads once the refetch is over (it used to wait for a scroll).
  const sentinelRef = useLoadMoreWhenVisible(() => void list.fetchNextPage(), canLoadMore);

  const lastUpdated = Math.max(list.dataUpdatedAt, counts.dataUpdatedAt);
  // Only a refresh the user asked for shows as busy, not the refetches live updates cause.
  const [isRefreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await Promise.all([list.refetch(), counts.refetch()]).finally(() => setRefreshing(false));
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl font-bold">Transactions</h1>
        <div className="flex flex-wrap items-center gap-3">
          {/* Its room is kept (hidden) until the first answer: appearing later, it would wrap this row on a phone
              and push the filters and the list down (a layout shift). */}
          <p className={cn('text-sm text-slate-600 dark:text-slate-300', lastUpdated > 0 ? undefined : 'invisible')}>
            Last updated {formatClockTime(lastUpdated > 0 ? lastUpdated : Date.now())}
          </p>
          <Button
            variant="outline"
            size="sm"
            isBusy={isRefreshing}
            onClick={() => void refresh()}
          >
            {!isRefreshing && <RefreshCw aria-hidden className="h-4 w-4" />}
            Refresh
          </Button>
          <ExportCsvButton query={query} today={today} />
        </div>
      </header>

      <TransactionCounters isFiltered={isFiltered} />

      <Card className="p-4 sm:p-6">
        <TransactionFilters
          filters={filters}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onChange={(next) => setFilters({ ...filters, ...next })}
          onClear={() => {
            setSearchText('');
            setFilters(defaultFilters(today));
          }}
          isActive={isFiltered}
          today={today}
        />
      </Card>

      <Card className="p-2 sm:p-4" aria-busy={list.isPlaceholderData || undefined}>
        {isListWaiting ? (
          <div role="status" className="space-y-3 p-2">
            <span className="sr-only">Loading transactions</span>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-14" />
            ))}
          </div>
        ) : list.isError && !listData ? (
          <Alert tone="error" className="m-2">
            <p>Could not load your transactions.</p>
            <Button size="sm" variant="outline" className="mt-2" onClick={() => void list.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : transactions.length === 0 ? (
          <NoTransactions isFiltered={isFiltered} />
        ) : (
          <>
            <TransactionDayGroups transactions={transactions} now={new Date()} />
            <div ref={sentinelRef} className="flex flex-col items-center gap-2 pt-4 pb-2">
              {list.hasNextPage ? (
                <Button variant="outline" size="sm" isBusy={list.isFetchingNextPage} disabled={!canLoadMore} onClick={() => void list.fetchNextPage()}>
                  {list.isFetchingNextPage ? 'Loading more…' : 'Load more transactions'}
                </Button>
              ) : (
                <p className="text-sm text-slate-600 dark:text-slate-300">
                  {listEndText(transactions.length, isFiltered)}
                </p>
              )}
            </div>
          </>
        )}
      </Card>
    </div>
  );
}
