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
            The first screen renders the layout and its page in one go: main.tsx loads the page's chunk (preloaded by
            the HTML) before the first render, so nothing suspends (app/lazy-page.ts). On a later navigation the old
            page stays until the new one is ready (BrowserRouter moves in a transition).
          */}
          <Suspense fallback={null}>
            <AppRoutes />
          </Suspense>
        </RouteErrorBoundary>
      </BrowserRouter>
    </Providers>
  );
}
