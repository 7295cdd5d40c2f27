import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { useThemeSync } from '../../features/preferences/index.ts';
import { OfflineNotice } from '../realtime/offline-notice.tsx';
import { hasAnsweredConsent } from './consent-cookie.ts';
import { useScrollRestoration } from './scroll-restoration.ts';
import { TopBar } from './top-bar.tsx';

// Below the first screen (main is a screen tall), the footer arrives in a chunk of its own, after what is on screen.
const Footer = lazy(() => import('./footer.tsx').then((module) => ({ default: module.Footer })));
// The banner's code comes in its own chunk, asked for only while the visitor has not answered it.
const CookieConsent = lazy(() => import('./cookie-consent.tsx').then((module) => ({ default: module.CookieConsent })));

export function AppLayout() {
  useThemeSync();
  useScrollRestoration();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only print:hidden focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-indigo-700"
      >
        Skip to content
      </a>
      <TopBar />
      <OfflineNotice />
      {/* At least a screen tall, so the footer starts below the fold and content arriving later never pushes it (layout shift). */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-screen w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none print:min-h-0 print:max-w-none print:p-0">
        <Outlet />
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      {!hasAnsweredConsent() && (
        <Suspense fallback={null}>
          <CookieConsent />
        </Suspense>
      )}
    </div>
  );
}
