import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';
import { createEmptyPostgresDatabase, testDatabaseKinds } from '../test/test-database.ts';

describe.runIf(testDatabaseKinds().includes('postgres'))('opening one fresh PostgreSQL database from several processes at once', () => {
  it('migrates once, in turn, and every opener gets a working database', async () => {
    const target = await createEmptyPostgresDatabase();
    try {
      // Four servers starting together (a scale-out deploy): without the migration lock, two of them
      // race on CREATE SCHEMA and one start fails.
      const opened = await Promise.all(Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: target.url })));
      try {
        for (const database of opened) await expect(database.ping()).resolves.not.toThrow();
        const { rows } = await opened[0]!.pool!.query<{ count: number }>('select count(*)::int as count from drizzle.__drizzle_migrations');
        expect(rows[0]?.count).toBeGreaterThan(0);
      } finally {
        await Promise.all(opened.map((database) => database.close()));
      }
    } finally {
      await target.drop();
    }
  }, 60_000);
});
