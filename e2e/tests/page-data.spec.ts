import type { Page, Request } from '@playwright/test';
import { expect, test } from '../support/accounts.ts';
import { OUTSIDE_EVM_ADDRESS, sendViaApi, walletOn } from '../support/send-receive.ts';

/**
 * Each page shows what it first needs from the answers the server put into its HTML (server/src/plugins/spa-page-data.ts),
 * without asking for them: the paths the server embeds are the ones the page's own requests use. The live connection is
 * held off here, because when it connects it asks for the ledger again (live updates can have been missed before), and
 * only the requests made until the page shows its heading are watched: later refreshes ask the server, as they should.
 */
async function apiRequestsOnFirstLoad(page: Page, path: string, ready: () => Promise<void>): Promise<{ asked: string[]; embedded: string[] }> {
  await page.route('**/socket.io/**', (route) => route.abort());
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  await page.goto(path);
  // The page's first requests go out from the render that shows its heading; later ones (a refresh, a status that
  // changed) are the page's own business.
  await ready();
  page.off('request', onRequest);
  const embedded = await page.evaluate(() => Object.keys(JSON.parse(document.getElementById('page-data')?.textContent ?? '{}') as object));
  return { asked, embedded };
}

test.describe('Page data in the HTML', () => {
  test('the signed-in pages and the explorer show their first content without asking for what the HTML carries', async ({ page, account: _account }) => {
    test.slow();
    const wallet = await walletOn(page.request, 'eth_sepolia');
    const { hash } = (await sendViaApi(page.request, { walletId: wallet.id, to: OUTSIDE_EVM_ADDRESS, amount: '0.001' })).transaction;
    // Settled first: a status changing while a page is open makes it ask for its counts again, as it should.
    await expect
      .poll(async () => ((await (await page.request.get(`/api/transactions/${hash}`)).json()) as { status: string }).status, { timeout: 60_000 })
      .toBe('confirmed');
    const heading = () => expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    // What a page asks for itself as it renders: requests that depend on an earlier answer, and what is not embedded.
    const pages: { path: string; ready: () => Promise<void>; expected: string[]; asksItself?: string[] }[] = [
      {
        path: '/dashboard',
        ready: heading,
        expected: ['/api/account', '/api/wallets', '/api/transactions?limit=5', '/api/alerts?limit=2', '/api/prices'],
      },
      {
        path: '/transactions',
        ready: heading,
        expected: ['/api/account', '/api/prices', '/api/transactions/counts', '/api/transactions?limit=25'],
      },
      {
        path: '/send-receive',
        ready: heading,
        expected: ['/api/account', '/api/wallets', '/api/contacts', '/api/prices'],
        asksItself: ['/api/fees?', '/api/payment-requests'],
      },
      {
        path: '/insights',
        ready: heading,
        expected: ['/api/account', '/api/prices', '/api/risk', '/api/alerts?limit=20', '/api/insights/sentiment?token=ethereum'],
        asksItself: ['/api/insights/', '/api/prices/history?'],
      },
      { path: `/explorer/${hash}`, ready: heading, expected: ['/api/account', '/api/explorer/labels', '/api/prices', `/api/explorer/tx/${hash}`] },
      {
        path: `/explorer/address/${wallet.address}`,
        ready: heading,
        expected: ['/api/account', '/api/explorer/labels', `/api/explorer/address/${wallet.address}?limit=25`],
      },
      {
        path: '/explorer',
        ready: () => expect(page.getByRole('heading', { level: 1, name: 'Explore the test networks' })).toBeVisible(),
        expected: ['/api/account', '/api/explorer/labels', '/api/explorer/stats', '/api/explorer/transactions?limit=20', '/api/explorer/blocks?limit=8'],
      },
    ];
    for (const { path, ready, expected, asksItself = [] } of pages) {
      const { asked, embedded } = await apiRequestsOnFirstLoad(page, path, ready);
      expect(embedded.sort(), path).toEqual([...expected].sort());
      // A request the page makes as it renders that the HTML does not carry means the two lists no longer agree.
      expect(asked.filter((request) => !asksItself.some((prefix) => request.startsWith(prefix))), `${path} asked for what its HTML should carry`).toEqual([]);
    }
  });
});
