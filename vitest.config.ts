import { configDefaults, defineConfig } from 'vitest/config';
import { serverTestSettings } from './server/vitest.config.ts';

/**
 * Folders where PGlite and PostgreSQL can differ — row locks and races, several processes on one server, a lost or
 * silent server, the schema's own behaviour, security probes — so their files run on both. Every other server file
 * (routes, validation, views) runs on PGlite alone: the SQL it sends is the same on both.
 */
const ON_BOTH_ENGINES = [
  ...['db', 'payments', 'faults', 'security', 'plugins', 'demo-network', 'lib'].map((folder) => `src/${folder}/**/*.test.ts`),
  // The explorer on a real chain reads a block's rows by a window of time, or else by block number: the planners differ.
  'src/modules/explorer/chain-explorer.test.ts',
];

/** Files whose every suite is about PostgreSQL alone (describeOnPostgres): nothing of theirs runs on PGlite. */
const POSTGRES_ONLY = [
  'src/db/database.test.ts',
  'src/faults/database-outage.test.ts',
  'src/faults/database-refusing-connections.test.ts',
  'src/faults/silent-network.test.ts',
  'src/payments/processes.test.ts',
  'src/payments/chain-processes.test.ts',
  'src/demo-network/processes.test.ts',
];

const runsOnPostgres = Boolean(process.env.TEST_DATABASE_URL) || process.env.CI === 'true';

export default defineConfig({
  test: {
    // Two cores: two test files at a time (a third, with the servers some files spawn, overloads the machine and
    // their timeouts fire).
    maxWorkers: 2,
    projects: [
      'packages/domain',
      'packages/test-support',
      'web',
      {
        test: {
          ...serverTestSettings,
          name: 'server',
          root: './server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...POSTGRES_ONLY],
          env: { TEST_DATABASE_KINDS: 'pglite' },
        },
      },
      ...(runsOnPostgres
        ? [
            {
              test: { ...serverTestSettings, name: 'server-postgres', root: './server', include: ON_BOTH_ENGINES, env: { TEST_DATABASE_KINDS: 'postgres' } },
            },
          ]
        : []),
    ],
  },
});
