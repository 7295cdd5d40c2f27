import { type ComponentType, type ReactElement, createElement, lazy } from 'react';

/** A page loaded in its own chunk, which can also be loaded ahead of its first render. */
export type LazyPage = (() => ReactElement) & { preload: () => Promise<void> };

/**
 * A page in a chunk of its own: like React.lazy, but once `preload()` has settled the page renders at once instead
 * of suspending. Why: React.lazy suspends on its first render even when the chunk is already in the module map,
 * and React then holds the revealed page back until 300 ms after the fallback it committed (its Suspense
 * throttle), so the first paint of every page came about 270 ms after the page was ready (docs/benchmarks-history.md).
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        loading = undefined; // a later render tries the chunk again
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then(() => ({ default: loaded! })));
  const Page = () => createElement(loaded ?? Suspending);
  return Object.assign(Page, { preload });
}
