import type { ContactMessage } from '@fincrypt/domain';
import type { Db } from '../../db/database.ts';
import { contactMessages } from '../../db/schema.ts';

export async function insertContactMessage(db: Db, message: ContactMessage): Promise<{ id: string }> {
  const [row] = await db.insert(contactMessages).values(message).returning({ id: contactMessages.id });
  if (!row) throw new Error('insert returned no row');
  return row;
}
