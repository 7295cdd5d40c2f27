import { nativeAsset } from './assets.ts';
import { NETWORKS, type NetworkId } from './networks.ts';

/**
 * Using a FinCrypt wallet in MetaMask (issue 49, item 9): the EVM networks whose JSON-RPC endpoint this server
 * offers (`GET /rpc`, then `POST /rpc/{network}`), and a demo account's test key to import
 * (`GET /api/wallets/{id}/test-key`).
 */

/** GET: the networks with a JSON-RPC endpoint, in the registry's order (public, no session). */
export const RPC_NETWORKS_PATH = '/rpc';

/** The JSON-RPC endpoint of a network, on the app's own origin. */
export const rpcPathOf = (network: NetworkId): string => `${RPC_NETWORKS_PATH}/${network}`;

/** GET: a demo account's EVM wallet's private key, to import into MetaMask. */
export const walletTestKeyPath = (walletId: string): string => `/api/wallets/${encodeURIComponent(walletId)}/test-key`;

/** One network of `GET /rpc`: what a wallet needs to add it (EIP-3085's wallet_addEthereumChain). */
export interface RpcNetworkView {
  network: NetworkId;
  /** EIP-155 chain id. */
  chainId: number;
  /** The network's label, e.g. "Ethereum Sepolia". */
  name: string;
  /** The native coin's symbol, e.g. "ETH". */
  symbol: string;
  /** The native coin's name as wallets show it, e.g. "Sepolia Ether". */
  currencyName: string;
  /** The JSON-RPC endpoint's path on this origin, e.g. "/rpc/eth_sepolia". */
  rpcPath: string;
}

export interface RpcNetworkList {
  networks: RpcNetworkView[];
}

/** How `GET /rpc` describes a network (an EVM one: the endpoint forwards to its node). */
export function rpcNetworkView(network: NetworkId): RpcNetworkView {
  const definition = NETWORKS[network];
  if (definition.family !== 'evm') throw new Error(`${network} is not an EVM network: it has no JSON-RPC endpoint`);
  return {
    network,
    chainId: definition.chainId,
    name: definition.label,
    symbol: definition.symbol,
    currencyName: nativeAsset(network).name,
    rpcPath: rpcPathOf(network),
  };
}

/** `GET /api/wallets/{id}/test-key`: the wallet's address and its private key, both 0x-hex. */
export interface WalletTestKey {
  address: string;
  privateKey: string;
}
