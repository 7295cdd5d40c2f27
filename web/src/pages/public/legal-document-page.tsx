import { Link, Navigate, useParams } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { LEGAL_LAST_UPDATED, findLegalDocument } from '../../features/legal/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

export default function LegalDocumentPage() {
  const { document: slug } = useParams();
  const legalDocument = findLegalDocument(slug);
  usePageTitle(legalDocument?.title ?? 'Legal');
  if (!legalDocument) return <Navigate to="/legal" replace />;

  return (
    <div className="mx-auto max-w-3xl">
      <Link to="/legal" className="text-sm font-medium text-indigo-700 hover:underline dark:text-indigo-300">
        <span aria-hidden>← </span>Back to Legal
      </Link>
      <Card className="mt-6 p-6 sm:p-10">
        <article>
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{legalDocument.title}</h1>
          <div className="mt-8 space-y-8">
            {legalDocument.sections.map((section, index) => (
              <section key={section.heading} aria-labelledby={`${legalDocument.slug}-section-${index + 1}`}>
                <h2 id={`${legalDocument.slug}-section-${index + 1}`} className="text-xl font-semibold">
                  {index + 1}. {section.heading}
                </h2>
                {section.paragraphs.map((paragraph) => (
                  <p key={paragraph} className="mt-3 leading-relaxed text-slate-700 dark:text-slate-300">
                    {paragraph}
                  </p>
                ))}
                {section.points && (
                  <ul className="mt-3 list-disc space-y-2 pl-6 text-slate-700 marker:text-indigo-600 dark:text-slate-300 dark:marker:text-indigo-400">
                    {section.points.map((point) => (
                      <li key={point.term}>
                        <strong className="font-semibold text-slate-900 dark:text-slate-100">{point.term}:</strong>{' '}
                        {point.text}
                      </li>
                    ))}
                  </ul>
                )}
              </section>
            ))}
          </div>
          <footer className="mt-10 border-t border-slate-200 pt-6 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            Last updated: {LEGAL_LAST_UPDATED}
          </footer>
        </article>
      </Card>
    </div>
  );
}
