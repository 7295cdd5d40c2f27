import { seededRandom } from '@fincrypt/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { createTestDatabase, describeEachDatabase } from '../test/test-database.ts';
import { countAttempt } from './rate-limiter.ts';

describeEachDatabase('counting attempts', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.close());

  it('counts a new counter from 1, adds within the window, and starts a new window once it expired, over random rounds', async () => {
    const random = seededRandom(11);
    const int = (below: number) => Math.floor(random() * below);
    /** What each counter should say: its hits and how many seconds ago its window started. */
    const model = new Map<string, { hits: number; ageSeconds: number }>();
    for (let round = 0; round < 60; round += 1) {
      const key = `attempts:${int(3)}`;
      const known = model.get(key);
      if (known && int(4) === 0) {
        // The window started a while ago: move its start back, as time passing would.
        const seconds = 1 + int(4);
        await database.db.execute(sql`update rate_limit_counters set window_started_at = window_started_at - make_interval(secs => ${seconds}) where key = ${key}`);
        known.ageSeconds += seconds;
        continue;
      }
      const windowSeconds = 1 + int(3);
      const counted = await countAttempt(database.db, key, { limit: 10, windowMs: windowSeconds * 1000 });
      const expired = !known || known.ageSeconds >= windowSeconds;
      const expected = expired ? { hits: 1, ageSeconds: 0 } : { hits: known.hits + 1, ageSeconds: known.ageSeconds };
      model.set(key, expected);
      expect(counted.hits, `round ${round}`).toBe(expected.hits);
      const ageSeconds = (Date.now() - counted.windowStartedAt.getTime()) / 1000;
      expect(Math.abs(ageSeconds - expected.ageSeconds), `round ${round}`).toBeLessThan(0.9);
    }
  });
});
