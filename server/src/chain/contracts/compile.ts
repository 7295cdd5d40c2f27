import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Compiles the contracts the local chains run (TestUSDC.sol, with OpenZeppelin Contracts from the lock file) with the
 * pinned solc, offline. `npm run contracts:compile -w server` writes test-usdc.json beside the source; a test
 * compiles again and compares, so the artifact in the repo is always what the source gives.
 */

const require = createRequire(import.meta.url);
const CONTRACTS_DIR = import.meta.dirname;
export const TEST_USDC_ARTIFACT_FILE = path.join(CONTRACTS_DIR, 'test-usdc.json');

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<string, Record<string, SolcContract>>;
}

interface SolcContract {
  abi: unknown[];
  evm: { bytecode: { object: string }; deployedBytecode: { object: string } };
  storageLayout: { storage: { label: string; slot: string; contract: string }[] };
}

export interface TestUsdcArtifactFile {
  contractName: 'TestUSDC';
  source: 'TestUSDC.sol';
  compiler: string;
  settings: Record<string, unknown>;
  abi: unknown[];
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
  /** The storage slot of `minter`, which the node writes when it places the runtime code (local-chain-setup.ts). */
  minterSlot: number;
}

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'storageLayout'] } },
};

/** OpenZeppelin's sources from node_modules, for the compiler's imports. */
function readImport(importPath: string): { contents: string } | { error: string } {
  try {
    return { contents: fs.readFileSync(require.resolve(importPath), 'utf8') };
  } catch {
    return { error: `not found: ${importPath}` };
  }
}

export function compileTestUsdc(): TestUsdcArtifactFile {
  const solc = require('solc') as { compile: (input: string, options: { import: typeof readImport }) => string; version: () => string };
  const input = {
    language: 'Solidity',
    sources: { 'TestUSDC.sol': { content: fs.readFileSync(path.join(CONTRACTS_DIR, 'TestUSDC.sol'), 'utf8') } },
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((error) => error.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((error) => error.formattedMessage).join('\n'));
  const contract = output.contracts['TestUSDC.sol']?.TestUSDC;
  if (!contract) throw new Error('solc gave no TestUSDC');
  const minter = contract.storageLayout.storage.find((entry) => entry.label === 'minter');
  if (!minter) throw new Error('TestUSDC has no minter in its storage layout');
  return {
    contractName: 'TestUSDC',
    source: 'TestUSDC.sol',
    compiler: solc.version(),
    settings: SETTINGS,
    abi: contract.abi,
    bytecode: `0x${contract.evm.bytecode.object}`,
    deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    minterSlot: Number(minter.slot),
  };
}

if (process.argv[1] === import.meta.filename) {
  fs.writeFileSync(TEST_USDC_ARTIFACT_FILE, `${JSON.stringify(compileTestUsdc(), null, 2)}\n`);
  process.stdout.write(`wrote ${path.relative(process.cwd(), TEST_USDC_ARTIFACT_FILE)}\n`);
}
