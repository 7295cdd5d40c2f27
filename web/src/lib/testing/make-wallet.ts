import type { AssetBalanceView, WalletView } from '@fincrypt/domain';

/** A USDC balance entry as the API lists it. */
export function usdcBalance(balance: string, contractAddress = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238'): AssetBalanceView {
  const [whole = '0', fraction = ''] = balance.split('.');
  return {
    asset: 'USDC',
    symbol: 'USDC',
    name: 'USD Coin',
    decimals: 6,
    kind: 'token',
    standard: 'erc20',
    contractAddress,
    balance,
    balanceUnits: BigInt(`${whole}${fraction.padEnd(6, '0')}`).toString(),
  };
}

/** An Ethereum Sepolia wallet with 100 ETH and 1,000 USDC that may ask the faucet now; override what the test is about. */
export function makeWallet(overrides: Partial<WalletView> = {}): WalletView {
  const balance = overrides.balance ?? '100.0000';
  const balanceUnits = overrides.balanceUnits ?? '100000000000000000000';
  return {
    id: '7d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e01',
    network: 'eth_sepolia',
    networkLabel: 'Ethereum Sepolia',
    symbol: 'ETH',
    decimals: 18,
    type: 'ethereum',
    address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    balance,
    balanceUnits,
    balances: [
      { asset: 'ETH', symbol: 'ETH', name: 'Sepolia Ether', decimals: 18, kind: 'native', balance, balanceUnits },
      usdcBalance('1000.00'),
    ],
    nextFaucetAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
