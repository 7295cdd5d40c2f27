import { expect, test } from '../support/accounts.ts';
import { preloadedFetches, recordApiRequests } from '../support/preloads.ts';

// A signed-in page's HTML names its first answers as preloads (server/src/plugins/spa-routes.ts), so they load beside
// the page's scripts. A preload is used only when the page then fetches the very same URL: this checks, page by page,
// that each preload was requested once and that the page asked for none of those endpoints itself.
const pages = [
  { path: '/dashboard', shown: 'Dashboard', preloads: 5 },
  { path: '/send-receive', shown: 'Send & Receive', preloads: 4 },
  { path: '/transactions', shown: 'Transactions', preloads: 4 },
];

test("a signed-in page's first answers come from the preloads in its HTML", async ({ page, account: _account }) => {
  // No realtime connection: its first connect refreshes the ledger's answers, which would be the page's own requests.
  await page.routeWebSocket('**/socket.io/**', (socket) => socket.close());
  const apiRequests = recordApiRequests(page);
  for (const { path, shown, preloads: count } of pages) {
    apiRequests.length = 0;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: shown, exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const preloaded = await preloadedFetches(page);
    expect(preloaded, path).toHaveLength(count);
    expect(apiRequests.filter((request) => !request.byPage).map((request) => request.url).sort(), path).toEqual([...preloaded].sort());
    // Not even with another query string: a URL the page builds differently from the server would show here.
    const preloadedPaths = preloaded.map((url) => url.split('?')[0]);
    const askedItself = apiRequests.filter((request) => request.byPage && preloadedPaths.includes(request.url.split('?')[0]));
    expect(askedItself, path).toEqual([]);
  }
});

test('a filtered transactions page preloads no list: the page asks for the filtered one itself', async ({ page, account: _account }) => {
  const listRequest = page.waitForRequest((request) => new URL(request.url()).search === '?type=receive&limit=25');
  await page.goto('/transactions?type=receive');
  await expect(page.getByRole('heading', { level: 1, name: 'Transactions', exact: true })).toBeVisible();
  expect((await listRequest).headers().accept).toBe('application/json');
  expect(await preloadedFetches(page)).toEqual(['/api/account', '/api/prices', '/api/transactions/counts']);
});
