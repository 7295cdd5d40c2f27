import type * as Schemas from './schemas.ts';

/** What loadSchemas() resolves to: the module of every schema the browser checks with (schemas.ts). */
export type SchemaModule = typeof Schemas;

/**
 * The schemas module, and zod with it, in a chunk of its own: fetched the first time a form is checked or an answer
 * is read, then at once from the browser's module map.
 */
export function loadSchemas(): Promise<SchemaModule> {
  return import('./schemas.ts');
}
