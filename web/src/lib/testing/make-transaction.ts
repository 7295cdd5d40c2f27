import type { TransactionView } from '@fincrypt/domain';

let counter = 0;

/** A plausible confirmed Ethereum send for tests; override what the test is about. */
export function makeTransaction(overrides: Partial<TransactionView> = {}): TransactionView {
  counter += 1;
  const hex = counter.toString(16).padStart(64, '0');
  return {
    id: `00000000-0000-4000-8000-${counter.toString(16).padStart(12, '0')}`,
    hash: `0x${hex}`,
    network: 'eth_sepolia',
    asset: 'ETH',
    symbol: 'ETH',
    feeSymbol: 'ETH',
    type: 'send',
    walletId: '11111111-1111-4111-8111-111111111111',
    fromAddress: '0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B',
    toAddress: '0x000000000000000000000000000000000000dEaD',
    amount: '1.5',
    amountUnits: '1500000000000000000',
    fee: '0.000945',
    feeUnits: '945000000000000',
    gasUsed: '21000',
    effectiveGasPrice: '45000000000',
    gasPriceGwei: '45.00',
    speed: 'normal',
    status: 'confirmed',
    confirmations: 12,
    blockNumber: 123456,
    timestamp: '2026-11-20T10:00:00.000Z',
    quoteId: null,
    valueAtSend: null,
    ...overrides,
  };
}
