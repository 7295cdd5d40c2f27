import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeeShareWarning, LookalikeWarning } from './review-warnings.tsx';

afterEach(cleanup);

const sender = (feeMinor: string, amountMinor: string) => ({ amountMinor, feeMinor, totalMinor: String(Number(amountMinor) + Number(feeMinor)) });

function FeeWarning({ feePercent, fee, amount }: { feePercent: string; fee: string; amount: string }) {
  const [accepted, setAccepted] = useState(false);
  return (
    <>
      <FeeShareWarning
        quote={{ feePercent, sender: sender(fee, amount), senderCurrency: 'inr' }}
        level={Number(feePercent) > 100 ? 'confirm' : 'warn'}
        accepted={accepted}
        onAcceptedChange={setAccepted}
      />
      <p>{accepted ? 'accepted' : 'not accepted'}</p>
    </>
  );
}

describe('FeeShareWarning', () => {
  it('says a fee above 10 % of the amount, in money and percent, with no box to tick', () => {
    render(<FeeWarning feePercent="17.32" fee="1732" amount="10000" />);
    expect(screen.getByText('The network fee is 17.32% of the amount')).toBeTruthy();
    expect(screen.getByText(/₹17\.32 in fees to send ₹100\.00 \(17\.32%\)/)).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('names the networks where the recipient has a wallet and the fee is lower', () => {
    render(
      <FeeShareWarning
        quote={{
          feePercent: '117.20',
          sender: sender('58600', '50000'),
          senderCurrency: 'inr',
          cheaperNetworks: [
            { network: 'solana_devnet', networkLabel: 'Solana Devnet', asset: 'USDC', to: '4QYkVQ8xJ2vFmTvGCaPp9tWQJr2qnKhd6Q2yYeS15px', via: 'user', feeMinor: '28', feePercent: '0.05' },
          ],
        }}
        level="confirm"
        accepted={false}
        onAcceptedChange={() => {}}
      />,
    );
    expect(screen.getByText('The recipient has a wallet where it costs less:')).toBeTruthy();
    expect(screen.getByText('Solana Devnet (USDC, their FinCrypt wallet 4QYkVQ...15px): ₹0.28 in fees (0.05%)')).toBeTruthy();
  });

  it('asks to accept a fee above the payment itself', () => {
    render(<FeeWarning feePercent="117.20" fee="58600" amount="50000" />);
    expect(screen.getByText('The network fee is more than the payment')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I accept a fee larger than the payment'));
    expect(screen.getByText('accepted')).toBeTruthy();
  });
});

describe('LookalikeWarning', () => {
  it('marks the characters of the recipient that differ from the address it imitates', () => {
    const known = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
    render(
      <LookalikeWarning
        to="0x71C7000EC7ab88b098defB751B7401B5f6d8976F"
        imitated={{ address: known, description: 'your contact Landlord' }}
        checked={false}
        onCheckedChange={() => {}}
      />,
    );
    const marked = screen.getByTestId('address-diff').querySelectorAll('mark');
    expect([...marked].map((mark) => mark.textContent).join('')).toBe('000');
    expect(screen.getByText(/3 characters differ/)).toBeTruthy();
    expect(screen.getByLabelText('I have checked the whole address')).toBeTruthy();
  });
});
