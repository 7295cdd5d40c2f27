import { type WalletView, receiveQrPayload } from '@fincrypt/domain';
import { Check, Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../lib/toast.ts';
import { useCopyConfirmation } from '../hooks/use-copy-confirmation.ts';
import { WalletSelect } from './wallet-select.tsx';

export const RECEIVE_TESTNET_WARNING =
  'This is a testnet wallet. Only receive testnet tokens on this address. Any real cryptocurrency sent to this address may be lost permanently.';
export const RECEIVE_QR_SIZE_PX = 250;

export interface ReceivePanelProps {
  wallets: readonly WalletView[];
  walletId: string;
  onWalletChange: (walletId: string) => void;
}

/** The Receive tab: the chosen wallet's address to copy, and as a QR code with its network's scheme. */
export function ReceivePanel({ wallets, walletId, onWalletChange }: ReceivePanelProps) {
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  const { isCopied, copy } = useCopyConfirmation();

  async function copyAddress(address: string) {
    if (await copy(address)) toast.success('Address copied to clipboard');
    else toast.error('Could not copy the address. Select it and copy it yourself.');
  }

  return (
    <div className="space-y-6">
      <WalletSelect wallets={wallets} value={walletId} onChange={onWalletChange} />
      {wallet ? (
        <>
          <div className="space-y-1.5">
            <p className="text-sm font-medium text-slate-800 dark:text-slate-200">
              Wallet Address
            </p>
            <div className="flex items-start gap-2">
              <code className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-sm break-all dark:border-slate-600 dark:bg-slate-800"
              >
                {wallet.address}
              </code>
              <Button variant="outline" className="shrink-0" onClick={() => void copyAddress(wallet.address)}>
                {isCopied ? <Check aria-hidden className="h-4 w-4 text-green-600" /> : <Copy aria-hidden className="h-4 w-4" />}
                {isCopied ? 'Copied' : 'Copy'}
              </Button>
            </div>
          </div>
          <figure className="flex flex-col items-center gap-2">
            <div className="rounded-lg bg-white p-4">
              <QRCodeSVG
                value={receiveQrPayload(wallet.network, wallet.address)}
                size={RECEIVE_QR_SIZE_PX}
                level="H"
                role="img"
                aria-label={`QR code of your ${wallet.networkLabel} address`}
              />
            </div>
            <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">
              {`Scan to send ${wallet.symbol} on ${wallet.networkLabel} to this wallet`}
            </figcaption>
          </figure>
          <Alert tone="warning">{RECEIVE_TESTNET_WARNING}</Alert>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a wallet to see its address and QR code.</p>
      )}
    </div>
  );
}
