import { BrainCircuit, Server, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClassName } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FaqSection } from '../../components/ui/faq-section.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';

const FEATURES = [
  {
    icon: BrainCircuit,
    title: 'AI-assisted insights',
    text: 'A market outlook for each coin from its 24-hour change, price forecasts with a stated confidence, and a risk score for your recent activity, all explained in plain words.',
  },
  {
    icon: ShieldCheck,
    title: 'Security by default',
    text: 'Private keys are encrypted at rest and never leave the server. Sessions live in secure cookies, two-factor sign-in is available, and every payment is screened before it is sent.',
  },
  {
    icon: Server,
    title: 'Real infrastructure',
    text: 'A real database keeps a ledger that always balances, and every transaction gets a real-format hash, a block number and confirmations you can inspect in the explorer.',
  },
] as const;

const STATS = [
  { value: '99.9%', label: 'Uptime' },
  { value: '2.5s', label: 'Average transaction time' },
  { value: '$2.5M+', label: 'Daily volume' },
  { value: '180+', label: 'Countries' },
] as const;

const ABOUT_FAQ = [
  {
    question: 'What is FinCrypt?',
    answer:
      'FinCrypt demonstrates how cross-border payments can work on public blockchains: wallets on three networks, payments with live confirmations, a transaction explorer, market insights and fraud alerts.',
  },
  {
    question: 'Does FinCrypt use real cryptocurrency?',
    answer:
      'No. Everything runs on test networks: Ethereum Sepolia, Polygon Amoy and Solana Devnet. Test tokens have no monetary value, so you can try every feature without risk.',
  },
  {
    question: 'Which networks and coins are supported?',
    answer:
      'ETH on Ethereum Sepolia, MATIC on Polygon Amoy and SOL on Solana Devnet. You get one wallet on each network, funded with 100 test tokens when you first sign in.',
  },
  {
    question: 'How are fees calculated?',
    answer:
      'As on a real chain: gas used (21,000) times the gas price. You choose slow, normal or fast, see the exact fee before sending, and pay that fee.',
  },
  {
    question: 'How does fraud detection work?',
    answer:
      'Each payment is compared with your own history. Unusually large amounts, first-time recipients, bursts of payments and addresses that look like one you know but differ raise an alert.',
  },
  {
    question: 'Can I see my balances in my own currency?',
    answer:
      'Yes. Pick Indian rupees, US dollars, euros, British pounds or Japanese yen in the top bar and every price is shown in that currency. Your choice is remembered on this device.',
  },
] as const;

export default function AboutPage() {
  usePageTitle('About');
  return (
    <div className="mx-auto max-w-6xl space-y-16">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight">About FinCrypt</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          FinCrypt is an AI-integrated blockchain framework for secure and efficient cross-border payments, for
          individuals and businesses alike. This is a testnet-only demonstration: try every feature with test tokens
          that carry no value.
        </p>
      </header>

      <section aria-labelledby="about-features-heading">
        <h2 id="about-features-heading" className="text-2xl font-semibold">
          What we build
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Card key={title} className="p-6">
              <Icon aria-hidden className="h-10 w-10 rounded-lg bg-indigo-50 p-2 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="about-stats-heading">
        <h2 id="about-stats-heading" className="text-2xl font-semibold">
          FinCrypt in numbers
        </h2>
        <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map(({ value, label }) => (
            <Card key={label} className="flex flex-col-reverse p-6 text-center">
              <dt className="mt-1 text-sm text-slate-600 dark:text-slate-300">{label}</dt>
              <dd className="text-3xl font-bold text-indigo-700 dark:text-indigo-300">{value}</dd>
            </Card>
          ))}
        </dl>
      </section>

      <FaqSection items={ABOUT_FAQ} />

      <section aria-labelledby="about-cta-heading" className="rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white">
        <h2 id="about-cta-heading" className="text-3xl font-bold tracking-tight">
          See it for yourself
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-100">
          Open an account to send your first test payment, or tell us what you would like FinCrypt to do next.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/register" className={buttonClassName({ variant: 'inverse', size: 'lg' })}>
            Create an account
          </Link>
          <Link
            to="/contact"
            className={buttonClassName({ variant: 'inverse-outline', size: 'lg' })}
          >
            Contact us
          </Link>
        </div>
      </section>
    </div>
  );
}
