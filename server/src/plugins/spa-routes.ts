import { EXPLORER_LIMITS } from '@fincrypt/domain';

/**
 * The web app's client routes (web/src/app/router.tsx) and the page module each one loads lazily, so the
 * server can name a page's chunks in the HTML it answers (plugins/spa-hints.ts). A route missing here still
 * works; its page only loads later, after the entry chunk has run. spa.test.ts checks this list against the router.
 */
export interface SpaRoute {
  /** The route's path as the router writes it: `:name` matches one non-empty segment. */
  path: string;
  /** The page module (the Vite manifest's key). */
  module: string;
  /** The page is shown to a signed-in user only (RequireAuth). */
  isSignedIn: boolean;
  /**
   * The GET requests the page makes as it first renders, as the web app writes them (the path's `:name` values in
   * order): the server answers them into the HTML (spa-page-data.ts) so the page need not wait for them. A
   * request written otherwise here is merely asked again by the page; e2e/tests/page-data.spec.ts checks they agree.
   */
  data?: (params: string[]) => string[];
}

/** What every page asks as it first renders for a signed-in user (the account's display currency and settings). */
export const SIGNED_IN_DATA: readonly string[] = ['/api/account'];
const segment = (value: string) => encodeURIComponent(value);
/** The simulated participants' public names, which every explorer page shows beside their addresses. */
const EXPLORER_LABELS = '/api/explorer/labels';

export const SPA_ROUTES: readonly SpaRoute[] = [
  { path: '/', module: 'src/pages/public/home-page.tsx', isSignedIn: false },
  { path: '/about', module: 'src/pages/public/about-page.tsx', isSignedIn: false },
  { path: '/contact', module: 'src/pages/public/contact-page.tsx', isSignedIn: false },
  { path: '/legal', module: 'src/pages/public/legal-index-page.tsx', isSignedIn: false },
  { path: '/legal/:document', module: 'src/pages/public/legal-document-page.tsx', isSignedIn: false },
  {
    path: '/explorer',
    module: 'src/pages/public/explorer-home-page.tsx',
    isSignedIn: false,
    data: () => [EXPLORER_LABELS, '/api/explorer/stats', `/api/explorer/transactions?limit=${EXPLORER_LIMITS.latestDefault}`, `/api/explorer/blocks?limit=${EXPLORER_LIMITS.blocksDefault}`],
  },
  {
    path: '/explorer/address/:address',
    module: 'src/pages/public/explorer-address-page.tsx',
    isSignedIn: false,
    data: ([address]) => [EXPLORER_LABELS, `/api/explorer/address/${segment(address!)}?limit=${EXPLORER_LIMITS.pageDefault}`],
  },
  {
    path: '/explorer/block/:network/:number',
    module: 'src/pages/public/explorer-block-page.tsx',
    isSignedIn: false,
    data: ([network, number]) => [EXPLORER_LABELS, `/api/explorer/block/${segment(network!)}/${segment(number!)}?limit=${EXPLORER_LIMITS.pageDefault}`],
  },
  { path: '/explorer/:hash', module: 'src/pages/public/explorer-page.tsx', isSignedIn: false, data: ([hash]) => [EXPLORER_LABELS, '/api/prices', `/api/explorer/tx/${segment(hash!)}`] },
  { path: '/pay/:id', module: 'src/pages/public/pay-page.tsx', isSignedIn: false },
  { path: '/login', module: 'src/pages/auth/login-page.tsx', isSignedIn: false },
  { path: '/register', module: 'src/pages/auth/register-page.tsx', isSignedIn: false },
  {
    path: '/dashboard',
    module: 'src/pages/app/dashboard-page.tsx',
    isSignedIn: true,
    data: () => ['/api/wallets', '/api/transactions?limit=5', '/api/alerts?limit=2', '/api/prices'],
  },
  {
    path: '/send-receive',
    module: 'src/pages/app/send-receive-page.tsx',
    isSignedIn: true,
    data: () => ['/api/wallets', '/api/contacts', '/api/prices'],
  },
  {
    path: '/insights',
    module: 'src/pages/app/insights-page.tsx',
    isSignedIn: true,
    data: () => ['/api/prices', '/api/risk', '/api/alerts?limit=20', '/api/insights/sentiment?token=ethereum'],
  },
  {
    path: '/transactions',
    module: 'src/pages/app/transactions-page.tsx',
    isSignedIn: true,
    data: () => ['/api/prices', '/api/transactions/counts', '/api/transactions?limit=25'],
  },
  { path: '/transaction/:hash', module: 'src/pages/app/transaction-detail-page.tsx', isSignedIn: true },
  { path: '/transaction/:hash/receipt', module: 'src/pages/app/transaction-receipt-page.tsx', isSignedIn: true },
  { path: '/profile', module: 'src/pages/app/profile-page.tsx', isSignedIn: true },
];

/**
 * Modules the entry loads lazily for every signed-in user on any page that the first screen shows: the user chip in
 * the top bar. The realtime connection (the socket client and its event handlers, a dozen chunks) is left to load when
 * the app mounts: preloaded, it took six of a phone's connections from the page's own chunks before its first paint.
 */
export const SIGNED_IN_MODULES: readonly string[] = ['src/app/layout/user-chip.tsx'];

/** The route a pathname shows, as react-router matches it (case-insensitive, a trailing slash ignored); undefined for none. */
export function matchSpaRoute(pathname: string): SpaRoute | undefined {
  return matchSpaRouteWithParams(pathname)?.route;
}

/** The route a pathname shows and the values of its `:name` segments, decoded as the router decodes them. */
export function matchSpaRouteWithParams(pathname: string): { route: SpaRoute; params: string[] } | undefined {
  const segments = pathname.split('/').filter(Boolean);
  const route = SPA_ROUTES.find((candidate) => {
    const pattern = candidate.path.split('/').filter(Boolean);
    return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase()));
  });
  if (!route) return undefined;
  const pattern = route.path.split('/').filter(Boolean);
  const params: string[] = [];
  for (const [i, part] of pattern.entries()) {
    if (!part.startsWith(':')) continue;
    try {
      params.push(decodeURIComponent(segments[i]!));
    } catch {
      params.push(segments[i]!);
    }
  }
  return { route, params };
}
