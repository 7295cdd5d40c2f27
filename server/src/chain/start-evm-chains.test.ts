import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEther } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOCAL_TREASURY_COINS } from './local-chain-setup.ts';
import { startEvmChains } from './start-evm-chains.ts';

const quiet = { info: () => {}, warn: () => {} };

describe('the local nodes the app starts', () => {
  it('makes a node that came back without the treasury’s float ready again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fincrypt-evm-chains-'));
    const evm = await startEvmChains({ nodeUrls: {}, timeScale: 100, dataDir, treasurySecret: randomBytes(32).toString('hex'), log: quiet });
    try {
      const chain = evm.chains.get('eth_sepolia')!;
      const treasuryBalance = () => chain.client.getBalance({ address: chain.treasury.address }).catch(() => -1n);
      // The state the node will come back from lacks the float, as a fault test once saw after a kill under load.
      await chain.client.request({ method: 'anvil_setBalance' as never, params: [chain.treasury.address, '0x0'] as never });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const pid = Number(fs.readFileSync(path.join(dataDir, 'chain', 'eth_sepolia.json.pid'), 'utf8'));
      process.kill(pid, 'SIGKILL');
      const float = parseEther(LOCAL_TREASURY_COINS.toString());
      await expect.poll(treasuryBalance, { timeout: 20_000, interval: 100 }).toBe(float);
    } finally {
      await evm.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
