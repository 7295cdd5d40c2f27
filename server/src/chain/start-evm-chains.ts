import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { NETWORKS, type NetworkId } from '@fincrypt/domain';
import { BLOCK_TIME_MS } from './blocks.ts';
import { EVM_NETWORK_IDS, type EvmChain, evmChainAt } from './evm-chains.ts';
import { prepareLocalChain } from './local-chain-setup.ts';
import { type LocalNode, startLocalNode } from './local-node.ts';

export interface StartEvmChainsOptions {
  /** Nodes reached by URL instead of started here (SEPOLIA_RPC_URL, AMOY_RPC_URL). */
  nodeUrls: Partial<Record<NetworkId, string>>;
  /** Chain time runs this many times faster than the wall clock: a local node's blocks come that much sooner. */
  timeScale: number;
  /** Where local nodes keep their state (DATA_DIR/chain). */
  dataDir: string;
  /** The secret the treasury's key is derived from (lib/secrets.ts keeps it). */
  treasurySecret: string;
  log: { info: (fields: object, message: string) => void; warn: (fields: object, message: string) => void };
}

export interface PreparedLocalChain {
  node: LocalNode;
  chain: EvmChain;
}

export interface PreparedLocalChainOptions {
  stateFile: string;
  /** Left out, the node mines only when told (tests). */
  blockTimeSeconds?: number;
  treasuryKeyHex: string;
  /** Told each time the node died on its own and was started again. */
  onRestart?: (exit: { code: number | null; signal: NodeJS.Signals | null }) => void;
  /** Told when a restarted node could not be made ready again (the next restart tries again). */
  onPrepareFailure?: (error: unknown) => void;
}

/**
 * A local Anvil for `network` on loopback, made ready (the treasury's float, test USDC at Circle's address) when it
 * starts and again after every restart, where the state it came back from lacks them: a fault test once saw a node
 * come back under load with its blocks but not the treasury's float, refusing every grant.
 */
export async function startPreparedLocalChain(network: NetworkId, options: PreparedLocalChainOptions): Promise<PreparedLocalChain> {
  const definition = NETWORKS[network];
  if (definition.family !== 'evm') throw new Error(`${definition.label} is not an EVM network`);
  const ready: { chain?: EvmChain } = {};
  const node = await startLocalNode({
    chainId: definition.chainId,
    stateFile: options.stateFile,
    ...(options.blockTimeSeconds === undefined ? {} : { blockTimeSeconds: options.blockTimeSeconds }),
    onRestart: (exit) => {
      options.onRestart?.(exit);
      if (ready.chain) void prepareLocalChain(ready.chain.url, network, ready.chain.treasury.address).catch((error: unknown) => options.onPrepareFailure?.(error));
    },
  });
  try {
    const chain = evmChainAt(network, node.url, options.treasuryKeyHex, true);
    await prepareLocalChain(node.url, network, chain.treasury.address);
    ready.chain = chain;
    return { node, chain };
  } catch (error) {
    await node.stop();
    throw error;
  }
}

export interface RunningEvmChains {
  chains: ReadonlyMap<NetworkId, EvmChain>;
  /** Stops the nodes started here (each writes its state first). */
  stop(): Promise<void>;
}

/** The treasury's secp256k1 key: SHA-256 of its secret, so any long secret names one key and the key never sits in a file. */
export function treasuryKeyFrom(secret: string): string {
  return createHash('sha256').update(`fincrypt-treasury:${secret}`).digest('hex');
}

/** A block time a node accepts: the network's, divided by the time scale, to the millisecond and at least 1 ms. */
function scaledBlockSeconds(network: NetworkId, timeScale: number): number {
  return Math.max(1, Math.round(BLOCK_TIME_MS[network] / timeScale)) / 1000;
}

/**
 * A node per EVM network (issue 49, item 1): the one its URL names, or a local Anvil started here on loopback with
 * the network's chain id and block time, its state under DATA_DIR, made ready (the treasury funded, test USDC at
 * Circle's address). A node reached by URL is taken as it is: its treasury is funded from a faucet (README).
 */
export async function startEvmChains(options: StartEvmChainsOptions): Promise<RunningEvmChains> {
  const treasuryKeyHex = treasuryKeyFrom(options.treasurySecret);
  const started: LocalNode[] = [];
  const chains = new Map<NetworkId, EvmChain>();
  try {
    for (const network of EVM_NETWORK_IDS) {
      const definition = NETWORKS[network];
      if (definition.family !== 'evm') continue;
      const remoteUrl = options.nodeUrls[network];
      if (remoteUrl !== undefined) {
        const chain = evmChainAt(network, remoteUrl, treasuryKeyHex, false);
        const chainId = await chain.client.getChainId();
        if (chainId !== definition.chainId) throw new Error(`${definition.label}'s node at ${remoteUrl} has chain id ${chainId}, not ${definition.chainId}`);
        options.log.info({ network, treasury: chain.treasury.address }, `${definition.label} runs on the node at its URL: fund the treasury from a faucet`);
        chains.set(network, chain);
        continue;
      }
      const stateDir = path.join(options.dataDir, 'chain');
      fs.mkdirSync(stateDir, { recursive: true });
      const { node, chain } = await startPreparedLocalChain(network, {
        stateFile: path.join(stateDir, `${network}.json`),
        blockTimeSeconds: scaledBlockSeconds(network, options.timeScale),
        treasuryKeyHex,
        onRestart: (exit) => options.log.warn({ network, ...exit }, `${definition.label}'s local node stopped and was started again`),
        onPrepareFailure: (error) =>
          options.log.warn({ err: error, network }, 'the restarted local node could not be made ready again; the next restart tries again'),
      });
      started.push(node);
      chains.set(network, chain);
    }
  } catch (error) {
    await Promise.all(started.map((node) => node.stop()));
    throw error;
  }
  return { chains, stop: async () => void (await Promise.all(started.map((node) => node.stop()))) };
}
