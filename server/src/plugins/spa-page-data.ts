import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeForInertJson } from './spa-hints.ts';

/** The id of the inert JSON element that carries the page's first answers (web/src/lib/page-data-bootstrap.ts reads it). */
export const PAGE_DATA_ID = 'page-data';

/** At most this many answers, and this many characters of them, go into one page: the rest the page asks itself. */
export const PAGE_DATA_LIMITS = { requests: 8, chars: 256 * 1024 } as const;

/**
 * The answers to the GET requests a page makes as it first renders, asked of the API in-process with the visitor's
 * own cookie and address (so the same sessions, authorization and rate limits apply), as an inert JSON element:
 * `{ "<path>": <body> }`. Only 200 answers with a JSON body go in; anything else the page asks itself and gets the
 * answer and message it would have got. Empty when there is nothing to embed.
 */
export async function pageDataElement(app: FastifyInstance, request: FastifyRequest, paths: readonly string[]): Promise<string> {
  const unique = [...new Set(paths)].slice(0, PAGE_DATA_LIMITS.requests);
  const answers = await Promise.all(
    unique.map(async (path) => {
      try {
        const response = await app.inject({
          method: 'GET',
          url: path,
          remoteAddress: request.ip,
          headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}) },
        });
        const isJson = String(response.headers['content-type'] ?? '').startsWith('application/json');
        return response.statusCode === 200 && isJson && response.body ? { path, body: response.body } : undefined;
      } catch (error) {
        request.log.warn({ err: error, path }, 'page data: the request failed; the page will ask it itself');
        return undefined;
      }
    }),
  );
  let chars = 0;
  const entries: string[] = [];
  for (const answer of answers) {
    if (!answer || chars + answer.body.length > PAGE_DATA_LIMITS.chars) continue;
    chars += answer.body.length;
    entries.push(`${JSON.stringify(answer.path)}:${answer.body}`);
  }
  if (!entries.length) return '';
  return `<script type="application/json" id="${PAGE_DATA_ID}">${escapeForInertJson(`{${entries.join(',')}}`)}</script>`;
}
