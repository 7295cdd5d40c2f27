import { Field } from '../../../components/ui/field.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { type SendableAsset, assetOptionLabel } from '../send-assets.ts';

export interface AssetSelectProps {
  /** The chosen wallet's assets, its coin first; empty while no wallet is chosen. */
  assets: readonly SendableAsset[];
  value: string;
  onChange: (symbol: string) => void;
  /** For a token: the coin that pays its network fee, whose balance the hint shows too. */
  feeAsset?: SendableAsset | undefined;
  error?: string | undefined;
}

/** What to send: the wallet's coin or one of its tokens, each with the wallet's balance of it. */
export function AssetSelect({ assets, value, onChange, feeAsset, error }: AssetSelectProps) {
  const chosen = assets.find((asset) => asset.symbol === value);
  const hint = chosen ? (
    <>
      <span className="block">{`Balance: ${chosen.balance} ${chosen.symbol}`}</span>
      {feeAsset && <span className="block">{`Network fee paid in ${feeAsset.symbol} (balance ${feeAsset.balance} ${feeAsset.symbol})`}</span>}
    </>
  ) : undefined;
  return (
    <Field label="Asset" error={error} hint={hint}>
      {(control) => (
        <Select {...control} value={value} disabled={assets.length === 0} onChange={(event) => onChange(event.target.value)}>
          {assets.length === 0 && <option value="">Select a wallet first</option>}
          {assets.map((asset) => (
            <option key={asset.symbol} value={asset.symbol}>
              {assetOptionLabel(asset)}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}
