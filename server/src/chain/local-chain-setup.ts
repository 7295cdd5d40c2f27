import { listAssets, type NetworkId } from '@fincrypt/domain';
import { type Address, type Hex, type PublicClient, createPublicClient, getAddress, http, pad, parseEther } from 'viem';
import { testUsdcArtifact } from './contracts/test-usdc.ts';

/**
 * What a local node holds before the app uses it (issue 49): the app's treasury, funded with the network's coin, and
 * test USDC at Circle's address on that testnet, minted by the treasury. Anvil's admin methods place both, on a
 * node the app started and reaches on loopback; a node reached by URL is a real testnet, where the contract exists
 * and the treasury is funded from a public faucet (README).
 *
 * USDC's runtime code is placed at Circle's address (anvil_setCode) rather than deployed wherever the next nonce
 * lands, so that the codes the app shows and the wallets people use name the same token on the local chain as on
 * the real one (decision 045). Placed code runs no constructor, so the minter is written to its storage slot.
 */

/** Coin the treasury holds on a local node; topped up to this at each start. */
export const LOCAL_TREASURY_COINS = 1_000_000_000n;

export interface LocalChainSetup {
  network: NetworkId;
  usdcAddress: Address;
  treasury: Address;
}

function nodeClient(url: string): PublicClient {
  return createPublicClient({ transport: http(url, { retryCount: 0 }) });
}

async function adminCall(client: PublicClient, method: string, params: unknown[]): Promise<unknown> {
  // The node's own admin methods, outside viem's typed list.
  return client.request({ method: method as never, params: params as never });
}

/** The test USDC contract's address on `network`: Circle's, from the token registry. */
export function usdcAddressOn(network: NetworkId): Address {
  const usdc = listAssets(network).find((asset) => asset.kind === 'token' && asset.symbol === 'USDC');
  if (!usdc?.address) throw new Error(`${network} has no USDC in the token registry`);
  return getAddress(usdc.address);
}

/**
 * Makes a local node ready: the treasury holds LOCAL_TREASURY_COINS of the coin, and test USDC's code sits at
 * Circle's address with the treasury as its minter. Idempotent: the node's state file keeps both, and a second run
 * changes nothing but a treasury that spent below its float.
 */
export async function prepareLocalChain(url: string, network: NetworkId, treasury: Address): Promise<LocalChainSetup> {
  const client = nodeClient(url);
  const float = parseEther(LOCAL_TREASURY_COINS.toString());
  if ((await client.getBalance({ address: treasury })) < float) {
    await adminCall(client, 'anvil_setBalance', [treasury, `0x${float.toString(16)}`]);
  }
  const usdcAddress = usdcAddressOn(network);
  const code = await client.getCode({ address: usdcAddress });
  if (code !== testUsdcArtifact.deployedBytecode) {
    await adminCall(client, 'anvil_setCode', [usdcAddress, testUsdcArtifact.deployedBytecode]);
  }
  const minterSlot = pad(`0x${testUsdcArtifact.minterSlot.toString(16)}` as Hex);
  const minter = pad(treasury.toLowerCase() as Hex);
  if ((await client.getStorageAt({ address: usdcAddress, slot: minterSlot })) !== minter) {
    await adminCall(client, 'anvil_setStorageAt', [usdcAddress, minterSlot, minter]);
  }
  return { network, usdcAddress, treasury };
}
