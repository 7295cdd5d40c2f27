import fs from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * axe-core's minified build. The builder injects `axe.source` by default, the unminified script (1.5 MB), into the
 * page once or twice per check: on a loaded two-core machine parsing it took 4–6 s a time (issue 18, eighteenth session).
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Fails on any serious or critical accessibility violation on the current page, outside the `exclude` selectors. */
export async function expectNoSeriousA11yViolations(page: Page, { exclude = [] }: { exclude?: string[] } = {}): Promise<void> {
  // Legacy mode runs axe in the page's frames and no more: our pages have no cross-origin frames, so the default's
  // extra blank page, where it injects axe again to merge the frames' results, only costs time.
  const builder = new AxeBuilder({ page, axeSource: AXE_SOURCE })
    .setLegacyMode()
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']);
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder.analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  const summary = serious.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).slice(0, 3).join(', ')})`);
  expect(summary).toEqual([]);
}
