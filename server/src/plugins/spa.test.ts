import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { Database } from '../db/database.ts';
import { call, signUp } from '../test/auth-client.ts';
import { testConfig } from '../test/test-app.ts';
import { createTestDatabase, describeEachDatabase } from '../test/test-database.ts';
import { ANSWER_MODULE_ATTRIBUTE, SESSION_BOOTSTRAP_ID } from './spa-hints.ts';
import { SPA_ROUTES, firstDataOf, matchSpaRoute } from './spa-routes.ts';

/** A build as Vite writes it: index.html naming the entry's chunks, and the manifest that lists every chunk. */
function makeWebBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-web-hints-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-r1.js"><link rel="stylesheet" crossorigin href="/assets/index-c1.css"></head><body><div id="root"></div></body></html>',
  );
  const manifest = {
    'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_react-r1.js'], css: ['assets/index-c1.css'] },
    '_react-r1.js': { file: 'assets/react-r1.js' },
    '_schemas-s1.js': { file: 'assets/schemas-s1.js', imports: ['_react-r1.js'] },
    'src/pages/app/dashboard-page.tsx': { file: 'assets/dashboard-page-d1.js', imports: ['_schemas-s1.js', '_react-r1.js'] },
    'src/pages/auth/login-page.tsx': { file: 'assets/login-page-l1.js', imports: ['_schemas-s1.js'] },
    'src/pages/public/explorer-page.tsx': { file: 'assets/explorer-page-x1.js', imports: [], css: ['assets/explorer-x1.css'] },
    'src/pages/public/explorer-address-page.tsx': { file: 'assets/explorer-address-page-a1.js', imports: ['_react-r1.js'] },
    'src/features/explorer/api/explorer-schemas.ts': { file: 'assets/explorer-schemas-e1.js', isDynamicEntry: true, imports: ['_schemas-s1.js', '_react-r1.js'] },
    'src/app/realtime/realtime-connection.ts': { file: 'assets/realtime-connection-q1.js' },
    'src/app/layout/user-chip.tsx': { file: 'assets/user-chip-u1.js' },
  };
  fs.mkdirSync(path.join(dir, '.vite'));
  fs.writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
  return dir;
}

/** The inert JSON the page carries, parsed; undefined when it carries none. */
function bootstrapOf(html: string): unknown {
  const match = new RegExp(`<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">(.*?)</script>`).exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}

