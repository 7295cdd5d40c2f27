import type { ExplorerAddress, ExplorerBlock, ExplorerBlockSummary, ExplorerListItem, ExplorerStats } from '@fincrypt/domain';

/** Two EVM wallets and a Solana one, as the explorer's test data. */
export const ALICE = '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B';
export const BOB = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const SOL_ADDRESS = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';

let counter = 0;

/** A confirmed Sepolia ETH transfer, a second older than the previous one made; override what the test is about. */
export function makeListItem(overrides: Partial<ExplorerListItem> = {}): ExplorerListItem {
  counter += 1;
  return {
    hash: `0x${counter.toString(16).padStart(64, '0')}`,
    network: 'eth_sepolia',
    type: 'transfer',
    asset: 'ETH',
    amount: '1.5',
    amountUnits: '1500000000000000000',
    from: ALICE,
    to: BOB,
    fee: '0.000945',
    feeUnits: '945000000000000',
    feeSymbol: 'ETH',
    status: 'confirmed',
    blockNumber: 5000,
    timestamp: new Date(Date.UTC(2026, 10, 25, 3, 0, 0) - counter * 1000).toISOString(),
    ...overrides,
  };
}

export function makeBlock(overrides: Partial<ExplorerBlockSummary> = {}): ExplorerBlockSummary {
  return {
    network: 'eth_sepolia',
    number: 5000,
    timestamp: '2026-11-25T03:00:00.000Z',
    transactionCount: 2,
    totalFees: '0.00189',
    totalFeesUnits: '1890000000000000',
    feeSymbol: 'ETH',
    ...overrides,
  };
}

export const STATS: ExplorerStats = {
  windowSeconds: 60,
  networks: [
    { network: 'eth_sepolia', networkLabel: 'Ethereum Sepolia', tps: 0.05, averageFee: '0.000945', averageFeeUnits: '945000000000000', feeSymbol: 'ETH', pendingCount: 2, headNumber: 5003 },
    { network: 'polygon_amoy', networkLabel: 'Polygon Amoy', tps: 0, averageFee: null, averageFeeUnits: null, feeSymbol: 'MATIC', pendingCount: 0, headNumber: 9001 },
    { network: 'solana_devnet', networkLabel: 'Solana Devnet', tps: 1.25, averageFee: '0.000005', averageFeeUnits: '5000', feeSymbol: 'SOL', pendingCount: 1, headNumber: 0 },
  ],
};

export function makeAddress(overrides: Partial<ExplorerAddress> = {}): ExplorerAddress {
  return {
    address: ALICE,
    label: null,
    networks: [
      {
        network: 'eth_sepolia',
        networkLabel: 'Ethereum Sepolia',
        balances: [
          { asset: 'ETH', balance: '98.5', balanceUnits: '98500000000000000000' },
          { asset: 'USDC', balance: '1000', balanceUnits: '1000000000' },
        ],
        transactionCount: 3,
      },
      { network: 'polygon_amoy', networkLabel: 'Polygon Amoy', balances: null, transactionCount: 0 },
    ],
    transactions: { items: [makeListItem()], nextCursor: null },
    ...overrides,
  };
}

export function makeBlockPage(overrides: Partial<ExplorerBlock> = {}): ExplorerBlock {
  return { ...makeBlock(), networkLabel: 'Ethereum Sepolia', headNumber: 5003, transactions: { items: [makeListItem()], nextCursor: null }, ...overrides };
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const refusal = (status: number, code: string, message: string) => json({ error: { code, message } }, status);
