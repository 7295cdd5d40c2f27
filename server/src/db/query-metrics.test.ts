import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { createTestDatabase, describeEachDatabase } from '../test/test-database.ts';
import { queryMetrics, runScoped, setScoping } from './query-metrics.ts';

describeEachDatabase('statement counts for the benchmark', (kind) => {
  it('counts every statement sent, BEGIN and COMMIT included, and those of a scoped request apart', async () => {
    const database = await createTestDatabase(kind);
    try {
      const before = queryMetrics();
      await database.db.execute(sql`select 1`);
      await database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await tx.execute(sql`select 2`);
      });
      // One statement, then BEGIN, two statements and COMMIT.
      expect(queryMetrics().statements - before.statements).toBe(5);

      setScoping(true);
      try {
        const scopedBefore = queryMetrics();
        await new Promise<void>((resolve, reject) =>
          runScoped((done) => {
            database.db
              .transaction(async (tx) => {
                await tx.execute(sql`select 1`);
              })
              .then(() => {
                done();
                resolve();
              }, reject);
          }),
        );
        // Outside the scope: counted in all, not as the request's.
        await database.db.execute(sql`select 1`);
        const scopedAfter = queryMetrics();
        expect(scopedAfter.scopedStatements - scopedBefore.scopedStatements).toBe(3);
        expect(scopedAfter.scopedRequests - scopedBefore.scopedRequests).toBe(1);
        expect(scopedAfter.statements - scopedBefore.statements).toBe(4);
      } finally {
        setScoping(false);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
