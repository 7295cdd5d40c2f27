import type { ExplorerTransaction } from '@fincrypt/domain';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { TransactionFactsCard } from './transaction-facts-card.tsx';
import { TransactionRow } from './transaction-row.tsx';

const USDC_CONTRACT = '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238';

/** A 25 USDC send on Sepolia: 65,000 gas at 45 Gwei, paid in ETH. */
const usdcSend = makeTransaction({
  asset: 'USDC',
  symbol: 'USDC',
  feeSymbol: 'ETH',
  tokenAddress: USDC_CONTRACT,
  amount: '25',
  amountUnits: '25000000',
  gasUsed: '65000',
  effectiveGasPrice: '45000000000',
  fee: '0.002925',
  feeUnits: '2925000000000000',
});

const faucetMint = makeTransaction({
  type: 'mint',
  asset: 'USDC',
  symbol: 'USDC',
  feeSymbol: 'ETH',
  tokenAddress: USDC_CONTRACT,
  amount: '500',
  amountUnits: '500000000',
  gasUsed: '0',
  effectiveGasPrice: '0',
  fee: '0',
  feeUnits: '0',
});

/** The text of the <dd> beside the <dt> with this label. */
function fact(label: string): string | null | undefined {
  const term = screen.getAllByText(label, { selector: 'dt' })[0];
  return term?.parentElement?.querySelector('dd')?.textContent;
}

afterEach(cleanup);

/** A router and a query client (a row reads the live prices to show its value now). */
function Shell({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe('transactions of another asset than the coin', () => {
  it('a row shows the amount in the asset sent', () => {
    render(
      <Shell>
        <TransactionRow transaction={usdcSend} />
      </Shell>,
    );
    const row = screen.getByTestId('transaction-row');
    expect(within(row).getByText('-25 USDC', { normalizer: (text) => text.replace(/\s+/g, ' ').trim() })).toBeTruthy();
    expect(row.textContent).toContain('Sent');
  });

  it('a faucet mint is labelled as test funds from the faucet', () => {
    render(
      <Shell>
        <TransactionRow transaction={faucetMint} />
      </Shell>,
    );
    const row = screen.getByTestId('transaction-row');
    expect(row.textContent).toContain('Test funds');
    expect(row.textContent).toContain('From the test faucet');
    expect(row.textContent).toContain('+500 USDC');
  });

  it('the detail shows the value in USDC, the fee in ETH at 65,000 gas, and the token contract', () => {
    render(<TransactionFactsCard variant="detail" transaction={usdcSend} />, { wrapper: Shell });
    expect(fact('Value')).toBe('25 USDC');
    expect(fact('Gas Fee')).toBe('0.002925 ETHGas used 65,000 · Gas price 45.00 Gwei');
    expect(fact('Token contract')).toContain(USDC_CONTRACT);
    expect(fact('Type')).toBe('Sent');
  });

  it('the detail of a mint says Test funds and charges no fee', () => {
    render(<TransactionFactsCard variant="detail" transaction={faucetMint} />, { wrapper: Shell });
    expect(fact('Type')).toBe('Test funds');
    expect(fact('Value')).toBe('500 USDC');
    expect(fact('Gas Fee')).toBe('0 ETHTest funds from the faucet carry no fee');
  });

  it('the explorer names a token transfer and a Solana mint address', () => {
    const explorer: ExplorerTransaction = {
      hash: '5'.repeat(88),
      network: 'solana_devnet',
      networkLabel: 'Solana Devnet',
      type: 'transfer',
      asset: 'USDC',
      symbol: 'USDC',
      feeSymbol: 'SOL',
      tokenAddress: '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
      from: 'So11111111111111111111111111111111111111112',
      to: 'Vote111111111111111111111111111111111111111',
      value: '3',
      valueUnits: '3000000',
      fee: '0.000005075',
      feeUnits: '5075',
      gasUsed: '1000',
      effectiveGasPrice: '75000',
      gasPriceGwei: '0.00',
      status: 'confirmed',
      confirmations: 12,
      blockNumber: 100,
      timestamp: '2026-11-20T10:00:00.000Z',
      usdValueAtSendCents: null,
      timeline: [],
      raw: null,
      replacedHashes: [],
    };
    render(<TransactionFactsCard variant="explorer" transaction={explorer} />, { wrapper: Shell });
    expect(fact('Type')).toBe('Token transfer');
    expect(fact('Value')).toBe('3 USDC');
    expect(fact('Token mint')).toBe('4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU');
    expect(fact('Transaction Fee')).toBe('0.000005075 SOL5,075 lamports: 5,000 per signature + 75 priority (1,000 compute units × 75,000 micro-lamports)');
  });
});
