import { API_ERRORS, EXPLORER_LIMITS, type ExplorerSearchResult, explorerPaths } from '@fincrypt/domain';
import { useMutation } from '@tanstack/react-query';
import { getExplorer } from './parse-response.ts';

/** What the search box says before asking, when the box is empty or longer than any hash or address. */
export const SEARCH_INPUT_MESSAGE = API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress;

/** A query worth sending: trimmed, not empty, not longer than any hash or address; undefined otherwise. */
export function searchableQuery(input: string): string | undefined {
  const query = input.trim();
  return query && query.length <= EXPLORER_LIMITS.queryChars ? query : undefined;
}

/** GET /api/explorer/search?q=: what a hash or an address names (a transaction, or an address on its networks). */
export function searchExplorer(query: string, signal?: AbortSignal): Promise<ExplorerSearchResult> {
  return getExplorer(explorerPaths.search(query), (schemas) => schemas.explorerSearchResultSchema, signal);
}

/** The search box's request: it runs on submit, not as the visitor types. */
export function useExplorerSearch() {
  return useMutation({ mutationFn: (query: string) => searchExplorer(query) });
}
