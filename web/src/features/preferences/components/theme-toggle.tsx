import { Moon, Sun } from 'lucide-react';
import { useThemeStore } from '../theme-store.ts';
import { useSystemTheme } from '../use-system-theme.ts';

export function ThemeToggle() {
  const storedTheme = useThemeStore((state) => state.theme);
  const setTheme = useThemeStore((state) => state.setTheme);
  const systemTheme = useSystemTheme();
  const current = storedTheme ?? systemTheme;
  const next = current === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      onClick={() => setTheme(next)}
      aria-label={`Switch to ${next} mode`}
      title={`Switch to ${next} mode`}
      className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {current === 'dark' ? <Sun aria-hidden className="h-5 w-5" /> : <Moon aria-hidden className="h-5 w-5" />}
    </button>
  );
}
