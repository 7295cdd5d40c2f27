import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions the schema's migrations create (pg_trgm: the transaction search's trigram index, 0007). PGlite
 * loads an extension's code only when the client is opened with it, so every PGlite client that opens the app's
 * database, in memory or on disk, is made here.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

export function createPglite(dataDir?: string, template?: Blob): PGlite {
  return new PGlite({ ...(dataDir ? { dataDir } : {}), ...(template ? { loadDataDir: template } : {}), extensions: PGLITE_EXTENSIONS });
}
