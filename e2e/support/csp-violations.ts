import type { Page } from '@playwright/test';

/**
 * Every Content-Security-Policy violation the page reports from now on: the browser's console message and, from a
 * `securitypolicyviolation` listener added before any page script runs, the directive and what it blocked.
 */
export async function collectCspViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|CSP-VIOLATION/.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.warn(`CSP-VIOLATION ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}
