import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * ORDER BY these columns newest first, exactly as the `(user_id, created_at DESC NULLS LAST, id DESC NULLS
 * LAST)` indexes store them (drizzle writes `.desc()` index columns NULLS LAST). A plain `DESC` means NULLS
 * FIRST, which such an index cannot give, so PostgreSQL would sort all of a user's rows for every page.
 */
export function newestFirst(...columns: AnyColumn[]): SQL[] {
  return columns.map((column) => sql`${column} desc nulls last`);
}
