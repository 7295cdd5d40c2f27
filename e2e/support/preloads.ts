import type { Page } from '@playwright/test';

/** An API request a page made, and whether the page's own fetch made it (else a preload named in the HTML). */
export interface ApiRequest {
  /** Path and query string. */
  url: string;
  byPage: boolean;
}

/**
 * Records every API request of `page` into the array it returns (empty it between loads). A preload asks with the
 * browser's `Accept: *\/*`; the page's own fetch asks for JSON, and reaches the network only when no preload matched it.
 */
export function recordApiRequests(page: Page): ApiRequest[] {
  const requests: ApiRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) requests.push({ url: url.pathname + url.search, byPage: request.headers().accept === 'application/json' });
  });
  return requests;
}

/** The URLs (path and query string) the page's HTML preloads as fetches. */
export function preloadedFetches(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]'), (link) => new URL(link.href).pathname + new URL(link.href).search),
  );
}
