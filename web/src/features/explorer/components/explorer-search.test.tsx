import { API_ERRORS } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALICE, json, refusal } from '../../../lib/testing/explorer-fixtures.ts';
import { ExplorerSearch } from './explorer-search.tsx';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname}</p>;
}

function renderSearch(answer: (query: string) => Response) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const parsed = new URL(url, 'http://localhost');
      if (parsed.pathname !== '/api/explorer/search') return Promise.resolve(json({}, 404));
      const query = parsed.searchParams.get('q') ?? '';
      asked.push(query);
      return Promise.resolve(answer(query));
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <MemoryRouter initialEntries={['/explorer']}>
        <Routes>
          <Route path="*" element={<><ExplorerSearch /><Where /></>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const box = screen.getByRole('searchbox', { name: 'Transaction hash or address' });
  const search = (text: string) => {
    fireEvent.change(box, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
  };
  return { asked, box, search };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the explorer search box', () => {
  it('opens the transaction page of a hash', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const { search, asked } = renderSearch(() => json({ kind: 'transaction', hash, network: 'eth_sepolia' }));
    search(`  ${hash}  `);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/explorer/${hash}`));
    expect(asked).toEqual([hash]);
  });

  it('opens the address page of an address, in the canonical form the server answers', async () => {
    const { search } = renderSearch(() => json({ kind: 'address', address: ALICE, networks: ['eth_sepolia', 'polygon_amoy'] }));
    search(ALICE.toLowerCase());
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`/explorer/address/${ALICE}`));
  });

  it('says what to enter when the box is empty, without asking the server', () => {
    const { search, asked, box } = renderSearch(() => json({}));
    search('   ');
    expect(screen.getByRole('alert').textContent).toBe(API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });

  it("shows the server's refusal under the box and stays on the page; typing clears it", async () => {
    const message = API_ERRORS.VALIDATION_ERROR.messages.notHashOrAddress;
    const { search, box } = renderSearch(() => refusal(400, 'VALIDATION_ERROR', message));
    search('hello');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(message));
    expect(screen.getByTestId('where').textContent).toBe('/explorer');
    fireEvent.change(box, { target: { value: 'hello!' } });
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it("says 'Transaction Not Found' for a well-formed hash nobody sent", async () => {
    const { search } = renderSearch(() => refusal(404, 'NOT_FOUND', 'Transaction Not Found'));
    search(`0x${'cd'.repeat(32)}`);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Transaction Not Found'));
  });
});
