import { useEffect } from 'react';
import { applyTheme, useThemeStore } from './theme-store.ts';
import { useSystemTheme } from './use-system-theme.ts';

/** Keeps the `dark` class in step with the stored choice, or with the system while nothing is stored. */
export function useThemeSync(): void {
  const storedTheme = useThemeStore((state) => state.theme);
  const systemTheme = useSystemTheme();
  const theme = storedTheme ?? systemTheme;
  useEffect(() => applyTheme(theme), [theme]);
}
