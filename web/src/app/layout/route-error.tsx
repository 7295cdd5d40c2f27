import { Component, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/** Shown when a page fails to load (for example a chunk missing after a deploy) or throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  const message = error instanceof Error ? error.message : 'Something went wrong.';
  return (
    <main className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">This page could not be shown</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message}</p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className="rounded-md bg-indigo-600 px-4 py-2 text-white">
          Reload
        </button>
        <Link to="/" className="rounded-md border border-slate-300 px-4 py-2">
          Go home
        </Link>
      </div>
    </main>
  );
}

type BoundaryProps = { children: ReactNode; locationKey: string };
type BoundaryState = { error: unknown; failedAt: string | undefined };

/** Catches what a page throws (React logs it); moving to another location (Go home, the back button) tries again. */
class LocationErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: undefined, failedAt: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Something went wrong.') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === undefined) return null;
    if (state.failedAt === undefined) return { failedAt: props.locationKey };
    return state.failedAt === props.locationKey ? null : { error: undefined, failedAt: undefined };
  }

  override render() {
    return this.state.error === undefined ? this.props.children : <RouteError error={this.state.error} />;
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <LocationErrorBoundary locationKey={location.key}>{children}</LocationErrorBoundary>;
}
