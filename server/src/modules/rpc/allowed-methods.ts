/**
 * What the public JSON-RPC endpoint (/rpc/{network}) forwards to a network's node (issue 49, item 9): what a wallet
 * needs to read the chain and to send a signed transaction. Everything else is refused, above all the node's admin
 * methods (anvil_*, evm_*, hardhat_*, debug_*), which would let anyone mint coins, rewind the chain or read the
 * node's internals, and methods that would use keys held by the node (eth_sendTransaction, eth_sign, personal_*).
 */
export const RPC_ALLOWED_METHODS: ReadonlySet<string> = new Set([
  'web3_clientVersion',
  'net_version',
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getTransactionCount',
  'eth_call',
  'eth_estimateGas',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getLogs',
  'eth_sendRawTransaction',
]);

export function isAllowedRpcMethod(method: string): boolean {
  return RPC_ALLOWED_METHODS.has(method);
}
