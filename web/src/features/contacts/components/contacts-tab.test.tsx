import { ADDRESS_BOOK_MESSAGES, type ContactView } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readContactsNavigationState } from '../navigation-state.ts';
import { ContactsTab } from './contacts-tab.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));
const { toast } = await import('sonner');

const ANA = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const contactOf = (name: string, address: string, network: ContactView['network'] = 'eth_sepolia'): ContactView => ({
  id: crypto.randomUUID(),
  network,
  address,
  name,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
});

/** The contacts API over an in-memory list; `refuse` answers the next POST with an error instead. */
function stubContactsApi(initial: ContactView[], refuse?: { status: number; code: string; message: string }) {
  let contacts = [...initial];
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => Promise.resolve(answer(url, init))),
  );
  function answer(url: string, init: RequestInit): Response {
    const { pathname } = new URL(url, 'http://localhost');
    if (pathname === '/api/contacts' && init.method === 'POST') {
      const body = JSON.parse(init.body as string) as { network: ContactView['network']; address: string; name: string };
      posts.push(body);
      if (refuse) return json({ error: { code: refuse.code, message: refuse.message } }, refuse.status);
      const created = contactOf(body.name, body.address, body.network);
      contacts.push(created);
      return json(created, 201);
    }
    if (pathname === '/api/contacts') return json({ contacts: [...contacts].sort((a, b) => a.name.localeCompare(b.name)) });
    const id = pathname.split('/').at(-1);
    if (init.method === 'DELETE') {
      contacts = contacts.filter((contact) => contact.id !== id);
      return new Response(null, { status: 204 });
    }
    if (init.method === 'PATCH') {
      const change = JSON.parse(init.body as string) as Partial<ContactView>;
      contacts = contacts.map((contact) => (contact.id === id ? { ...contact, ...change } : contact));
      return json(contacts.find((contact) => contact.id === id));
    }
    return json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  }
  return posts;
}

function renderTab(initial?: Parameters<typeof ContactsTab>[0]['initial']) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ContactsTab initial={initial} />
    </QueryClientProvider>,
  );
}

const inForm = (name: string) => within(screen.getByRole('form', { name }));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ContactsTab', () => {
  it('lists contacts by name and saves a new one in canonical form', async () => {
    const posts = stubContactsApi([contactOf('Bruno', '0x00000000000000000000000000000000DeaDBeef')]);
    renderTab();
    expect(await screen.findByText('Bruno')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const form = inForm('New contact');
    fireEvent.input(form.getByLabelText('Name'), { target: { value: ' Ana ' } });
    fireEvent.input(form.getByLabelText('Address'), { target: { value: ANA.toLowerCase() } });
    fireEvent.click(form.getByRole('button', { name: 'Save contact' }));
    await waitFor(() => expect(screen.getAllByTestId('contact-name').map((node) => node.textContent)).toEqual(['Ana', 'Bruno']));
    expect(posts).toEqual([{ network: 'eth_sepolia', address: ANA, name: 'Ana' }]);
    expect(toast.success).toHaveBeenCalledWith('Contact saved');
  });

  it('shows the form messages, an invalid address and a refusal of the server at their fields, and saves nothing', async () => {
    const posts = stubContactsApi([], { status: 409, code: 'CONTACT_EXISTS', message: 'This address is already saved as Ana' });
    renderTab();
    await screen.findByText(/No contacts yet/);
    fireEvent.click(screen.getByRole('button', { name: 'Add contact' }));
    const form = inForm('New contact');
    fireEvent.click(form.getByRole('button', { name: 'Save contact' }));
    expect(await form.findByText(ADDRESS_BOOK_MESSAGES.nameRequired)).toBeTruthy();
    expect(form.getByText(ADDRESS_BOOK_MESSAGES.enterAddress)).toBeTruthy();

    fireEvent.input(form.getByLabelText('Name'), { target: { value: 'x'.repeat(51) } });
    fireEvent.change(form.getByLabelText('Network'), { target: { value: 'solana_devnet' } });
    fireEvent.input(form.getByLabelText('Address'), { target: { value: ANA } });
    fireEvent.click(form.getByRole('button', { name: 'Save contact' }));
    expect(await form.findByText(ADDRESS_BOOK_MESSAGES.nameTooLong)).toBeTruthy();
    fireEvent.input(form.getByLabelText('Name'), { target: { value: 'Ana' } });
    fireEvent.click(form.getByRole('button', { name: 'Save contact' }));
    expect(await form.findByText('Invalid recipient address')).toBeTruthy();
    expect(posts).toEqual([]);

    fireEvent.change(form.getByLabelText('Network'), { target: { value: 'eth_sepolia' } });
    fireEvent.click(form.getByRole('button', { name: 'Save contact' }));
    expect(await form.findByText('This address is already saved as Ana')).toBeTruthy();
    expect(form.getByLabelText('Address').getAttribute('aria-invalid')).toBe('true');
    expect(posts).toHaveLength(1);
  });

  it('renames and deletes a contact', async () => {
    stubContactsApi([contactOf('Ana', ANA)]);
    renderTab();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Ana (Ethereum Sepolia)' }));
    const form = inForm('Edit Ana');
    expect(form.getByTestId('contact-form-network').textContent).toBe('Ethereum Sepolia');
    fireEvent.input(form.getByLabelText('Name'), { target: { value: 'Ana (Lisbon)' } });
    fireEvent.click(form.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Ana (Lisbon)')).toBeTruthy();
    const patch = vi.mocked(fetch).mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(patch?.[1]?.body as string)).toEqual({ name: 'Ana (Lisbon)' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Ana (Lisbon) (Ethereum Sepolia)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await screen.findByText(/No contacts yet/);
    expect(toast.success).toHaveBeenCalledWith('Contact deleted');
  });

  it('opens with the new-contact form filled in when a payment asked to save its recipient', () => {
    stubContactsApi([]);
    renderTab(readContactsNavigationState({ tab: 'contacts', newContact: { network: 'polygon_amoy', address: ANA } })?.newContact);
    const form = inForm('New contact');
    expect(form.getByLabelText<HTMLInputElement>('Address').value).toBe(ANA);
    expect(form.getByLabelText<HTMLSelectElement>('Network').value).toBe('polygon_amoy');
    expect(readContactsNavigationState({ tab: 'contacts', newContact: { network: 'bitcoin', address: ANA } })).toEqual({ tab: 'contacts' });
    expect(readContactsNavigationState({ action: 'send' })).toBeUndefined();
    expect(readContactsNavigationState(null)).toBeUndefined();
  });
});
