import type { RpcNetworkView } from '@fincrypt/domain';

/** The wallet a browser extension injects (EIP-1193): MetaMask's `window.ethereum`. */
export interface InjectedWallet {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

/** EIP-3085's AddEthereumChainParameter, as `wallet_addEthereumChain` takes it. */
export interface AddEthereumChainParameter {
  /** The EIP-155 chain id as 0x-hex without leading zeros. */
  chainId: string;
  chainName: string;
  nativeCurrency: { name: string; symbol: string; decimals: 18 };
  rpcUrls: [string];
  blockExplorerUrls: [string];
}

/**
 * The explorer's home on this origin (web/src/app/router.tsx). MetaMask links an account as `{url}/address/{address}`,
 * which the explorer's address page answers; it links a transaction as `{url}/tx/{hash}`, which the router has no
 * page for (its transaction page is `/explorer/{hash}`).
 */
export const EXPLORER_PATH = '/explorer';

/** The injected wallet, when the browser has one (an extension such as MetaMask); undefined otherwise. */
export function injectedWallet(host: { ethereum?: unknown } = window as { ethereum?: unknown }): InjectedWallet | undefined {
  const candidate = host.ethereum as Partial<InjectedWallet> | undefined;
  return typeof candidate?.request === 'function' ? (candidate as InjectedWallet) : undefined;
}

/** "0xaa36a7" for 11155111. */
export const hexChainId = (chainId: number): string => `0x${chainId.toString(16)}`;

/** What adds `network` to a wallet, with this app's JSON-RPC endpoint and explorer on `origin` (location.origin). */
export function addEthereumChainParameter(network: RpcNetworkView, origin: string): AddEthereumChainParameter {
  return {
    chainId: hexChainId(network.chainId),
    chainName: network.name,
    nativeCurrency: { name: network.currencyName, symbol: network.symbol, decimals: 18 },
    rpcUrls: [`${origin}${network.rpcPath}`],
    blockExplorerUrls: [`${origin}${EXPLORER_PATH}`],
  };
}

/** What a person types into a wallet's "Add a network manually" form, in its order. */
export function manualNetworkDetails(network: RpcNetworkView, origin: string): { label: string; value: string }[] {
  return [
    { label: 'Network name', value: network.name },
    { label: 'RPC URL', value: `${origin}${network.rpcPath}` },
    { label: 'Chain ID', value: String(network.chainId) },
    { label: 'Currency symbol', value: network.symbol },
  ];
}

export interface AddToWalletOutcome {
  isAdded: boolean;
  message: string;
}

/** The words of a wallet's refusal (EIP-1193's `{ code, message }`, e.g. 4001 "User rejected the request."). */
function refusalText(error: unknown): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : 'no reason given';
}

/** Asks the wallet to add the network; the outcome as the page says it. */
export async function addNetworkToWallet(wallet: InjectedWallet, network: RpcNetworkView, origin: string): Promise<AddToWalletOutcome> {
  try {
    await wallet.request({ method: 'wallet_addEthereumChain', params: [addEthereumChainParameter(network, origin)] });
    return { isAdded: true, message: `Added ${network.name} to your wallet.` };
  } catch (error) {
    return { isAdded: false, message: `The wallet refused: ${refusalText(error)}` };
  }
}
