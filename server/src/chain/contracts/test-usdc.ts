import fs from 'node:fs';
import path from 'node:path';
import type { Abi } from 'viem';
import type { TestUsdcArtifactFile } from './compile.ts';

/** The compiled TestUSDC (test-usdc.json, written by `npm run contracts:compile -w server` from TestUSDC.sol). */
const file = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'test-usdc.json'), 'utf8')) as TestUsdcArtifactFile;

export const testUsdcArtifact = { ...file, abi: file.abi as Abi };
