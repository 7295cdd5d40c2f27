import { useEffect } from 'react';

/** Sets the document title for the current page: "Title · FinCrypt". */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · FinCrypt` : 'FinCrypt';
  }, [title]);
}
