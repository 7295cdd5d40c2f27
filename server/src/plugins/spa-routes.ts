import { FIRST_SCREEN_LIMITS, explorerPaths, isNetworkId, readBlockNumber, signedInPaths } from '@fincrypt/domain';

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
   * The GET API paths the page asks for on its first render, from its address (the route's params, decoded as
   * react-router decodes them, and the query string), built as the page builds them (@fincrypt/domain), so the HTML
   * can preload them and the page's first data does not wait for its scripts. None when the page would ask for nothing.
   */
  firstData?: (params: Readonly<Record<string, string>>, search: URLSearchParams) => string[];
  /**
   * Modules the page imports on demand before it can draw its first answer (Vite manifest keys), preloaded with the
   * page's own chunks: where that answer is the page's largest paint, its check must not wait for the page to run.
   */
  answerModules?: readonly string[];
}

/** The explorer pages show labels beside the addresses of their first data. */
const withLabels = (...paths: string[]) => [...paths, explorerPaths.labels];
/** Every signed-in page reads the account's display currency and the prices its amounts are valued at. */
const withAccount = (...paths: string[]) => [signedInPaths.account, signedInPaths.prices, ...paths];
const networkOf = (search: URLSearchParams) => {
  const network = search.get('network');
  return isNetworkId(network) ? network : undefined;
};

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
    firstData: (_, search) => withLabels(explorerPaths.stats, explorerPaths.latestTransactions(networkOf(search)), explorerPaths.latestBlocks(networkOf(search))),
  },
  {
    path: '/explorer/address/:address',
    module: 'src/pages/public/explorer-address-page.tsx',
    isSignedIn: false,
    firstData: ({ address }, search) => withLabels(explorerPaths.address(address!, networkOf(search))),
    // Its largest paint is the answer (the balances of each network), drawn once the schemas have checked it.
    answerModules: ['src/features/explorer/api/explorer-schemas.ts'],
  },
  {
    path: '/explorer/block/:network/:number',
    module: 'src/pages/public/explorer-block-page.tsx',
    isSignedIn: false,
    firstData: ({ network, number }) => {
      const blockNumber = readBlockNumber(number!);
      return isNetworkId(network) && blockNumber !== undefined ? withLabels(explorerPaths.block(network, blockNumber)) : [];
    },
  },
  {
    path: '/explorer/:hash',
    module: 'src/pages/public/explorer-page.tsx',
    isSignedIn: false,
    firstData: ({ hash }) => withLabels(explorerPaths.transaction(hash!)),
  },
  { path: '/pay/:id', module: 'src/pages/public/pay-page.tsx', isSignedIn: false },
  { path: '/login', module: 'src/pages/auth/login-page.tsx', isSignedIn: false },
  { path: '/register', module: 'src/pages/auth/register-page.tsx', isSignedIn: false },
  {
    path: '/dashboard',
    module: 'src/pages/app/dashboard-page.tsx',
    isSignedIn: true,
    firstData: () =>
      withAccount(
        signedInPaths.wallets,
        signedInPaths.transactions(FIRST_SCREEN_LIMITS.dashboardTransactions),
        signedInPaths.alerts(FIRST_SCREEN_LIMITS.dashboardAlerts),
      ),
  },
  {
    path: '/send-receive',
    module: 'src/pages/app/send-receive-page.tsx',
    isSignedIn: true,
    firstData: () => withAccount(signedInPaths.wallets, signedInPaths.contacts),
  },
  { path: '/insights', module: 'src/pages/app/insights-page.tsx', isSignedIn: true },
  {
    path: '/transactions',
    module: 'src/pages/app/transactions-page.tsx',
    isSignedIn: true,
    // The list's first page only unfiltered: the filters in a query string are read by the page (and depend on its day).
    firstData: (_, search) =>
      withAccount(signedInPaths.transactionCounts, ...(search.size === 0 ? [signedInPaths.transactions(FIRST_SCREEN_LIMITS.transactionsPage)] : [])),
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

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** The route a pathname shows, as react-router matches it (case-insensitive, a trailing slash ignored); undefined for none. */
export function matchSpaRoute(pathname: string): SpaRoute | undefined {
  const segments = segmentsOf(pathname);
  return SPA_ROUTES.find((route) => {
    const pattern = segmentsOf(route.path);
    return pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') || part.toLowerCase() === segments[i]!.toLowerCase()));
  });
}

/**
 * The API paths a route's page asks for first (`firstData`), for a pathname `matchSpaRoute` matched to it and the
 * request's query string; none when a param is not valid percent-encoding (the page gets no further than its error).
 */
export function firstDataOf(route: SpaRoute, pathname: string, search: string): string[] {
  if (!route.firstData) return [];
  const segments = segmentsOf(pathname);
  const params: Record<string, string> = {};
  try {
    segmentsOf(route.path).forEach((part, i) => {
      if (part.startsWith(':')) params[part.slice(1)] = decodeURIComponent(segments[i]!);
    });
  } catch {
    return [];
  }
  return route.firstData(params, new URLSearchParams(search));
}
