import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const sonnerSuccess = vi.fn();
vi.mock('sonner', () => ({ toast: { success: sonnerSuccess, error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

/** Lets the dynamic import and the promises after it settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('toast', () => {
  // A fresh module each time: the test setup (src/test/toaster-mounted.ts) has already marked the shared one mounted.
  beforeEach(() => vi.resetModules());
  afterEach(() => {
    sonnerSuccess.mockReset();
    vi.resetModules();
  });

  it('holds a toast asked for before the Toaster has mounted, and shows it once it has', async () => {
    const { toast, markToasterMounted } = await import('./toast.ts');
    toast.success('Payment sent', { description: '0.5 ETH' });
    await settle();
    expect(sonnerSuccess).not.toHaveBeenCalled();

    markToasterMounted();
    await settle();
    expect(sonnerSuccess).toHaveBeenCalledExactlyOnceWith('Payment sent', { description: '0.5 ETH' });

    toast.success('Copied');
    await settle();
    expect(sonnerSuccess).toHaveBeenLastCalledWith('Copied');
  });
});