describeEachDatabase('index.html names what the page needs', (kind) => {
  let database: Database;
  let app: FastifyInstance;
  const webDistDir = makeWebBuild();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    app = await buildApp({ config: testConfig({}, webDistDir), database, logger: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    fs.rmSync(webDistDir, { recursive: true, force: true });
  });

  it('answers a missing asset with 404, not the page, and a client route with the page', async () => {
    for (const url of ['/assets/index-old.js', '/assets/missing.css', '/assets/']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: '*/*' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
    }
    const page = await app.inject({ method: 'GET', url: '/explorer', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });

  it("preloads the route's chunks and styles that index.html does not already load", async () => {
    const explorer = await call(app, 'GET', '/explorer/0xabc');
    expect(explorer.body).toContain('<link rel="modulepreload" crossorigin href="/assets/explorer-page-x1.js">');
    expect(explorer.body).toContain('<link rel="stylesheet" crossorigin href="/assets/explorer-x1.css">');
    // The entry's own chunk and stylesheet are in the built HTML once, not again.
    expect(explorer.body.match(/react-r1\.js/g)).toHaveLength(1);
    expect(explorer.body.match(/index-c1\.css/g)).toHaveLength(1);
    expect(explorer.body.indexOf('explorer-page-x1.js')).toBeLessThan(explorer.body.indexOf('</head>'));

    const login = await call(app, 'GET', '/login');
    expect(login.body).toContain('href="/assets/login-page-l1.js"');
    expect(login.body).toContain('href="/assets/schemas-s1.js"');
    expect(login.body).not.toContain('dashboard-page');
    // A path no route shows gets the HTML as built (and the router sends it home).
    const unknown = await call(app, 'GET', '/no/such/page');
    expect(unknown.body).not.toContain('modulepreload" crossorigin href="/assets/login');
    expect(unknown.statusCode).toBe(200);
  });

  it("preloads the modules that check a page's first answer where that answer is its largest paint, marked as such", async () => {
    const address = await call(app, 'GET', '/explorer/address/0x820e6546317Bf55e5664baEf6D652C91EB10573D');
    expect(address.body).toContain('<link rel="modulepreload" crossorigin href="/assets/explorer-address-page-a1.js">');
    expect(address.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/explorer-schemas-e1.js" ${ANSWER_MODULE_ATTRIBUTE}>`);
    expect(address.body).toContain(`<link rel="modulepreload" crossorigin href="/assets/schemas-s1.js" ${ANSWER_MODULE_ATTRIBUTE}>`);
    expect(address.body.match(/react-r1\.js/g)).toHaveLength(1);
    // The other explorer pages paint before their answers: their schemas wait for that paint, unmarked and unpreloaded.
    const transaction = await call(app, 'GET', '/explorer/0xabc');
    expect(transaction.body).not.toContain('explorer-schemas-e1.js');
    expect(transaction.body).not.toContain(ANSWER_MODULE_ATTRIBUTE);
  });

  it("names only answer modules that exist in the web app's sources", () => {
    const webRoot = path.join(import.meta.dirname, '..', '..', '..', 'web');
    const named = SPA_ROUTES.flatMap((route) => route.answerModules ?? []);
    expect(named.length).toBeGreaterThan(0);
    for (const module of named) expect(fs.existsSync(path.join(webRoot, module)), module).toBe(true);
  });

  it("preloads the explorer pages' first answers, at the URLs the page asks for, and nothing for an address the page refuses", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    const hash = `0x${'ab'.repeat(32)}`;
    expect(preloads((await call(app, 'GET', `/explorer/${hash}`)).body)).toEqual([`/api/explorer/tx/${hash}`, '/api/explorer/labels']);
    // Params are decoded as react-router decodes them, then encoded as the page's fetch encodes them.
    expect(preloads((await call(app, 'GET', '/explorer/a%20b%3F')).body)).toEqual(['/api/explorer/tx/a%20b%3F', '/api/explorer/labels']);
    expect(preloads((await call(app, 'GET', '/explorer')).body)).toEqual([
      '/api/explorer/stats',
      '/api/explorer/transactions?limit=20',
      '/api/explorer/blocks?limit=8',
      '/api/explorer/labels',
    ]);
    // The network filter rides in the query string; in the HTML, its `&` is written as an entity.
    const filtered = await call(app, 'GET', '/explorer?network=solana_devnet');
    expect(filtered.body).toContain('href="/api/explorer/transactions?network=solana_devnet&amp;limit=20"');
    expect(preloads(filtered.body)).toContain('/api/explorer/blocks?network=solana_devnet&amp;limit=8');
    // An unknown network is no filter, as the page reads it.
    expect(preloads((await call(app, 'GET', '/explorer?network=bitcoin')).body)).toContain('/api/explorer/transactions?limit=20');
    const address = '0x820e6546317Bf55e5664baEf6D652C91EB10573D';
    expect(preloads((await call(app, 'GET', `/explorer/address/${address}?network=eth_sepolia`)).body)).toEqual([
      `/api/explorer/address/${address}?network=eth_sepolia&amp;limit=25`,
      '/api/explorer/labels',
    ]);
    expect(preloads((await call(app, 'GET', '/explorer/block/eth_sepolia/0042')).body)).toEqual(['/api/explorer/block/eth_sepolia/42?limit=25', '/api/explorer/labels']);
    // The block page shows its error without asking: no preload that nothing would use.
    for (const refused of ['/explorer/block/bitcoin/42', '/explorer/block/eth_sepolia/0', '/explorer/block/eth_sepolia/1.5']) {
      const page = await call(app, 'GET', refused);
      expect(page.statusCode, refused).toBe(200);
      expect(preloads(page.body), refused).toEqual([]);
    }
    // Pages without first data named, and a guarded page shown as /login, preload no answer.
    for (const other of ['/', '/login', '/dashboard', '/transactions']) expect(preloads((await call(app, 'GET', other)).body), other).toEqual([]);
  });

  it('tells a signed-out visitor\'s page that nobody is signed in, and preloads /login for a guarded page', async () => {
    const response = await call(app, 'GET', '/dashboard');
    expect(response.statusCode).toBe(200);
    expect(bootstrapOf(response.body)).toBeNull();
    expect(response.body).toContain('href="/assets/login-page-l1.js"');
    expect(response.body).not.toContain('dashboard-page-d1.js');
    expect(response.body).not.toContain('realtime-connection');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/cookie/i);
  });

  it('embeds the signed-in user, escaped, in a page no cache keeps, with the chunks the signed-in page loads', async () => {
    const user = await signUp(app, { name: 'Eve </script><script>alert(1)</script> & co' });
    const response = await call(app, 'GET', '/dashboard', { cookie: user.cookie });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers.vary).toMatch(/cookie/i);
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect(bootstrapOf(response.body)).toEqual({
      user: { id: user.id, name: user.name, email: user.email, image: null, createdAt: expect.any(String) },
    });
    // Only what the app reads: no session token, no second-factor state.
    expect(response.body).not.toMatch(/token|twoFactor/i);
    expect(response.body).toContain('href="/assets/dashboard-page-d1.js"');
    expect(response.body).toContain('href="/assets/user-chip-u1.js"');
    // The dashboard's first answers load beside its scripts; each is the signed-in user's own, read with the cookie.
    const dataPreloads = [...response.body.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
    expect(dataPreloads).toEqual(['/api/account', '/api/prices', '/api/wallets', '/api/transactions?limit=5', '/api/alerts?limit=2']);
    // The realtime connection loads once the app runs, not beside the page's own chunks: it is not on the first screen.
    expect(response.body).not.toContain('realtime-connection');
    // The CSP that allows the page's scripts from our origin only is on it, and the JSON is not script.
    expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(response.body).toMatch(new RegExp(`<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">`));

    // Signed in, /login goes to the dashboard: its chunks, not the login form's.
    const login = await call(app, 'GET', '/login', { cookie: user.cookie });
    expect(login.body).toContain('href="/assets/dashboard-page-d1.js"');
    expect(login.body).not.toContain('login-page-l1.js');
    // That page is another address's: it names none of the dashboard's answers.
    expect(login.body).not.toContain('as="fetch"');
  });

  it("never puts one user's data in another's page, nor in a page for a forged, signed-out or malformed cookie", async () => {
    const alice = await signUp(app, { name: 'Alice Page' });
    const bob = await signUp(app, { name: 'Bob Page' });
    const alicePage = await call(app, 'GET', '/insights', { cookie: alice.cookie });
    const bobPage = await call(app, 'GET', '/insights', { cookie: bob.cookie });
    expect((bootstrapOf(alicePage.body) as { user: { id: string } }).user.id).toBe(alice.id);
    expect((bootstrapOf(bobPage.body) as { user: { id: string } }).user.id).toBe(bob.id);
    expect(bobPage.body).not.toContain(alice.email);
    expect(alicePage.body).not.toContain(bob.email);

    const [name, value] = alice.cookie.split('=') as [string, string];
    for (const cookie of [undefined, `${name}=${value.slice(0, -4)}abcd`, `${name}=%E0%A4%A`, `${name}=`, 'other=1']) {
      const page = await call(app, 'GET', '/insights', cookie ? { cookie } : {});
      expect(page.statusCode).toBe(200);
      expect(bootstrapOf(page.body)).toBeNull();
      expect(page.body).not.toContain(alice.email);
      expect(page.headers['cache-control']).toBe('no-cache');
    }

    const signOut = await call(app, 'POST', '/api/auth/sign-out', { cookie: alice.cookie, body: {} });
    expect(signOut.statusCode).toBe(200);
    const afterSignOut = await call(app, 'GET', '/dashboard', { cookie: alice.cookie });
    expect(bootstrapOf(afterSignOut.body)).toBeNull();
    expect(afterSignOut.body).not.toContain(alice.email);
  });
});

it('knows every lazy route of the web router, with the page module it loads', () => {
  const router = fs.readFileSync(path.resolve(import.meta.dirname, '../../../web/src/app/router.tsx'), 'utf8');
  const pageModules = new Map(
    [...router.matchAll(/const (\w+) = lazyPage\(\(\) => import\('\.\.\/(pages\/[^']+)'\)\)/g)].map((match) => [match[1]!, `src/${match[2]}`]),
  );
  const declared = [...router.matchAll(/<Route (?:path="([^"]+)"|index) element=\{<(\w+) \/>\}/g)]
    .filter((match) => pageModules.has(match[2]!))
    .map((match) => ({ path: `/${match[1] ?? ''}`, module: pageModules.get(match[2]!) }));
  expect(declared.length).toBeGreaterThan(10);
  expect(declared).toHaveLength(pageModules.size);
  expect(SPA_ROUTES.map(({ path: routePath, module }) => ({ path: routePath, module })).sort((a, b) => a.path.localeCompare(b.path))).toEqual(
    declared.sort((a, b) => a.path.localeCompare(b.path)),
  );
  const guarded = router.slice(router.indexOf('element={<RequireAuth />}'));
  for (const route of SPA_ROUTES) expect(route.isSignedIn, route.path).toBe(guarded.includes(`"${route.path.slice(1)}"`));
});

it('matches paths as the router does', () => {
  expect(matchSpaRoute('/')?.path).toBe('/');
  expect(matchSpaRoute('/explorer/0xabc')?.path).toBe('/explorer/:hash');
  expect(matchSpaRoute('/explorer/address/0xabc')?.path).toBe('/explorer/address/:address');
  expect(matchSpaRoute('/explorer/block/eth_sepolia/12')?.path).toBe('/explorer/block/:network/:number');
  expect(matchSpaRoute('/Dashboard/')?.path).toBe('/dashboard');
  expect(matchSpaRoute('/transaction/0x1/receipt')?.path).toBe('/transaction/:hash/receipt');
  expect(matchSpaRoute('/nope')).toBeUndefined();
  expect(matchSpaRoute('/dashboard/extra')).toBeUndefined();
});

it("reads a route's first data from its decoded params, and names none for a param that is not valid percent-encoding", () => {
  const explorer = matchSpaRoute('/explorer/0xabc')!;
  expect(firstDataOf(explorer, '/explorer/0xabc', '')).toEqual(['/api/explorer/tx/0xabc', '/api/explorer/labels']);
  // Fastify answers such an address 400 before any route; the function stands on its own all the same.
  expect(firstDataOf(explorer, '/explorer/%E0%A4%A', '')).toEqual([]);
  expect(firstDataOf(matchSpaRoute('/profile')!, '/profile', '')).toEqual([]);
});

it("names a signed-in page's first answers at the URLs its page asks for, and the transactions list only unfiltered", () => {
  expect(firstDataOf(matchSpaRoute('/dashboard')!, '/dashboard', '')).toEqual([
    '/api/account',
    '/api/prices',
    '/api/wallets',
    '/api/transactions?limit=5',
    '/api/alerts?limit=2',
  ]);
  expect(firstDataOf(matchSpaRoute('/send-receive')!, '/send-receive', 'to=0xabc')).toEqual(['/api/account', '/api/prices', '/api/wallets', '/api/contacts']);
  expect(firstDataOf(matchSpaRoute('/transactions')!, '/transactions', '')).toEqual([
    '/api/account',
    '/api/prices',
    '/api/transactions/counts',
    '/api/transactions?limit=25',
  ]);
  expect(firstDataOf(matchSpaRoute('/transactions')!, '/transactions', 'type=send')).toEqual(['/api/account', '/api/prices', '/api/transactions/counts']);
});
