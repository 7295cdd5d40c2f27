/** The element the server puts in index.html (server/src/plugins/spa-page-data.ts, PAGE_DATA_ID). */
export const PAGE_DATA_ID = 'page-data';

/** How long after the page began loading its embedded answers stand in for a request: they describe that moment. */
export const PAGE_DATA_MAX_AGE_MS = 10_000;

let answers: Map<string, unknown> | undefined;

/**
 * The answer the server embedded in the page for `GET path`, taken once: the first request for a path the page
 * makes as it renders gets it without a round trip; any later one (a refetch, a live update) asks the server.
 * Undefined when the page carries none for that path, it was taken, or the page is older than PAGE_DATA_MAX_AGE_MS.
 */
export function takeEmbeddedAnswer(path: string, doc: Document = document, ageMs: number = performance.now()): { body: unknown } | undefined {
  answers ??= readAnswers(doc);
  if (ageMs > PAGE_DATA_MAX_AGE_MS) answers.clear();
  if (!answers.has(path)) return undefined;
  const body = answers.get(path);
  answers.delete(path);
  return { body };
}

function readAnswers(doc: Document): Map<string, unknown> {
  const element = doc.getElementById(PAGE_DATA_ID);
  if (!element || element.getAttribute('type') !== 'application/json') return new Map();
  try {
    const value: unknown = JSON.parse(element.textContent ?? '');
    return value && typeof value === 'object' && !Array.isArray(value) ? new Map<string, unknown>(Object.entries(value)) : new Map<string, unknown>();
  } catch {
    return new Map();
  }
}

/** For tests: the next call reads the page again. */
export function resetEmbeddedAnswersForTests(): void {
  answers = undefined;
}
