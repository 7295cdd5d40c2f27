import { Outlet } from 'react-router';
import { useThemeSync } from '../../features/preferences/index.ts';
import { OfflineNotice } from '../realtime/offline-notice.tsx';
import { CookieConsent } from './cookie-consent.tsx';
import { Footer } from './footer.tsx';
import { useScrollRestoration } from './scroll-restoration.ts';
import { TopBar } from './top-bar.tsx';

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
      <Footer />
      <CookieConsent />
    </div>
  );
}
