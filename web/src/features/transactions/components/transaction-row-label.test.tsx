import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTransaction } from '../../../lib/testing/make-transaction.ts';
import { TransactionRow } from './transaction-row.tsx';

afterEach(cleanup);

function Shell({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <MemoryRouter>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

describe('a payment from a simulated participant of the demo network', () => {
  it('shows its label beside the address', () => {
    const label = 'Simulated · Amara Okafor, remitter in Lagos';
    render(
      <Shell>
        <TransactionRow transaction={makeTransaction({ type: 'receive', counterpartyLabel: label })} />
      </Shell>,
    );
    expect(screen.getByTestId('counterparty-label').textContent).toBe(` · ${label}`);
  });

  it('shows no label for anyone else', () => {
    render(
      <Shell>
        <TransactionRow transaction={makeTransaction({ type: 'receive' })} />
      </Shell>,
    );
    expect(screen.queryByTestId('counterparty-label')).toBeNull();
  });
});
