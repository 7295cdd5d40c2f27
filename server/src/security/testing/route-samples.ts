import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { RouteEntry } from '../../app.ts';
import { type TestUser, call } from '../../test/auth-client.ts';
import { type ChainApp, fundedUser } from '../../test/chain-steps.ts';
import { externalAddress, postSend, walletOn } from '../../test/ledger-client.ts';
import { addPasskey, createSoftwarePasskey, signInWithPasskey } from '../../test/software-passkey.ts';

/**
 * What the security sweeps need to know about the route table, kept in one place: which routes are public
 * and why, and a valid request for every route that writes or takes an id. A new route that is in neither
 * list fails the sweeps until someone decides what it is.
 */

/** "GET /api/x" — HEAD is answered by the GET route, so it shares its entry. */
export const routeKey = (route: Pick<RouteEntry, 'method' | 'url'>) => `${route.method === 'HEAD' ? 'GET' : route.method} ${route.url}`;

/** Routes that answer a signed-out caller, each with the reason. Every other /api route answers 401. */
export const PUBLIC_ROUTES: Record<string, string> = {
  'GET /api/health': 'liveness for load balancers: version and database kind',
  'POST /api/contact': 'the contact form is for visitors (rate limited per IP)',
  'GET /api/prices': 'the home page ticker shows prices to visitors',
  'GET /api/prices/history': 'market charts, no personal data',
  'GET /api/explorer/tx/:hash': 'the block explorer is public by design, as a chain is',
  // ---- the living explorer (issue 17): chain data only, paged with hard caps, limited per IP (decision 009) ----
  'GET /api/explorer/search': 'the explorer search box: what a hash or an address names on the chains',
  'GET /api/explorer/transactions': "the explorer's latest transactions, as a chain shows them",
  'GET /api/explorer/blocks': "the explorer's latest blocks",
  'GET /api/explorer/stats': "each network's figures over the last minute",
  'GET /api/explorer/labels': "the demo network's simulated participants' public labels (not people)",
  'GET /api/explorer/address/:address': "an address's balances and transactions, as a chain shows them",
  'GET /api/explorer/block/:network/:number': "a block's transactions, as a chain shows them",
  'GET /api/auth/get-session': 'answers null when signed out',
  'POST /api/auth/sign-up/email': 'creates an account (rate limited per IP)',
  'POST /api/auth/sign-in/email': 'signs in (rate limited per IP and per account)',
  'POST /api/auth/sign-out': 'ends the session its cookie names; nothing to do without one',
  'POST /api/auth/two-factor/verify-totp':
    'second step of a 2FA sign-in, authorised by the 2FA challenge cookie instead of a session (401 without either)',
  'POST /api/auth/two-factor/verify-backup-code': 'second step of a 2FA sign-in, like verify-totp',
  'GET /api/auth/passkey/generate-authenticate-options':
    'starts a passkey sign-in: a single-use challenge for five minutes, no account named (rate limited per IP)',
  'POST /api/auth/passkey/verify-authentication':
    "signs in with a passkey: authorised by the challenge cookie and the passkey's signature (rate limited per IP with password sign-ins)",
  // ---- payment requests (issue 16) ----
  'GET /api/pay/:id':
    'a payment request as its link shows it, to payers who may be signed out: only what the requester chose to share; the id is 128 random bits (rate limited per IP)',
};

/**
 * Routes outside /api that any site may call, which read no cookie and so need no origin check (their route config
 * says isOpenToOtherSites), each with the reason.
 */
export const OPEN_TO_OTHER_SITES: Record<string, string> = {
  'POST /rpc/:network':
    "the JSON-RPC endpoint wallets use (issue 49): forwards an allow-list of chain reads and signed transactions to the network's node, no session, limited per IP",
  'OPTIONS /rpc/:network': "its CORS preflight, so another site's page may call it",
  'GET /rpc': 'the networks that have a JSON-RPC endpoint, with what a wallet needs to add each one (chain id, name, coin, path); no session',
};

