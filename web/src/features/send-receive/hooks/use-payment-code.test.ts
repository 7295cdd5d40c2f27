import type { WalletView } from '@fincrypt/domain';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ClipboardEvent } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PrefillPlan } from '../apply-prefill.ts';
import { loadSendFormChecks } from '../load-send-form-checks.ts';
import type { SendPrefill } from '../send-prefill.ts';
import { usePaymentCode } from './use-payment-code.ts';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

// As in the form, where the first interaction has loaded them before a paste: the first import here can take longer
// than waitFor waits.
beforeAll(() => loadSendFormChecks());

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TO = '0x000000000000000000000000000000000000dEaD';
const amoy = { id: 'amoy-wallet', network: 'polygon_amoy', networkLabel: 'Polygon Amoy' } as WalletView;

function paste(text: string): ClipboardEvent<HTMLInputElement> & { prevented: boolean } {
  const event = {
    prevented: false,
    clipboardData: { getData: () => text },
    preventDefault() {
      event.prevented = true;
    },
  };
  return event as unknown as ClipboardEvent<HTMLInputElement> & { prevented: boolean };
}

function setUp(plan: (prefill: SendPrefill, options?: { switchWallet?: boolean }) => PrefillPlan) {
  const applyPrefill = vi.fn(plan);
  const showAtRecipient = vi.fn();
  const hook = renderHook(() => usePaymentCode({ applyPrefill, walletId: 'sepolia-wallet', showAtRecipient }));
  return { applyPrefill, showAtRecipient, hook };
}

const applied: PrefillPlan = { status: 'apply', values: { walletId: 'sepolia-wallet', asset: 'ETH', to: TO, amount: undefined, unit: 'asset', recipientCurrency: undefined } };

describe('usePaymentCode', () => {
  it('a plain address pastes as typed; a code is read and filled without switching wallets', async () => {
    const { applyPrefill, hook } = setUp(() => applied);
    const plain = paste(TO);
    hook.result.current.onPaste(plain);
    expect(plain.prevented).toBe(false);
    expect(applyPrefill).not.toHaveBeenCalled();

    const code = paste(`ethereum:${TO}@11155111?value=5e17`);
    act(() => hook.result.current.onPaste(code));
    expect(code.prevented).toBe(true);
    // The reader loads with the send form's checks (send-form-checks.ts): the code is read once it is here.
    await waitFor(() =>
      expect(applyPrefill).toHaveBeenCalledWith({ network: 'eth_sepolia', to: TO, amount: '0.5', amountUnit: { kind: 'asset' } }, { switchWallet: false }),
    );
  });

  it('a pasted code that cannot be used fills nothing and says why at the field', async () => {
    const { applyPrefill, showAtRecipient, hook } = setUp(() => applied);
    act(() => hook.result.current.onPaste(paste(`ethereum:${TO}@1`)));
    await waitFor(() => expect(showAtRecipient).toHaveBeenCalledWith('This code is for chain id 1, a network FinCrypt does not support'));
    expect(applyPrefill).not.toHaveBeenCalled();
  });

  it('a code for another network is offered; accepting switches to that wallet and fills', () => {
    const { applyPrefill, hook } = setUp((_prefill, options) =>
      options?.switchWallet === false
        ? { status: 'other-network', network: 'polygon_amoy', wallet: amoy, message: 'This code asks for MATIC on Polygon Amoy' }
        : applied,
    );
    act(() => hook.result.current.onScan({ ok: true, kind: 'recipient', address: TO, network: 'polygon_amoy' }));
    expect(hook.result.current.offer).toMatchObject({ message: 'This code asks for MATIC on Polygon Amoy', wallet: amoy });
    act(() => hook.result.current.acceptOffer());
    expect(applyPrefill).toHaveBeenLastCalledWith({ network: 'polygon_amoy', to: TO });
    expect(hook.result.current.offer).toBeUndefined();
  });

  it("keeps a Solana Pay code's label and message for the recipient it filled", () => {
    const { hook } = setUp(() => applied);
    act(() => hook.result.current.onScan({ ok: true, kind: 'recipient', address: TO, label: 'Café', message: 'Two coffees' }));
    expect(hook.result.current.description).toEqual({ to: TO, text: 'Café: Two coffees' });
  });

  it('a pasted /pay/ link of an unknown request says so at the field', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'PAYMENT_REQUEST_NOT_FOUND', message: 'x' } }), { status: 404 }))));
    const { applyPrefill, showAtRecipient, hook } = setUp(() => applied);
    act(() => hook.result.current.onPaste(paste('/pay/AAAAAAAAAAAAAAAAAAAAAA')));
    await waitFor(() => expect(showAtRecipient).toHaveBeenCalledWith('This payment request was not found'));
    expect(applyPrefill).not.toHaveBeenCalled();
  });
});
