import { Link, useRouteError } from 'react-router';

/** Shown when a page fails to load (for example a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
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
