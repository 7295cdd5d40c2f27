import { Clock, Mail } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { FaqSection } from '../../components/ui/faq-section.tsx';
import { ContactForm } from '../../features/contact/index.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const SUPPORT_EMAIL = 'support@fincrypt.example';

const CONTACT_FAQ = [
  {
    question: 'Is any real money involved?',
    answer:
      'No. FinCrypt runs only on test networks (Ethereum Sepolia, Polygon Amoy and Solana Devnet). The tokens in your wallets have no monetary value and nothing you do here moves real funds.',
  },
  {
    question: 'How quickly will you answer my message?',
    answer:
      'We reply to every message within 24 hours. Technical support questions are answered first, so choose "Technical Support" as the subject if something is not working.',
  },
  {
    question: 'Can I report a security issue here?',
    answer:
      'Yes. Choose "Technical Support", describe what you found and how to reproduce it, and leave out any passwords or recovery codes. We will confirm receipt and keep you updated.',
  },
] as const;

export default function ContactPage() {
  usePageTitle('Contact');
  return (
    <div className="mx-auto max-w-6xl space-y-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">Contact Us</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Questions about FinCrypt, feedback on the demo or trouble with your account: write to us and a person on
          the team will answer.
        </p>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="space-y-4">
          <Card className="flex gap-4 p-6">
            <Mail aria-hidden className="mt-1 h-6 w-6 shrink-0 text-indigo-700 dark:text-indigo-300" />
            <div>
              <h2 className="font-semibold">Email</h2>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="mt-1 inline-block break-all text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
              >
                {SUPPORT_EMAIL}
              </a>
            </div>
          </Card>
          <Card className="flex gap-4 p-6">
            <Clock aria-hidden className="mt-1 h-6 w-6 shrink-0 text-indigo-700 dark:text-indigo-300" />
            <div>
              <h2 className="font-semibold">Response time</h2>
              <p className="mt-1 text-slate-600 dark:text-slate-300">We reply to every message within 24 hours.</p>
            </div>
          </Card>
        </div>

        <Card className="p-6 sm:p-8 lg:col-span-2">
          <h2 className="text-2xl font-semibold">Send us a message</h2>
          <p className="mt-1 mb-6 text-sm text-slate-600 dark:text-slate-300">All fields are required.</p>
          <ContactForm />
        </Card>
      </div>

      <FaqSection items={CONTACT_FAQ} />
    </div>
  );
}
