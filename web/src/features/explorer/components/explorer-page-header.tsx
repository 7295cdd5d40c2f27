import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The header of an explorer page below the home: the way back to the explorer's home, and the page's title. */
export function ExplorerPageHeader({ title }: { title: string }) {
  return (
    <header>
      <Link to="/explorer" className="inline-flex items-center gap-1 text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        <ArrowLeft aria-hidden className="h-4 w-4" />
        FinCrypt Explorer
      </Link>
      <h1 className="mt-1 text-3xl font-bold">{title}</h1>
    </header>
  );
}
