import {
  type Asset,
  type ExplorerContractCall,
  type ExplorerEvmDetails,
  formatAmountTrimmed,
  listAssets,
  type NetworkId,
} from '@fincrypt/domain';
import { decodeFunctionData, erc20Abi, getAddress, type Hex, parseAbi, parseTransaction, zeroAddress } from 'viem';
import { networkOf, type TransactionRow } from '../../payments/views.ts';

/**
 * What the explorer reads out of a real chain's rows beyond the shared views (payments/views.ts): an EVM
 * transaction's nonce, gas and token call, decoded from its signed bytes.
 */

/** The calls the app's signed transactions make to a token contract: ERC-20's, and the test USDC's mint (the local chain's grants). */
const TOKEN_CALLS_ABI = [...erc20Abi, ...parseAbi(['function mint(address to, uint256 amount)'])];

function tokenAt(network: NetworkId, contract: string): Asset | undefined {
  const wanted = contract.toLowerCase();
  return listAssets(network).find((asset) => asset.kind === 'token' && asset.address?.toLowerCase() === wanted);
}

/**
 * The token call a signed transaction makes: `transfer(to, amount)` (ERC-20) or `mint(to, amount)`, decoded with the
 * ABI; null for a plain coin transfer or any other call. The token is the registry's at the called address, or else
 * the row's own token (a payment signed on Polygon Mumbai called Circle's Mumbai USDC, which reads as Amoy's).
 */
export function decodeTokenCall(
  row: Pick<TransactionRow, 'network' | 'asset' | 'fromAddress'>,
  signed: { to?: string | null | undefined; data?: Hex | undefined },
): ExplorerContractCall | null {
  if (!signed.to || !signed.data || signed.data === '0x') return null;
  let decoded: ReturnType<typeof decodeFunctionData<typeof TOKEN_CALLS_ABI>>;
  try {
    decoded = decodeFunctionData({ abi: TOKEN_CALLS_ABI, data: signed.data });
  } catch {
    return null;
  }
  if (decoded.functionName !== 'transfer' && decoded.functionName !== 'mint') return null;
  const [recipient, amountUnits] = decoded.args;
  const network = networkOf(row.network).id;
  const contract = getAddress(signed.to);
  const ownAsset = listAssets(network).find((asset) => asset.symbol === row.asset && asset.kind === 'token');
  const token = tokenAt(network, contract) ?? ownAsset;
  const to = getAddress(recipient);
  return {
    contract,
    contractSymbol: token?.symbol ?? null,
    functionName: decoded.functionName,
    signature: `${decoded.functionName}(address,uint256)`,
    args: { to, amountUnits: amountUnits.toString() },
    tokenMoved: {
      // A transfer moves the signer's tokens; a mint makes new ones (ERC-20's Transfer event names the zero address).
      from: decoded.functionName === 'mint' ? zeroAddress : row.fromAddress,
      to,
      amount: token === undefined ? null : formatAmountTrimmed(amountUnits, token.decimals),
      amountUnits: amountUnits.toString(),
      symbol: token?.symbol ?? null,
    },
  };
}

function parseSigned(raw: string | null) {
  if (raw === null) return undefined;
  try {
    return parseTransaction(raw.toLowerCase() as Hex);
  } catch {
    return undefined;
  }
}

/**
 * An EVM transaction's nonce, gas and token call: from its signed bytes when they are kept (what the app signed),
 * or the row's nonce for a transaction the indexer read from a block (money from outside). Undefined on Solana and
 * for a simulated faucet mint, which no key signs and which has no nonce of its own.
 */
export function evmDetailsOf(
  row: Pick<TransactionRow, 'network' | 'asset' | 'fromAddress' | 'rawTransaction' | 'nonce' | 'isForeign' | 'blockNumber' | 'gasUsed'>,
): ExplorerEvmDetails | undefined {
  if (networkOf(row.network).family !== 'evm') return undefined;
  const signed = parseSigned(row.rawTransaction);
  if (signed === undefined && !row.isForeign) return undefined;
  return {
    nonce: signed?.nonce ?? row.nonce,
    gasLimit: signed?.gas === undefined ? null : signed.gas.toString(),
    maxFeePerGas: signed?.maxFeePerGas === undefined ? null : signed.maxFeePerGas.toString(),
    maxPriorityFeePerGas: signed?.maxPriorityFeePerGas === undefined ? null : signed.maxPriorityFeePerGas.toString(),
    // Until a block includes it, the row's gas is the most it may use (the fee held), not what it used.
    gasUsed: row.blockNumber === null ? null : row.gasUsed.toString(),
    call: signed === undefined ? null : decodeTokenCall(row, signed),
  };
}
