import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
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

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ThemedToaster />
    </QueryClientProvider>
  );
}
