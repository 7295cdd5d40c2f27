import { usePageTitle } from '../../lib/use-page-title.ts';

/** A signed-in page whose screens are still being built: the route and its guard are real. */
export function PagePlaceholder({ title, description }: { title: string; description: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-3xl">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4 rounded-lg border border-dashed border-slate-300 p-6 text-slate-600 dark:border-slate-700 dark:text-slate-300">
        {description}
      </p>
    </section>
  );
}
