import { FileText, Lock, Scale } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';
import { cardClassName } from '../../components/ui/card.tsx';
import {
  LEGAL_DOCUMENTS,
  LEGAL_DOCUMENT_SLUGS,
  LEGAL_EMAIL,
  LEGAL_LAST_UPDATED,
  type LegalDocumentSlug,
} from '../../features/legal/index.ts';
import { cn } from '../../lib/cn.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const DOCUMENT_ICONS: Record<LegalDocumentSlug, LucideIcon> = {
  terms: FileText,
  privacy: Lock,
  compliance: Scale,
};

export default function LegalIndexPage() {
  usePageTitle('Legal');
  return (
    <div className="mx-auto max-w-5xl space-y-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">Legal</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          The terms that govern FinCrypt, how we handle your information, and the standards we follow. FinCrypt is a
          testnet-only demonstration: no real money is involved.
        </p>
      </header>

      <ul className="grid gap-6 md:grid-cols-3">
        {LEGAL_DOCUMENT_SLUGS.map((slug) => {
          const legalDocument = LEGAL_DOCUMENTS[slug];
          const Icon = DOCUMENT_ICONS[slug];
          return (
            <li key={slug}>
              <Link
                to={`/legal/${slug}`}
                className={cn(
                  cardClassName,
                  'flex h-full flex-col p-6 transition-[color,background-color,border-color] hover:border-indigo-400 dark:hover:border-indigo-500',
                )}
              >
                <Icon aria-hidden className="h-10 w-10 rounded-lg bg-indigo-50 p-2 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300" />
                <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-100">{legalDocument.title}</h2>
                <p className="mt-2 flex-1 text-slate-600 dark:text-slate-300">{legalDocument.summary}</p>
                <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Last updated {LEGAL_LAST_UPDATED}</p>
              </Link>
            </li>
          );
        })}
      </ul>

      <section aria-labelledby="legal-contact-heading" className={cn(cardClassName, 'p-6 sm:p-8')}>
          <h2 id="legal-contact-heading" className="text-xl font-semibold">
            Legal Contact
          </h2>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            For questions about these documents, requests about your personal information or to report suspicious
            activity, write to our legal team at{' '}
            <a
              href={`mailto:${LEGAL_EMAIL}`}
              className="font-medium text-indigo-700 underline underline-offset-2 dark:text-indigo-300"
            >
              {LEGAL_EMAIL}
            </a>
            .
          </p>
      </section>
    </div>
  );
}
