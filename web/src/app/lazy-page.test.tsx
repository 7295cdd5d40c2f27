import { act, cleanup, render, screen } from '@testing-library/react';
import { type ReactNode, Suspense, useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page.ts';
import { pagesFor, preloadPageFor } from './router.tsx';

afterEach(cleanup);

const Greeting = () => <p>The page</p>;

/** Renders the page under a Suspense boundary and says whether its fallback was ever committed. */
function renderPage(Page: () => ReactNode) {
  const fallbackShown = vi.fn();
  function Fallback() {
    fallbackShown();
    return <p>Fallback</p>;
  }
  render(
    <Suspense fallback={<Fallback />}>
      <Page />
    </Suspense>,
  );
  return fallbackShown;
}

describe('lazyPage', () => {
  it('renders at once, without a fallback, once preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Page = lazyPage(load);
    await Page.preload();
    const fallbackShown = renderPage(Page);
    expect(screen.getByText('The page')).not.toBeNull();
    expect(fallbackShown).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('suspends like React.lazy when not preloaded, loading the chunk once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Greeting }));
    const Page = lazyPage(load);
    const fallbackShown = renderPage(Page);
    expect(screen.getByText('Fallback')).not.toBeNull();
    expect(await screen.findByText('The page')).not.toBeNull();
    expect(screen.queryByText('Fallback')).toBeNull();
    expect(screen.queryByText('Fallback')).toBeNull();
    expect(fallbackShown).toHaveBeenCalled();
    await Page.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('keeps a page that suspended mounted when it renders again after its chunk has loaded', async () => {
    let mounts = 0;
    function Counted() {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>The page</p>;
    }
    const Page = lazyPage(() => Promise.resolve({ default: Counted }));
    const tree = (label: string) => (
      <Suspense fallback={<p>Fallback</p>}>
        <Page />
        <span>{label}</span>
      </Suspense>
    );
    const { rerender } = render(tree('first'));
    expect(await screen.findByText('The page')).not.toBeNull();
    rerender(tree('second'));
    expect(screen.getByText('second')).not.toBeNull();
    expect(mounts).toBe(1);
  });

  it('tries the chunk again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Greeting });
    const Page = lazyPage(load);
    await expect(Page.preload()).rejects.toThrow('offline');
    await act(() => Page.preload());
    renderPage(Page);
    expect(screen.getByText('The page')).not.toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('pagesFor and preloadPageFor', () => {
  it("find the one page a path's route renders, and none for a redirect", () => {
    const [login] = pagesFor('/login');
    expect(pagesFor('/login')).toHaveLength(1);
    expect(pagesFor('/register')).toHaveLength(1);
    expect(pagesFor('/register')[0]).not.toBe(login);
    expect(pagesFor('/explorer/address/0x0000000000000000000000000000000000000001')).toHaveLength(1);
    expect(pagesFor('/explorer/block/eth_sepolia/12')[0]).not.toBe(pagesFor('/explorer/0xabc')[0]);
    expect(pagesFor('/no/such/page')).toEqual([]);
  });

  it("loads the page's chunk, after which the page renders without suspending", async () => {
    await preloadPageFor('/legal');
    const LegalIndex = pagesFor('/legal')[0]!;
    const fallbackShown = renderPage(() => (
      <MemoryRouter>
        <LegalIndex />
      </MemoryRouter>
    ));
    expect(fallbackShown).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { level: 1 })).not.toBeNull();
  });
});
