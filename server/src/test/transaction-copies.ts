import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/database.ts';

/** The columns of `transactions` a server writes (is_settled is generated), quoted and joined for an INSERT. */
async function writtenColumns(db: Db): Promise<string> {
  const columns = await rowsOf<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = 'transactions' and is_generated = 'NEVER' order by ordinal_position`,
  );
  return columns.map((row) => `"${row.name}"`).join(', ');
}

/**
 * Inserts copies of the transaction `templateId` with `patch`, a jsonb expression, over each: histories of any size in
 * one statement, as a server would have written them. `over` names rows the patch may read, one copy each.
 */
export async function insertTransactionCopies(db: Db, templateId: string, patch: string, over = '(select 1) once'): Promise<void> {
  const columns = await writtenColumns(db);
  await db.execute(
    sql.raw(
      `insert into transactions (${columns}) select ${columns} from ${over}, ` +
        `jsonb_populate_record((select t from transactions t where t.id = '${templateId}'), ${patch})`,
    ),
  );
}