/** The OpenAPI document and its UI. */
export const PUBLIC_PREFIXES = ['/api/docs'];

export const isApiRoute = (route: Pick<RouteEntry, 'url'>) => route.url === '/api' || route.url.startsWith('/api/');

export const isPublicRoute = (route: Pick<RouteEntry, 'method' | 'url'>) =>
  routeKey(route) in PUBLIC_ROUTES || PUBLIC_PREFIXES.some((prefix) => route.url === prefix || route.url.startsWith(`${prefix}/`));

export const isStateChanging = (route: Pick<RouteEntry, 'method'>) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);

/** The /api routes of the app, one entry per method (HEAD included). */
export function apiRoutes(app: FastifyInstance): RouteEntry[] {
  return app.routeTable.filter(isApiRoute);
}

/** The keys of a zod object schema (a route's body or querystring), or none. */
export function zodKeys(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : [];
}

const ID_LIKE = /(^id$|Id$|^hash$|Hash$)/;

/** The names of the ids a route takes: path parameters, and id- or hash-like fields of its query or body. */
export function idInputs(route: RouteEntry): string[] {
  const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  const fields = [...zodKeys(route.schema?.querystring), ...zodKeys(route.schema?.body)].filter((key) => ID_LIKE.test(key));
  return [...new Set([...pathParams, ...fields])];
}

/** One user's things that another user must not reach. */
export interface OwnedThings {
  owner: TestUser;
  walletId: string;
  address: string;
  hash: string;
  /** A contact the owner saved. */
  contactId: string;
  /** An open payment request of the owner's (its /pay/{id} id). */
  paymentRequestId: string;
  /** A passkey of the owner's. */
  passkeyId: string;
}

