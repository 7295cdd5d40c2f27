import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { appSecrets } from '../db/schema.ts';

/**
 * A secret from the environment when set; otherwise generated once and kept where every process that
 * shares the data can read it: a file in the PGlite data directory, or a row in the PostgreSQL database.
 */
export async function loadSecret(
  name: string,
  options: { fromEnv: string | undefined; database: Database; dataDir: string | undefined },
): Promise<string> {
  if (options.fromEnv) {
    if (options.fromEnv.length < 32) throw new Error(`${name} from the environment must be at least 32 characters`);
    return options.fromEnv;
  }
  if (options.dataDir) {
    const file = path.join(options.dataDir, `${name}.secret`);
    if (!fs.existsSync(file)) {
      fs.writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600, flag: 'wx' });
    }
    return fs.readFileSync(file, 'utf8').trim();
  }
  const db = options.database.db;
  await db.insert(appSecrets).values({ name, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}
