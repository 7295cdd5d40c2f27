import { defineProject } from 'vitest/config';

// Pure functions: one module graph per worker instead of one per file.
export default defineProject({ test: { name: 'domain', include: ['src/**/*.test.ts'], isolate: false } });
