import { type WalletView, findAsset } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReceivePanel } from './receive-panel.tsx';

// The code's payload, readable: the journeys decode the drawn code itself (e2e/tests/usdc-wallets.spec.ts).
vi.mock('qrcode.react', () => ({
  QRCodeSVG: ({ value, ...props }: { value: string; role: string; 'aria-label': string }) => <svg data-value={value} {...props} />,
}));

const wallet = (network: WalletView['network'], networkLabel: string, symbol: string, address: string, id: string) =>
  ({ id, network, networkLabel, symbol, address }) as WalletView;

const ethereum = wallet('eth_sepolia', 'Ethereum Sepolia', 'ETH', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '7d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e01');
const solana = wallet('solana_devnet', 'Solana Devnet', 'SOL', '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV', '8d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e02');

// The panel's payment requests (issue 16) read the session and the user's requests through react-query.
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } });

function Host() {
  const [walletId, setWalletId] = useState(ethereum.id);
  return (
    <QueryClientProvider client={queryClient}>
      <ReceivePanel wallets={[ethereum, solana]} walletId={walletId} onWalletChange={setWalletId} />
    </QueryClientProvider>
  );
}

const qr = () => screen.getByRole('img');
const assetSelect = () => screen.getByLabelText<HTMLSelectElement>('Asset');

afterEach(cleanup);

describe('ReceivePanel', () => {
  it("offers the wallet's coin (first, chosen) and USDC; the coin's code is EIP-681 with the chain id", () => {
    render(<Host />);
    expect(Array.from(assetSelect().options).map((option) => option.textContent)).toEqual(['Sepolia Ether (ETH)', 'USD Coin (USDC)']);
    expect(assetSelect().value).toBe('ETH');
    expect(qr().getAttribute('data-value')).toBe(`ethereum:${ethereum.address}@11155111`);
    expect(qr().getAttribute('aria-label')).toBe('QR code of your Ethereum Sepolia address');
    expect(screen.getByText('Scan to send ETH on Ethereum Sepolia to this wallet')).toBeTruthy();
  });

  it("shows USDC's code in the token form of each chain, and keeps USDC when another wallet is chosen", () => {
    render(<Host />);
    fireEvent.change(assetSelect(), { target: { value: 'USDC' } });
    const sepoliaUsdc = findAsset('eth_sepolia', 'USDC')!.address!;
    expect(qr().getAttribute('data-value')).toBe(`ethereum:${sepoliaUsdc}@11155111/transfer?address=${ethereum.address}`);
    expect(qr().getAttribute('aria-label')).toBe('QR code of your Ethereum Sepolia address for USDC');
    expect(screen.getByText('Scan to send USDC on Ethereum Sepolia to this wallet')).toBeTruthy();
    // The address to copy stays the wallet's own.
    expect(screen.getByText(ethereum.address, { exact: true })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Wallet'), { target: { value: solana.id } });
    expect(assetSelect().value).toBe('USDC');
    const devnetMint = findAsset('solana_devnet', 'USDC')!.address!;
    expect(qr().getAttribute('data-value')).toBe(`solana:${solana.address}?spl-token=${devnetMint}`);
    expect(screen.getByText('Scan to send USDC on Solana Devnet to this wallet')).toBeTruthy();

    fireEvent.change(assetSelect(), { target: { value: 'SOL' } });
    expect(qr().getAttribute('data-value')).toBe(`solana:${solana.address}`);
  });
});
