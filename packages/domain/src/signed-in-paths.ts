/**
 * The GET paths a signed-in page's first screen asks for, as the web app asks for them, and the list lengths in them.
 * The server names a page's first ones in its HTML as preloads (server/src/plugins/spa-routes.ts), so they load beside
 * the scripts instead of after them; a preload is used only when its URL is the very one the page then fetches, so
 * both sides build them here.
 */

/** How many of each list a first screen shows. */
export const FIRST_SCREEN_LIMITS = {
  /** The dashboard's newest transactions. */
  dashboardTransactions: 5,
  /** The dashboard's newest fraud alerts. */
  dashboardAlerts: 2,
  /** One page of /transactions. */
  transactionsPage: 25,
} as const;

export const signedInPaths = {
  /** The account's settings (every signed-in page reads its display currency). */
  account: '/api/account',
  wallets: '/api/wallets',
  prices: '/api/prices',
  contacts: '/api/contacts',
  transactionCounts: '/api/transactions/counts',
  alerts: (limit: number) => `/api/alerts?limit=${limit}`,
  /** The newest transactions, unfiltered. */
  transactions: (limit: number) => `/api/transactions?limit=${limit}`,
};
