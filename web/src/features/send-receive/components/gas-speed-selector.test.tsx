import type { FeeQuoteView } from '@fincrypt/domain';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { GasSpeedSelector } from './gas-speed-selector.tsx';

const quote = (gasPriceWei: string, fee: string, feeUnits = '0'): FeeQuoteView => ({
  speed: 'normal',
  label: 'Normal',
  gasPriceWei,
  gasPriceGwei: '1.50',
  fee,
  feeUnits,
  timeEstimate: '15-30 sec',
  quotedAt: new Date().toISOString(),
  expiresAt: new Date(Date.now() + 60_000).toISOString(),
  quoteId: 'q',
  maxSendable: '0',
  maxSendableUnits: '0',
});

afterEach(cleanup);

describe('GasSpeedSelector', () => {
  const props = { currency: 'usd', coinPrice: undefined, value: 'normal', onChange: () => undefined, updatedAtMs: undefined, state: 'ready', onRetry: () => undefined } as const;

  it('shows a Solana fee in lamports and in the coin', () => {
    render(<GasSpeedSelector {...props} quotes={[quote('75000', '0.000005075', '5075')]} symbol="SOL" network="solana_devnet" gasUsed="1000" />);
    const option = screen.getByRole('radio', { name: /^Normal/ }).closest('label');
    expect(option?.textContent).toContain('5,075 lamports');
    expect(option?.textContent).toContain('0.000005075 SOL');
  });

  it('shows an EVM rate as its gas price whatever the gas used, and the fee in the coin', () => {
    render(<GasSpeedSelector {...props} quotes={[quote('45000000000', '0.002925')]} symbol="ETH" network="eth_sepolia" gasUsed="65000" />);
    const option = screen.getByRole('radio', { name: /^Normal/ }).closest('label');
    expect(option?.textContent).toContain('45.00 Gwei');
    expect(option?.textContent).toContain('0.002925 ETH');
  });
});
