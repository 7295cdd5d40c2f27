import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, lazy, useEffect } from 'react';
import { useSessionSync } from '../features/auth/index.ts';
import { useThemeStore } from '../features/preferences/index.ts';
import { markToasterMounted } from '../lib/toast.ts';
import { useAfterFirstAnswers } from '../lib/after-first-answers.ts';
import { LiveUpdates } from './realtime/live-updates.tsx';

/** Server state: fresh for 15 s (the price cadence, docs/product.md#prices), refetched on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, refetchOnWindowFocus: true, retry: 1 },
  },
});

// Loaded once the page has shown its first answers, rather than in the first bundle or before them (see lib/toast.ts).
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/**
 * Where toasts start: below the top bar (its row is h-16, 64 px, plus a 1 px border), so they never cover its
 * currency, theme and name controls; 12 px clear of it.
 */
const TOAST_TOP_OFFSET = 'calc(4rem + 1px + 0.75rem)';

/** Mounts with the lazy <Toaster>, after it (effects run in order): from then on toasts show. */
function ToasterMounted() {
  useEffect(() => markToasterMounted(), []);
  return null;
}

/**
 * Toasts at the top right, below the top bar, for 5 s, at most 20 kept, in the app's theme; listed one under another
 * (`expand`), so a toast that arrives never hides the one before it (a send's "View payment" under "Balance updated").
 */
function ThemedToaster() {
  const theme = useThemeStore((state) => state.theme);
  const haveFirstAnswersShown = useAfterFirstAnswers();
  if (!haveFirstAnswersShown) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        position="top-right"
        offset={{ top: TOAST_TOP_OFFSET }}
        mobileOffset={{ top: TOAST_TOP_OFFSET }}
        duration={5000}
        visibleToasts={20}
        expand
        closeButton
        theme={theme ?? 'system'}
      />
      <ToasterMounted />
    </Suspense>
  );
}

/** Follows sign-outs in other tabs and sessions the server no longer knows. */
function SessionSync() {
  useSessionSync();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionSync />
      <LiveUpdates />
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
