import { CONTACT_MESSAGES } from '@fincrypt/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from './contact-form.tsx';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));
const { toast } = await import('sonner');

function renderForm() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <ContactForm />
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label);

function fillValidMessage() {
  fireEvent.input(field('Full Name'), { target: { value: 'Ada Lovelace' } });
  fireEvent.input(field('Email Address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(field('Subject'), { target: { value: 'feedback' } });
  fireEvent.input(field('Message'), { target: { value: 'The explorer is great.' } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('ContactForm', () => {
  it('shows each required-field message inline, tied to its field, without calling the server', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await screen.findByText(CONTACT_MESSAGES.nameRequired);
    const expectations = [
      ['Full Name', CONTACT_MESSAGES.nameRequired],
      ['Email Address', CONTACT_MESSAGES.emailRequired],
      ['Subject', CONTACT_MESSAGES.subjectRequired],
      ['Message', CONTACT_MESSAGES.messageRequired],
    ] as const;
    for (const [label, message] of expectations) {
      const control = field(label);
      expect(control.getAttribute('aria-invalid')).toBe('true');
      const describedBy = control.getAttribute('aria-describedby') ?? '';
      expect(document.getElementById(describedBy)?.textContent).toBe(message);
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the message, reports success and clears the form', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: crypto.randomUUID() }), { status: 201 })));
    vi.stubGlobal('fetch', fetchMock);
    renderForm();
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Message sent successfully! We'll get back to you soon."));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/contact');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'feedback',
      message: 'The explorer is great.',
    });
    await waitFor(() => expect(field('Full Name').value).toBe(''));
    expect(field('Subject').value).toBe('');
    expect(field('Message').value).toBe('');
  });

  it('keeps what was typed and reports the failure when the server refuses', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'boom' } }), { status: 500 }))));
    renderForm();
    fillValidMessage();
    fireEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Failed to send message. Please try again.'));
    expect(field('Full Name').value).toBe('Ada Lovelace');
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('after a 429, says how long to wait and keeps the button disabled until then', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    try {
      const message = 'Too many requests. Please try again in 3 seconds.';
      vi.stubGlobal(
        'fetch',
        vi.fn(() =>
          Promise.resolve(new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message } }), { status: 429, headers: { 'retry-after': '3' } })),
        ),
      );
      renderForm();
      fillValidMessage();
      const button = screen.getByRole('button', { name: 'Send Message' });
      fireEvent.click(button);

      await waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      expect(screen.getByRole('alert').textContent).toBe(message);
      expect(screen.getByTestId('retry-wait').textContent).toBe('You can try again in 0:03');
      expect(button).toHaveProperty('disabled', true);
      expect(field('Full Name').value).toBe('Ada Lovelace');
      await vi.advanceTimersByTimeAsync(3_000);
      await waitFor(() => expect(button).toHaveProperty('disabled', false));
      expect(screen.queryByTestId('retry-wait')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
