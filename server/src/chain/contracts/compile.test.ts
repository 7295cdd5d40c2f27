import fs from 'node:fs';
import { expect, it } from 'vitest';
import { TEST_USDC_ARTIFACT_FILE, compileTestUsdc } from './compile.ts';

it('test-usdc.json is what TestUSDC.sol compiles to with the pinned solc (npm run contracts:compile -w server)', () => {
  const kept = JSON.parse(fs.readFileSync(TEST_USDC_ARTIFACT_FILE, 'utf8')) as unknown;
  expect(kept).toEqual(compileTestUsdc());
}, 120_000);
