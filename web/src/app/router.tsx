import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/index.ts';
import { AppLayout } from './layout/app-layout.tsx';

// The declarative router (<BrowserRouter> + <Routes>) rather than the data router: the app loads no data through
// routes, and the data router's machinery cost 17 KB gzip on every first load (docs/decisions/014).

// Each page is its own chunk, loaded when its route is first rendered (app.tsx's <Suspense> waits for it).
const HomePage = lazy(() => import('../pages/public/home-page.tsx'));
const AboutPage = lazy(() => import('../pages/public/about-page.tsx'));
const ContactPage = lazy(() => import('../pages/public/contact-page.tsx'));
const LegalIndexPage = lazy(() => import('../pages/public/legal-index-page.tsx'));
const LegalDocumentPage = lazy(() => import('../pages/public/legal-document-page.tsx'));
const ExplorerHomePage = lazy(() => import('../pages/public/explorer-home-page.tsx'));
const ExplorerAddressPage = lazy(() => import('../pages/public/explorer-address-page.tsx'));
const ExplorerBlockPage = lazy(() => import('../pages/public/explorer-block-page.tsx'));
const ExplorerPage = lazy(() => import('../pages/public/explorer-page.tsx'));
const PayPage = lazy(() => import('../pages/public/pay-page.tsx'));
const LoginPage = lazy(() => import('../pages/auth/login-page.tsx'));
const RegisterPage = lazy(() => import('../pages/auth/register-page.tsx'));
const DashboardPage = lazy(() => import('../pages/app/dashboard-page.tsx'));
const SendReceivePage = lazy(() => import('../pages/app/send-receive-page.tsx'));
const InsightsPage = lazy(() => import('../pages/app/insights-page.tsx'));
const TransactionsPage = lazy(() => import('../pages/app/transactions-page.tsx'));
const TransactionDetailPage = lazy(() => import('../pages/app/transaction-detail-page.tsx'));
const TransactionReceiptPage = lazy(() => import('../pages/app/transaction-receipt-page.tsx'));
const ProfilePage = lazy(() => import('../pages/app/profile-page.tsx'));

export function AppRoutes() {
  return (
    <Routes>
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
    </Routes>
  );
}
