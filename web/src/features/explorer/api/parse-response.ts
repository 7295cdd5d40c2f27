import type { z } from 'zod';
import { apiFetch } from '../../../lib/api-client.ts';
import { answerModulesMayLoad } from '../../../lib/answer-modules.ts';
import type * as ExplorerSchemas from './explorer-schemas.ts';

/**
 * The explorer's schemas (explorer-schemas.ts), in a chunk of their own, fetched with the first answer to check once
 * the page has painted: the answer is asked for at once, and is usually there before the page paints. On the address
 * page, whose largest paint is the answer, the HTML preloads them and they are used at once (`answerModulesMayLoad`).
 */
type ExplorerSchemaModule = typeof ExplorerSchemas;
const loadExplorerSchemas = (): Promise<ExplorerSchemaModule> => answerModulesMayLoad().then(() => import('./explorer-schemas.ts'));

/** An explorer answer that is not what the contract says (packages/domain/src/explorer.ts). */
export class InvalidExplorerResponseError extends Error {
  constructor() {
    super('The explorer could not read the answer. Try again.');
    this.name = 'InvalidExplorerResponseError';
  }
}

/** GETs a public explorer route and checks its answer against the contract's schema (`pick` names it in explorer-schemas.ts). */
export async function getExplorer<S extends z.ZodType>(path: string, pick: (schemas: ExplorerSchemaModule) => S, signal?: AbortSignal): Promise<z.infer<S>> {
  const [body, schemas] = await Promise.all([apiFetch<unknown>(path, { signal }), loadExplorerSchemas()]);
  const parsed = pick(schemas).safeParse(body);
  if (!parsed.success) throw new InvalidExplorerResponseError();
  return parsed.data;
}
