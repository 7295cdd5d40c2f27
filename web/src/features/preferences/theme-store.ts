import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type Theme = 'light' | 'dark';

interface ThemeState {
  /** The user's explicit choice; null = follow the system. */
  theme: Theme | null;
  setTheme: (theme: Theme) => void;
}

/** Persisted under "fincrypt-theme"; public/theme-init.js reads the same key before first paint. */
export const useThemeStore = create<ThemeState>()(
  persist((set) => ({ theme: null, setTheme: (theme) => set({ theme }) }), {
    name: 'fincrypt-theme',
    storage: createJSONStorage(() => localStorage),
    partialize: (state) => ({ theme: state.theme }),
  }),
);

export function systemTheme(): Theme {
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
}
