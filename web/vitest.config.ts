import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    environment: 'happy-dom',
    setupFiles: ['src/test/toaster-mounted.ts', 'src/test/pinned-locale.ts'],
    // As in server/vitest.config.ts: one more run in CI, and the summary names the test.
    retry: process.env.CI ? 1 : 0,
  },
});
