import { ACCOUNT_MESSAGES, DEMO_ACCOUNTS, DEMO_PASSWORD, isDemoAccount } from '@fincrypt/domain';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../errors.ts';
import { users } from '../../db/schema.ts';
import type { Auth } from './auth.ts';

/** Creates the demo accounts that do not exist yet (first start); existing ones are left as they are. */
export async function seedDemoAccounts(db: Db, auth: Auth): Promise<number> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const existing = new Set(
    (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email),
  );
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (existing.has(account.email)) continue;
    try {
      await auth.api.signUpEmail({ body: { name: account.name, email: account.email, password: DEMO_PASSWORD } });
      created += 1;
    } catch (error) {
      // Another process seeding the same database at the same moment created it first.
      const code = (error as { body?: { code?: string } }).body?.code ?? '';
      if (!code.startsWith('USER_ALREADY_EXISTS')) throw error;
    }
  }
  return created;
}

/**
 * Refuses a change to a shared demo account's sign-in (password, email, 2FA): one visitor must not lock the others
 * out of the account the login page offers to everyone.
 */
export function refuseForDemoAccount(user: { email: string }): void {
  if (isDemoAccount(user.email)) throw new AppError('DEMO_ACCOUNT_SIGN_IN_FIXED', ACCOUNT_MESSAGES.demoSignInFixed);
}
