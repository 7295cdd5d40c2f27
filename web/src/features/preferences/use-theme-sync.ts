import { useEffect } from 'react';
import { applyTheme, systemTheme, useThemeStore } from './theme-store.ts';

/** Keeps the `dark` class in step with the stored choice, or with the system while nothing is stored. */
export function useThemeSync(): void {
  const theme = useThemeStore((state) => state.theme);
  useEffect(() => {
    if (theme) {
      applyTheme(theme);
      return;
    }
    applyTheme(systemTheme());
    const query = window.matchMedia?.('(prefers-color-scheme: dark)');
    if (!query) return;
    const onChange = () => applyTheme(systemTheme());
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
}
