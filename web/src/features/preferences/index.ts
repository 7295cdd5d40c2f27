/** The preferences feature's public API: display currency and theme. */
export { CurrencySelect } from './components/currency-select.tsx';
export { ThemeToggle } from './components/theme-toggle.tsx';
export { useCurrencyStore } from './currency-store.ts';
export { useThemeStore } from './theme-store.ts';
export { useThemeSync } from './use-theme-sync.ts';
