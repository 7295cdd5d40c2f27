import { Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { explorerAddressPath, explorerPath } from '../../transactions/index.ts';
import { SEARCH_INPUT_MESSAGE, searchableQuery, useExplorerSearch } from '../api/search-explorer.ts';

/** What the box says when the search failed: the server's refusal (not a hash or an address, nothing found, too many), or a retry. */
function searchErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status < 500) return error.message;
  return 'The search could not be done just now. Try again.';
}

/**
 * One box for a transaction hash or an address of any network: a transaction opens its page, an address its
 * address page; anything else says why right under the box.
 */
export function ExplorerSearch() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const search = useExplorerSearch();
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = `${inputId}-error`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = searchableQuery(value);
    if (!query) {
      setError(SEARCH_INPUT_MESSAGE);
      return;
    }
    setError(undefined);
    search.mutate(query, {
      onSuccess: (result) => void navigate(result.kind === 'transaction' ? explorerPath(result.hash) : explorerAddressPath(result.address)),
      onError: (failure) => setError(searchErrorMessage(failure)),
    });
  };

  return (
    <form role="search" aria-label="Explorer" onSubmit={submit} noValidate className="space-y-1.5">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Transaction hash or address
      </label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          type="search"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            if (error) setError(undefined);
          }}
          placeholder="0x… or a Solana address or signature"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-w-0 flex-1 font-mono"
        />
        <Button type="submit" isBusy={search.isPending} className="shrink-0">
          {!search.isPending && <Search aria-hidden className="h-4 w-4" />}
          Search
        </Button>
      </div>
      <p id={errorId} role="alert" className="min-h-5 text-sm text-red-700 dark:text-red-400">
        {error}
      </p>
    </form>
  );
}
