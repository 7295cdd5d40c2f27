import { defineProject } from 'vitest/config';

/** The server's test settings; vitest.config.ts at the root runs them as two projects, one per database engine. */
export const serverTestSettings = {
  // The migrated template databases every test file copies (PGlite, and PostgreSQL when TEST_DATABASE_URL is set).
  globalSetup: ['src/test/global-setup.ts'],
  // One module graph per worker, not per file: importing the server (Fastify, better-auth, drizzle, viem) took seconds
  // per file, more than most files' tests. Each file still opens its own database and app; the server keeps no state
  // in its modules, and the tests that fake timers or spy restore them.
  isolate: false,
  // Each file opens its own database; PGlite start-up takes a moment on 2 cores.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  // In CI a test that fails once runs once more, as the journeys do (a loaded fresh machine); the test command's
  // last lines still name every test that needed it (scripts/summarize-tests.mjs).
  retry: process.env.CI ? 1 : 0,
};

export default defineProject({ test: { name: 'server', include: ['src/**/*.test.ts'], ...serverTestSettings } });
