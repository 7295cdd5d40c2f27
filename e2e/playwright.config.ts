import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { REAL_TIME_BASE_URL, REAL_TIME_PORT } from './support/real-time-server.ts';
import { SIMULATED_BASE_URL, SIMULATED_PORT } from './support/simulated-server.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 4319);
// A fresh embedded database per run; set once in the main process so workers see the same value.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-e2e-'));
process.env.E2E_SIMULATED_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-e2e-simulated-'));
process.env.E2E_REAL_TIME_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-e2e-real-time-'));

/** What the journey servers share. */
const JOURNEY_SERVER_ENV = {
  LOG_LEVEL: 'warn',
  NODE_ENV: 'test',
  FINCRYPT_E2E: 'true',
  // No simulated participants paying in the background: journeys count exact rows and balances.
  // (NODE_ENV=test turns it off already; said here so a journey that wants it knows where to turn it on.)
  DEMO_NETWORK: 'off',
  // Every journey signs in from 127.0.0.1: keep the per-IP limits out of the way (the API tests cover them).
  RATE_LIMIT_SIGN_IN_PER_IP: '10000',
  RATE_LIMIT_SIGN_UP_PER_IP: '10000',
  RATE_LIMIT_TWO_FACTOR_PER_IP: '10000',
  RATE_LIMIT_CONTACT_PER_IP: '10000',
  RATE_LIMIT_EXPLORER_PER_IP: '10000',
  // Firm quotes last 20 s here instead of 30: the expiry journey waits one out, while every other journey
  // reviews and sends within a few seconds (a timed-out send's retry reuses its key and is answered as before).
  QUOTE_TTL_SECONDS: '20',
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  // Three browsers at once: a journey spends most of its time waiting (confirmations, timers, animations), and the
  // test command runs the unit and API tests beside them (scripts/test-all.sh).
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/results.json' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // The app writes numbers and dates in the browser's locale (decision 037): the journeys read en-US.
    locale: 'en-US',
    // Still pages: endless pulses, spinners and dots stop (the app honours the setting), so the software compositor
    // is not drawing frames nobody checks. The journey about the explorer's dots turns motion back on.
    reducedMotion: 'reduce',
    // A trace records every action's DOM and a screencast: recorded for a retry only (CI retries once), as Playwright
    // advises, instead of for every journey and thrown away when it passes (decision 042).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS } } }],
  webServer: [
    // The app as `npm start` runs it: Anvil under Sepolia and Amoy, started by this server.
    {
      command: 'node --import tsx ../server/src/main.ts',
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...JOURNEY_SERVER_ENV,
        PORT: String(port),
        DATA_DIR: process.env.E2E_DATA_DIR,
        // Blocks every 1.2 s (Sepolia) and 0.2 s (Amoy): twelve confirmations within about 15 s and 3 s.
        CHAIN_TIME_SCALE: '10',
      },
    },
    // CHAIN=simulated, for what only the simulated chains show: a new account with no rows at all (on a real chain
    // its opening grants are its first) (support/simulated-server.ts).
    {
      command: 'node --import tsx ../server/src/main.ts',
      url: `${SIMULATED_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...JOURNEY_SERVER_ENV,
        PORT: String(SIMULATED_PORT),
        DATA_DIR: process.env.E2E_SIMULATED_DATA_DIR,
        CHAIN: 'simulated',
        // Chain time runs 10× the wall clock: a fast send has all 12 confirmations within about 5 s, while a slow
        // one stays pending for at least 3 s, long enough for a journey to see it pending.
        CHAIN_TIME_SCALE: '10',
      },
    },
    // Local nodes at the chains' own pace, for the journeys that act on or watch a send the chain still holds pending
    // (a speed-up, a detail page): a Sepolia block every 12 s, an Amoy block every 2 s (support/real-time-server.ts).
    {
      command: 'node --import tsx ../server/src/main.ts',
      url: `${REAL_TIME_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...JOURNEY_SERVER_ENV, PORT: String(REAL_TIME_PORT), DATA_DIR: process.env.E2E_REAL_TIME_DATA_DIR, CHAIN_TIME_SCALE: '1' },
    },
  ],
});
