import { Navigate, Route, Routes, createRoutesFromElements, matchRoutes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/index.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { type LazyPage, lazyPage } from './lazy-page.ts';

// The declarative router (<BrowserRouter> + <Routes>) rather than the data router: the app loads no data through
// routes, and the data router's machinery cost 17 KB gzip on every first load (docs/decisions/014).

// Each page is its own chunk: main.tsx loads the first page's before the first render (preloadPageFor), later
// pages load when their route is first rendered (app.tsx's <Suspense> waits for them).
const HomePage = lazyPage(() => import('../pages/public/home-page.tsx'));
const AboutPage = lazyPage(() => import('../pages/public/about-page.tsx'));
const ContactPage = lazyPage(() => import('../pages/public/contact-page.tsx'));
const LegalIndexPage = lazyPage(() => import('../pages/public/legal-index-page.tsx'));
const LegalDocumentPage = lazyPage(() => import('../pages/public/legal-document-page.tsx'));
const ExplorerHomePage = lazyPage(() => import('../pages/public/explorer-home-page.tsx'));
const ExplorerAddressPage = lazyPage(() => import('../pages/public/explorer-address-page.tsx'));
const ExplorerBlockPage = lazyPage(() => import('../pages/public/explorer-block-page.tsx'));
const ExplorerPage = lazyPage(() => import('../pages/public/explorer-page.tsx'));
const PayPage = lazyPage(() => import('../pages/public/pay-page.tsx'));
const LoginPage = lazyPage(() => import('../pages/auth/login-page.tsx'));
const RegisterPage = lazyPage(() => import('../pages/auth/register-page.tsx'));
const DashboardPage = lazyPage(() => import('../pages/app/dashboard-page.tsx'));
const SendReceivePage = lazyPage(() => import('../pages/app/send-receive-page.tsx'));
const InsightsPage = lazyPage(() => import('../pages/app/insights-page.tsx'));
const TransactionsPage = lazyPage(() => import('../pages/app/transactions-page.tsx'));
const TransactionDetailPage = lazyPage(() => import('../pages/app/transaction-detail-page.tsx'));
const TransactionReceiptPage = lazyPage(() => import('../pages/app/transaction-receipt-page.tsx'));
const ProfilePage = lazyPage(() => import('../pages/app/profile-page.tsx'));

const appRoutes = (
  <Route element={<AppLayout />}>
    <Route index element={<HomePage />} />
    <Route path="about" element={<AboutPage />} />
    <Route path="contact" element={<ContactPage />} />
    <Route path="legal" element={<LegalIndexPage />} />
    <Route path="legal/:document" element={<LegalDocumentPage />} />
    {/* The public explorer (issue 17): home with search and the live feed, address and block pages, any transaction. */}
    <Route path="explorer" element={<ExplorerHomePage />} />
    <Route path="explorer/address/:address" element={<ExplorerAddressPage />} />
    <Route path="explorer/block/:network/:number" element={<ExplorerBlockPage />} />
    <Route path="explorer/:hash" element={<ExplorerPage />} />
    {/* A payment request's public page (issue 16): anyone with the link; signed in, Pay opens the Send form. */}
    <Route path="pay/:id" element={<PayPage />} />
    <Route element={<RedirectIfSignedIn />}>
      <Route path="login" element={<LoginPage />} />
      <Route path="register" element={<RegisterPage />} />
    </Route>
    <Route element={<RequireAuth />}>
      <Route path="dashboard" element={<DashboardPage />} />
      <Route path="send-receive" element={<SendReceivePage />} />
      <Route path="insights" element={<InsightsPage />} />
      <Route path="transactions" element={<TransactionsPage />} />
      <Route path="transaction/:hash" element={<TransactionDetailPage />} />
      <Route path="transaction/:hash/receipt" element={<TransactionReceiptPage />} />
      <Route path="profile" element={<ProfilePage />} />
    </Route>
    <Route path="*" element={<Navigate to="/" replace />} />
  </Route>
);

export function AppRoutes() {
  return <Routes>{appRoutes}</Routes>;
}

const routeObjects = createRoutesFromElements(appRoutes);

/** The lazily loaded page(s) the route at `pathname` renders: none for a redirect. */
export function pagesFor(pathname: string): LazyPage[] {
  return (matchRoutes(routeObjects, pathname) ?? [])
    .map((match) => (match.route.element as { type?: unknown } | undefined)?.type)
    .filter((type): type is LazyPage => typeof type === 'function' && 'preload' in type);
}

/** Loads the page chunk(s) the route at `pathname` renders. */
export function preloadPageFor(pathname: string): Promise<void> {
  return Promise.all(pagesFor(pathname).map((page) => page.preload())).then(() => undefined);
}
