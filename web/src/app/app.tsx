import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { RouteErrorBoundary } from './layout/route-error.tsx';
import { Providers } from './providers.tsx';
import { AppRoutes } from './router.tsx';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <RouteErrorBoundary>
          {/*
            The first screen shows the layout and its page together, once the page's chunk (preloaded by the HTML) is
            in: one render before the first paint rather than a shell and then the page. On a later navigation the
            old page stays until the new one is ready (BrowserRouter moves in a transition).
          */}
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </Providers>
  );
}
