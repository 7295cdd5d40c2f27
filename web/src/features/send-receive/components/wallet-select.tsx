import { type WalletView, shortenAddress } from '@fincrypt/domain';
import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';

/**
 * The option label (docs/product.md#send-and-receive): network name and balance with symbol, short enough for a
 * phone's select to show whole; the chosen wallet's shortened address shows under the select.
 */
export function walletOptionLabel(wallet: WalletView): string {
  return `${wallet.networkLabel} · ${wallet.balance} ${wallet.symbol}`;
}

export interface WalletSelectProps {
  wallets: readonly WalletView[];
  /** The chosen wallet's id, or '' for none. */
  value: string;
  onChange: (walletId: string) => void;
  error?: string;
}

export function WalletSelect({ wallets, value, onChange, error }: WalletSelectProps) {
  const chosen = wallets.find((wallet) => wallet.id === value);
  return (
    <Field label="Wallet" error={error} hint={chosen && <span className="font-mono">{`Address ${shortenAddress(chosen.address)}`}</span>}>
      {(control) => (
        <Select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Select a wallet</option>
          {wallets.map((wallet) => (
            <option key={wallet.id} value={wallet.id}>
              {walletOptionLabel(wallet)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