export interface SampleRequest {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * The status the owner gets when it is not a success, because the route serves only some accounts (a demo
   * account's test key): another user still gets 404, which proves the ownership check comes first.
   */
  ownerStatus?: number;
}

/** Signs a user up and makes one send once their grants are in a block, so there is a wallet and a transaction hash to reach for. */
export async function createOwnedThings(ctx: ChainApp, name = 'Owner'): Promise<OwnedThings> {
  const { app } = ctx;
  const { user: owner } = await fundedUser(ctx, { name });
  const wallet = await walletOn(app, owner, 'eth_sepolia');
  const sent = await postSend(app, owner, { walletId: wallet.id, to: externalAddress('eth_sepolia'), amount: '1' });
  if (sent.statusCode !== 201) throw new Error(`send failed: ${sent.statusCode} ${sent.body}`);
  const requested = await call(app, 'POST', '/api/payment-requests', {
    cookie: owner.cookie,
    body: { walletId: wallet.id, asset: 'ETH', amount: '0.5', displayName: name },
  });
  if (requested.statusCode !== 201) throw new Error(`payment request failed: ${requested.statusCode} ${requested.body}`);
  // The owner opens the link once, as a requester checks what a payer will see. A pay-page read counts against its
  // address's limit: the counter for this address then exists, and the sweeps' reads only move it.
  const opened = await call(app, 'GET', `/api/pay/${requested.json().id}`);
  if (opened.statusCode !== 200) throw new Error(`pay page failed: ${opened.statusCode} ${opened.body}`);
  // The send and the request read the prices at hand, which starts a refresh that records prices in the background:
  // wait for it, so a sweep that compares the database before and after sees only what its own requests wrote.
  await app.prices.latestPoint('ethereum');
  const contact = await call(app, 'POST', '/api/contacts', {
    cookie: owner.cookie,
    body: { network: 'eth_sepolia', address: externalAddress('eth_sepolia'), name: 'Owner Contact' },
  });
  if (contact.statusCode !== 201) throw new Error(`contact failed: ${contact.statusCode} ${contact.body}`);
  return {
    owner,
    walletId: wallet.id,
    address: wallet.address,
    hash: sent.json().transaction.hash,
    paymentRequestId: requested.json().id,
    contactId: contact.json().id,
    passkeyId: await ownPasskey(app, owner),
  };
}

/**
 * The owner adds a passkey and signs in with it once, so its id exists for the routes that take one and the passkey
 * routes' rate-limit counters exist before a sweep compares the database.
 */
async function ownPasskey(app: ChainApp['app'], owner: TestUser): Promise<string> {
  const { key, response } = await addPasskey(app, owner, 'Owner laptop');
  if (response.statusCode !== 200) throw new Error(`passkey failed: ${response.statusCode} ${response.body}`);
  const signedIn = await signInWithPasskey(app, key);
  if (signedIn.response.statusCode !== 200) throw new Error(`passkey sign-in failed: ${signedIn.response.statusCode} ${signedIn.response.body}`);
  return response.json().id;
}

/** A passkey's answers as the browser sends them, to a challenge no server made: they pass the routes' schemas. */
const SAMPLE_PASSKEY = createSoftwarePasskey();

/**
 * A request each write or id-taking route would accept from `things.owner`: the sweeps send it as
 * someone else, signed out, or from another site, and expect it refused.
 */
export const SAMPLE_REQUESTS: Record<string, (things: OwnedThings) => SampleRequest> = {
  'POST /api/contact': () => ({
    url: '/api/contact',
    body: { name: 'Sam Sample', email: 'sam@example.com', subject: 'general', message: 'Hello from the security sweep' },
  }),
  'POST /api/auth/sign-up/email': () => ({
    url: '/api/auth/sign-up/email',
    body: { name: 'Sweep', email: `sweep-${randomUUID()}@example.com`, password: 'correct-horse-1' },
  }),
  'POST /api/auth/sign-in/email': ({ owner }) => ({ url: '/api/auth/sign-in/email', body: { email: owner.email, password: owner.password } }),
  'POST /api/auth/sign-out': () => ({ url: '/api/auth/sign-out', body: {} }),
  'POST /api/auth/two-factor/enable': ({ owner }) => ({ url: '/api/auth/two-factor/enable', body: { password: owner.password } }),
  'POST /api/auth/two-factor/disable': ({ owner }) => ({ url: '/api/auth/two-factor/disable', body: { password: owner.password } }),
  'POST /api/auth/two-factor/verify-totp': () => ({ url: '/api/auth/two-factor/verify-totp', body: { code: '123456' } }),
  'POST /api/auth/two-factor/verify-backup-code': () => ({ url: '/api/auth/two-factor/verify-backup-code', body: { code: 'abcde-12345' } }),
  'POST /api/auth/passkey/verify-registration': () => ({
    url: '/api/auth/passkey/verify-registration',
    body: { name: 'Sweep key', response: SAMPLE_PASSKEY.register({ challenge: 'c3dlZXA' }) },
  }),
  'POST /api/auth/passkey/verify-authentication': () => ({
    url: '/api/auth/passkey/verify-authentication',
    body: { response: SAMPLE_PASSKEY.signIn({ challenge: 'c3dlZXA' }) },
  }),
  'POST /api/auth/passkey/delete-passkey': ({ owner, passkeyId }) => ({
    url: '/api/auth/passkey/delete-passkey',
    body: { id: passkeyId, password: owner.password },
  }),
  'PATCH /api/account/profile': ({ owner }) => ({
    url: '/api/account/profile',
    body: { name: 'Renamed By Sweep', email: owner.email, avatar: 'preset-2' },
  }),
  'POST /api/account/password': ({ owner }) => ({
    url: '/api/account/password',
    body: { currentPassword: owner.password, newPassword: 'another-horse-2' },
  }),
  'PUT /api/account/notifications': () => ({
    url: '/api/account/notifications',
    body: { transactionAlerts: false, fraudDetection: false, emailNotifications: false, marketUpdates: true },
  }),
  'POST /api/wallets': () => ({ url: '/api/wallets', body: { network: 'eth_sepolia' } }),
  'DELETE /api/wallets/:id': ({ walletId }) => ({ url: `/api/wallets/${walletId}` }),
  'POST /api/wallets/:id/faucet': ({ walletId }) => ({ url: `/api/wallets/${walletId}/faucet` }),
  // Issue 49: a demo account's EVM key, to import into MetaMask; the sweeps' owner is not a demo account (403).
  'GET /api/wallets/:id/test-key': ({ walletId }) => ({ url: `/api/wallets/${walletId}/test-key`, ownerStatus: 403 }),
  'POST /api/transactions': ({ walletId }) => ({
    url: '/api/transactions',
    body: { walletId, to: externalAddress('eth_sepolia'), amount: '1' },
    headers: { 'idempotency-key': randomUUID() },
  }),
  'GET /api/fees': ({ walletId }) => ({ url: `/api/fees?walletId=${walletId}` }),
  'POST /api/quotes': ({ walletId }) => ({
    url: '/api/quotes',
    body: { walletId, to: externalAddress('eth_sepolia'), amount: '10000', fixed: 'sender', senderCurrency: 'inr', recipientCurrency: 'eur' },
  }),
  'GET /api/recipients/currency': ({ address }) => ({ url: `/api/recipients/currency?network=eth_sepolia&address=${address}` }),
  'PUT /api/account/currency': () => ({ url: '/api/account/currency', body: { currency: 'eur' } }),
  'GET /api/transactions/:hash': ({ hash }) => ({ url: `/api/transactions/${hash}` }),
  'GET /api/explorer/tx/:hash': ({ hash }) => ({ url: `/api/explorer/tx/${hash}` }),
  'GET /api/explorer/search': ({ hash }) => ({ url: `/api/explorer/search?q=${hash}` }),
  'GET /api/explorer/address/:address': ({ address }) => ({ url: `/api/explorer/address/${address}` }),
  'GET /api/explorer/block/:network/:number': () => ({ url: '/api/explorer/block/eth_sepolia/1' }),
  // ---- speed-up (issue 17) ----
  'POST /api/transactions/:hash/speed-up': ({ hash }) => ({ url: `/api/transactions/${hash}/speed-up`, body: { speed: 'fast' } }),
  // Contacts (modules/contacts).
  'POST /api/contacts': () => ({ url: '/api/contacts', body: { network: 'solana_devnet', address: externalAddress('solana_devnet'), name: 'Sweep Contact' } }),
  'PATCH /api/contacts/:id': ({ contactId }) => ({ url: `/api/contacts/${contactId}`, body: { name: 'Renamed By Sweep' } }),
  'DELETE /api/contacts/:id': ({ contactId }) => ({ url: `/api/contacts/${contactId}` }),
  // ---- payment requests (issue 16) ----
  'POST /api/payment-requests': ({ walletId }) => ({
    url: '/api/payment-requests',
    body: { walletId, asset: 'ETH', amount: '0.25', unit: 'asset', note: 'Sweep', displayName: 'Sweep Owner', expiresInHours: 24 },
  }),
  'POST /api/payment-requests/:id/cancel': ({ paymentRequestId }) => ({ url: `/api/payment-requests/${paymentRequestId}/cancel` }),
  'GET /api/pay/:id': ({ paymentRequestId }) => ({ url: `/api/pay/${paymentRequestId}` }),
};

/**
 * Fills a route's path parameters with the owner's ids (or `replaced` values, by parameter name); an unknown
 * parameter is an error the sweep reports.
 */
export function urlFor(route: RouteEntry, things: OwnedThings, replaced: Record<string, string> = {}): string {
  const values: Record<string, string> = {
    id: things.walletId,
    hash: things.hash,
    address: things.address,
    network: 'eth_sepolia',
    number: '1',
    ...replaced,
  };
  return route.url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${routeKey(route)}: no sample value for :${name}; add one to urlFor or SAMPLE_REQUESTS`);
    return value;
  });
}
