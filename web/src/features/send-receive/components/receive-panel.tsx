import { type Asset, type WalletView, findAsset, listAssets, nativeAsset, receiveUri } from '@fincrypt/domain';
import { Check, Copy } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../lib/toast.ts';
import { PaymentRequestsSection } from '../../payment-requests/index.ts';
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

/** "USD Coin (USDC)": how the receive tab names an asset. */
export function receiveAssetLabel(asset: Pick<Asset, 'name' | 'symbol'>): string {
  return `${asset.name} (${asset.symbol})`;
}

/** The accessible name of the receive code: the coin's as before, a token's naming the token. */
export function receiveQrLabel(wallet: Pick<WalletView, 'networkLabel'>, asset: Pick<Asset, 'kind' | 'symbol'>): string {
  return asset.kind === 'native' ? `QR code of your ${wallet.networkLabel} address` : `QR code of your ${wallet.networkLabel} address for ${asset.symbol}`;
}

/**
 * The Receive tab: the chosen wallet's address to copy, a QR code for the asset chosen in its chain's standard form
 * (EIP-681 with the chain id, or Solana Pay: qr.ts receiveUri), and the user's payment requests.
 */
export function ReceivePanel({ wallets, walletId, onWalletChange }: ReceivePanelProps) {
  const wallet = wallets.find((candidate) => candidate.id === walletId);
  const { isCopied, copy } = useCopyConfirmation();
  const [chosenAsset, setChosenAsset] = useState<string | undefined>(undefined);
  // After a request is created its code is the only one on screen: scanning the plain code would pay without the
  // request's reference, and the request would never show paid. The plain code stays one click away.
  const [isAddressCodeFolded, setAddressCodeFolded] = useState(false);
  // Another wallet keeps the choice when its network has that asset too (USDC is on all three), else its coin.
  const asset = wallet ? ((chosenAsset && findAsset(wallet.network, chosenAsset)) || nativeAsset(wallet.network)) : undefined;

  async function copyAddress(address: string) {
    if (await copy(address)) toast.success('Address copied to clipboard');
    else toast.error('Could not copy the address. Select it and copy it yourself.');
  }

  return (
    <div className="space-y-6">
      <WalletSelect wallets={wallets} value={walletId} onChange={onWalletChange} />
      {wallet && asset ? (
        <>
          <Field label="Asset">
            {(control) => (
              <Select {...control} value={asset.symbol} onChange={(event) => setChosenAsset(event.target.value)}>
                {listAssets(wallet.network).map((option) => (
                  <option key={option.symbol} value={option.symbol}>
                    {receiveAssetLabel(option)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
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
          {isAddressCodeFolded ? (
            <div className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700">
              <p className="text-slate-600 dark:text-slate-300">Your new request has its own code below: share that one to be paid for it.</p>
              <Button variant="outline" size="sm" onClick={() => setAddressCodeFolded(false)}>
                Show the wallet's own code
              </Button>
            </div>
          ) : (
            <figure className="flex flex-col items-center gap-2">
              <div className="rounded-lg bg-white p-4">
                <QRCodeSVG
                  value={receiveUri(wallet.network, wallet.address, asset.symbol)}
                  size={RECEIVE_QR_SIZE_PX}
                  level="H"
                  role="img"
                  aria-label={receiveQrLabel(wallet, asset)}
                />
              </div>
              <figcaption className="text-center text-sm text-slate-600 dark:text-slate-300">
                {`Scan to send ${asset.symbol} on ${wallet.networkLabel} to this wallet`}
              </figcaption>
            </figure>
          )}
          <Alert tone="warning">{RECEIVE_TESTNET_WARNING}</Alert>
          {/* Issue 16: ask for an amount of this asset into this wallet. */}
          <PaymentRequestsSection walletId={wallet.id} asset={asset.symbol} networkLabel={wallet.networkLabel} onRequestCodeShown={setAddressCodeFolded} />
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">Select a wallet to see its address and QR code.</p>
      )}
    </div>
  );
}
