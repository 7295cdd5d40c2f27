import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { useSessionSync } from '../features/auth/hooks/use-session-sync.ts';
import { useThemeStore } from '../features/preferences/theme-store.ts';

/** Server state: fresh for 15 s (the spec's price cadence), refetched on window focus. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 15_000, refetchOnWindowFocus: true, retry: 1 },
  },
});

function ThemedToaster() {
  const theme = useThemeStore((state) => state.theme);
  return <Toaster position="top-right" duration={5000} richColors closeButton theme={theme ?? 'system'} />;
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
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
