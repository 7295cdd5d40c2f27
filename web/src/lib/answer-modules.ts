import { firstContentfulPaint } from './use-after-first-contentful-paint.ts';

/**
 * The attribute the server puts on the preloads of a page's answer modules (`ANSWER_MODULE_ATTRIBUTE` in
 * server/src/plugins/spa-hints.ts): the page's largest paint is its first answer, checked by those modules.
 */
export const ANSWER_MODULE_ATTRIBUTE = 'data-answer-module';

/**
 * Resolves when a fetcher may import the schemas that check its answer. Where the page's HTML preloaded them (the
 * answer is what the page is for, and its largest paint), at once: they are already on their way, and waiting for
 * the first paint would only hold the answer back. Elsewhere, once the page has painted (`firstContentfulPaint`), so
 * that they do not compete with that paint.
 */
export function answerModulesMayLoad(doc: Document = document): Promise<void> {
  if (doc.querySelector(`link[rel="modulepreload"][${ANSWER_MODULE_ATTRIBUTE}]`)) return Promise.resolve();
  return firstContentfulPaint();
}
