import { useSyncExternalStore } from 'react';
import { type Theme, systemTheme } from './theme-store.ts';

const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia?.(DARK_SCHEME_QUERY);
  if (!query) return () => undefined;
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** The operating system's colour scheme, re-rendering when the user changes it. */
export function useSystemTheme(): Theme {
  return useSyncExternalStore(subscribe, systemTheme);
}
