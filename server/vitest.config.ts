import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Each file opens its own database; PGlite start-up and migrations take a moment on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
