import { Navigate, type RouteObject, createBrowserRouter } from 'react-router';
import { RedirectIfSignedIn, RequireAuth } from '../features/auth/index.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { RouteError } from './layout/route-error.tsx';

/** Each page is its own chunk, loaded when its route is first visited. */
const page = (load: () => Promise<{ default: React.ComponentType }>): Pick<RouteObject, 'lazy'> => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const routes: RouteObject[] = [
  {
    Component: AppLayout,
    errorElement: <RouteError />,
    HydrateFallback: () => null,
    children: [
      { index: true, ...page(() => import('../pages/public/home-page.tsx')) },
      { path: 'about', ...page(() => import('../pages/public/about-page.tsx')) },
      { path: 'contact', ...page(() => import('../pages/public/contact-page.tsx')) },
      { path: 'legal', ...page(() => import('../pages/public/legal-index-page.tsx')) },
      { path: 'legal/:document', ...page(() => import('../pages/public/legal-document-page.tsx')) },
      // The public explorer (issue 17): home with search and the live feed, address and block pages, any transaction.
      { path: 'explorer', ...page(() => import('../pages/public/explorer-home-page.tsx')) },
      { path: 'explorer/address/:address', ...page(() => import('../pages/public/explorer-address-page.tsx')) },
      { path: 'explorer/block/:network/:number', ...page(() => import('../pages/public/explorer-block-page.tsx')) },
      { path: 'explorer/:hash', ...page(() => import('../pages/public/explorer-page.tsx')) },
      // A payment request's public page (issue 16): anyone with the link; signed in, Pay opens the Send form.
      { path: 'pay/:id', ...page(() => import('../pages/public/pay-page.tsx')) },
      {
        Component: RedirectIfSignedIn,
        children: [
          { path: 'login', ...page(() => import('../pages/auth/login-page.tsx')) },
          { path: 'register', ...page(() => import('../pages/auth/register-page.tsx')) },
        ],
      },
      {
        Component: RequireAuth,
        children: [
          { path: 'dashboard', ...page(() => import('../pages/app/dashboard-page.tsx')) },
          { path: 'send-receive', ...page(() => import('../pages/app/send-receive-page.tsx')) },
          { path: 'insights', ...page(() => import('../pages/app/insights-page.tsx')) },
          { path: 'transactions', ...page(() => import('../pages/app/transactions-page.tsx')) },
          { path: 'transaction/:hash', ...page(() => import('../pages/app/transaction-detail-page.tsx')) },
          { path: 'transaction/:hash/receipt', ...page(() => import('../pages/app/transaction-receipt-page.tsx')) },
          { path: 'profile', ...page(() => import('../pages/app/profile-page.tsx')) },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
