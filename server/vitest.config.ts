import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file opens its own database; PGlite start-up and migrations take a moment on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // In CI a test that fails once runs once more, as the journeys do (a loaded fresh machine); the test command's
    // last lines still name every test that needed it (scripts/summarize-tests.mjs).
    retry: process.env.CI ? 1 : 0,
  },
});
