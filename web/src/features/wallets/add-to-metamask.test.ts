import { rpcNetworkView } from '@fincrypt/domain';
import { describe, expect, it, vi } from 'vitest';
import { addEthereumChainParameter, addNetworkToWallet, hexChainId, injectedWallet, manualNetworkDetails } from './add-to-metamask.ts';

const ORIGIN = 'http://localhost:3000';

describe('wallet_addEthereumChain (EIP-3085)', () => {
  it("adds each network with its chain id in hex, this origin's JSON-RPC endpoint and explorer, and 18 decimals", () => {
    expect(addEthereumChainParameter(rpcNetworkView('eth_sepolia'), ORIGIN)).toEqual({
      chainId: '0xaa36a7',
      chainName: 'Ethereum Sepolia',
      nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://localhost:3000/rpc/eth_sepolia'],
      blockExplorerUrls: ['http://localhost:3000/explorer'],
    });
    expect(addEthereumChainParameter(rpcNetworkView('polygon_amoy'), 'https://fincrypt.example')).toEqual({
      chainId: '0x13882',
      chainName: 'Polygon Amoy',
      nativeCurrency: { name: 'Amoy MATIC', symbol: 'MATIC', decimals: 18 },
      rpcUrls: ['https://fincrypt.example/rpc/polygon_amoy'],
      blockExplorerUrls: ['https://fincrypt.example/explorer'],
    });
    // EIP-3085: lower-case hex, 0x, no leading zeros.
    for (const chainId of [1, 16, 255, 80002, 11155111]) expect(hexChainId(chainId)).toMatch(/^0x[1-9a-f][0-9a-f]*$/);
    expect(hexChainId(1)).toBe('0x1');
  });

  it('lists what to type into a wallet by hand, in its form order', () => {
    expect(manualNetworkDetails(rpcNetworkView('polygon_amoy'), ORIGIN)).toEqual([
      { label: 'Network name', value: 'Polygon Amoy' },
      { label: 'RPC URL', value: 'http://localhost:3000/rpc/polygon_amoy' },
      { label: 'Chain ID', value: '80002' },
      { label: 'Currency symbol', value: 'MATIC' },
    ]);
  });

  it("finds an injected wallet only when it can be asked, and tells what it answered in the page's words", async () => {
    expect(injectedWallet({})).toBeUndefined();
    expect(injectedWallet({ ethereum: { isMetaMask: true } })).toBeUndefined();
    const wallet = { request: vi.fn().mockResolvedValueOnce(null) };
    expect(injectedWallet({ ethereum: wallet })).toBe(wallet);

    const network = rpcNetworkView('eth_sepolia');
    expect(await addNetworkToWallet(wallet, network, ORIGIN)).toEqual({ isAdded: true, message: 'Added Ethereum Sepolia to your wallet.' });
    expect(wallet.request).toHaveBeenCalledWith({ method: 'wallet_addEthereumChain', params: [addEthereumChainParameter(network, ORIGIN)] });
    wallet.request.mockRejectedValueOnce({ code: 4001, message: 'User rejected the request.' });
    expect(await addNetworkToWallet(wallet, network, ORIGIN)).toEqual({ isAdded: false, message: 'The wallet refused: User rejected the request.' });
    wallet.request.mockRejectedValueOnce(undefined);
    expect(await addNetworkToWallet(wallet, network, ORIGIN)).toEqual({ isAdded: false, message: 'The wallet refused: no reason given' });
  });
});
