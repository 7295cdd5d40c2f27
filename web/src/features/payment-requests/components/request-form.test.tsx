import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestForm } from './request-form.tsx';

const WALLET_ID = '7d1f0c44-3b8a-4c55-9b8e-2f0a4c1d9e01';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderForm(answer: (init: RequestInit) => Response) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(init.body as string));
      return Promise.resolve(answer(init));
    }),
  );
  const onCreated = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RequestForm walletId={WALLET_ID} asset="USDC" defaultDisplayName="Ana Lisboa" onCreated={onCreated} onCancel={() => undefined} />
    </QueryClientProvider>,
  );
  return { bodies, onCreated };
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement | HTMLSelectElement>(label);
const create = () => fireEvent.click(screen.getByRole('button', { name: 'Create request' }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequestForm', () => {
  it('asks for nothing while the amount is missing, and says so at the field', async () => {
    const { bodies } = renderForm(() => json({}, 500));
    fireEvent.input(field('Name the payer sees'), { target: { value: '' } });
    create();
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    expect(screen.getByText('Please enter the name the payer will see')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it("sends the wallet, the asset, '₹500', the note and the expiry in hours", async () => {
    const { bodies } = renderForm(() => json({}, 500));
    expect(field('Name the payer sees').value).toBe('Ana Lisboa');
    expect(field('Expires in').value).toBe('24');
    fireEvent.input(field('Amount'), { target: { value: '500' } });
    fireEvent.change(field('Amount in'), { target: { value: 'inr' } });
    fireEvent.input(field('Note (optional)'), { target: { value: 'Rent' } });
    fireEvent.change(field('Expires in'), { target: { value: '72' } });
    create();
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({ walletId: WALLET_ID, asset: 'USDC', amount: '500', unit: 'inr', note: 'Rent', displayName: 'Ana Lisboa', expiresInHours: 72 });
  });

  it("shows a refusal that concerns no field (the open-request limit) above the button", async () => {
    const message = 'You have 20 open requests: cancel one or wait for one to expire';
    renderForm(() => json({ error: { code: 'PAYMENT_REQUEST_LIMIT_REACHED', message } }, 409));
    fireEvent.input(field('Amount'), { target: { value: '5' } });
    create();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });
});
