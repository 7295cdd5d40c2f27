import { useId } from 'react';
import { Disclosure } from './disclosure.tsx';

export interface FaqItem {
  question: string;
  answer: string;
}

/** A titled list of questions, each opening to its answer (About and Contact share it). */
export function FaqSection({ items, title = 'Frequently asked questions' }: { items: readonly FaqItem[]; title?: string }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="max-w-3xl">
      <h2 id={headingId} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-6 space-y-3">
        {items.map(({ question, answer }) => (
          <Disclosure key={question} summary={question}>
            <p>{answer}</p>
          </Disclosure>
        ))}
      </div>
    </section>
  );
}
