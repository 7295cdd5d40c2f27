import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, BrowserContext } from '@playwright/test';
import { IDEMPOTENCY_KEY_HEADER } from '@fincrypt/domain';
import { http } from '@fincrypt/test-support';
import { LIGHTHOUSE_MOBILE_SCREEN } from './mobile-screen.ts';
import { type BenchServer, startBenchServer } from './server.ts';
import { externalAddress, signUpUsers } from './users.ts';

/** A server (PGlite) serving one web build, with a signed-up user who has made three confirmed sends. */
export interface PageUnderTest {
  server: BenchServer;
  /**
   * A page path as the tools take it, where three names stand for the explorer's pages of the user's own: `tx` (their
   * first send), `address` (their wallet) and `block` (the block that included their first send); else the path itself.
   */
  urlOf: (pagePath: string) => string;
  /** A new browser context signed in as the user, with cookies accepted; Lighthouse's phone screen when `mobile`. */
  newSignedInContext: (browser: Browser, mobile: boolean) => Promise<BrowserContext>;
  close: () => Promise<void>;
}

/**
 * What the page tools (profile-page, trace-page, long-tasks-ab) load pages from: a fresh server on `dist`, and a user
 * whose sends have confirmed, so no page polls or updates while it is measured.
 */
export async function startPageUnderTest(dist: string, name: string, confirmWaitMs = 15_000): Promise<PageUnderTest> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-page-tool-'));
  const server = await startBenchServer({ DATA_DIR: dataDir, WEB_DIST_DIR: path.resolve(dist) });
  const close = async () => {
    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const [user] = await signUpUsers(server.url, 1, name);
    let hash = '';
    for (let i = 0; i < 3; i += 1) {
      const response = await http(server.url, 'POST', '/api/transactions', {
        cookie: user!.cookie,
        headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
        body: { walletId: user!.walletId, to: externalAddress(), amount: '0.01', speed: 'fast' },
      });
      if (response.status !== 201) throw new Error(`${name}: a setup send answered ${response.status}`);
      hash ||= (response.json() as { transaction: { hash: string } }).transaction.hash;
    }
    await new Promise((resolve) => setTimeout(resolve, confirmWaitMs));
    const included = (await http(server.url, 'GET', `/api/explorer/tx/${hash}`)).json() as { network: string; blockNumber: number | null };
    const explorerPages: Record<string, string> = {
      tx: `/explorer/${hash}`,
      address: `/explorer/address/${user!.address}`,
      block: `/explorer/block/${included.network}/${included.blockNumber}`,
    };
    return {
      server,
      urlOf: (pagePath) => `${server.url}${explorerPages[pagePath] ?? pagePath}`,
      newSignedInContext: async (browser, mobile) => {
        const context = await browser.newContext(mobile ? LIGHTHOUSE_MOBILE_SCREEN : {});
        const [cookieName = '', cookieValue = ''] = user!.cookie.split(';')[0]!.split('=');
        await context.addCookies([
          { name: cookieName, value: cookieValue, url: server.url },
          { name: 'cookie-consent', value: 'accepted', url: server.url },
        ]);
        return context;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
