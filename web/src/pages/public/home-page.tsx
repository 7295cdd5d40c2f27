import { Link } from 'react-router';
import { buttonClassName, cardClassName } from '../../components/ui/styles.ts';
import { useCurrencyStore } from '../../features/preferences/index.ts';
import { PriceTicker } from '../../features/prices/index.ts';
import { cn } from '../../lib/cn.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';

const FEATURES = [
  {
    title: 'Security first',
    text: 'Every wallet has its own key pair, encrypted at rest. Each payment is checked for unusual amounts, new recipients and look-alike addresses before you confirm it.',
  },
  {
    title: 'Instant settlements',
    text: 'Pick slow, normal or fast and see the fee up front. A payment confirms within seconds, and you can follow it block by block up to 12 confirmations.',
  },
  {
    title: 'Global coverage',
    text: 'Send ETH, MATIC and SOL to any address, and see every amount in rupees, dollars, euros, pounds or yen, whichever you prefer.',
  },
] as const;

const TESTIMONIALS = [
  {
    quote:
      'I pay designers in three countries. On FinCrypt I could watch a test payment go from pending to confirmed in under a minute, with the fee shown before I sent it.',
    name: 'Priya Raman',
    role: 'Freelance studio owner',
  },
  {
    quote:
      'The fraud check flagged an address that differed from our supplier’s by two characters. That is exactly the mistake we worry about.',
    name: 'Daniel Okafor',
    role: 'Finance lead at a small importer',
  },
] as const;

export default function HomePage() {
  usePageTitle('Home');
  const currency = useCurrencyStore((state) => state.currency);
  return (
    <div className="space-y-16 sm:space-y-20">
      <section aria-labelledby="hero-heading" className="pt-4 text-center sm:pt-10">
        <p className="text-sm font-semibold tracking-wide text-indigo-700 uppercase dark:text-indigo-300">
          Testnet demonstration
        </p>
        <h1 id="hero-heading" className="mx-auto mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Cross-border crypto payments, checked for fraud before they leave
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Send and receive on Ethereum Sepolia, Polygon Amoy and Solana Devnet, follow every confirmation live,
          and get a warning when a payment looks wrong. Only test tokens are used: no real money moves.
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/register" className={buttonClassName({ size: 'lg' })}>
            Get Started <span aria-hidden>→</span>
          </Link>
          <Link to="/about" className={buttonClassName({ variant: 'outline', size: 'lg' })}>
            Learn more
          </Link>
        </div>
      </section>

      <PriceTicker currency={currency} />

      <section aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-center text-3xl font-bold tracking-tight">
          Why FinCrypt
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ title, text }) => (
            <div key={title} className={cn(cardClassName, 'border-t-4 border-t-indigo-600 p-6')}>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="testimonials-heading">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight">
          What early testers say
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          {TESTIMONIALS.map(({ quote, name, role }) => (
            <figure key={name} className={cn(cardClassName, 'p-6')}>
              <blockquote className="text-slate-700 dark:text-slate-200">“{quote}”</blockquote>
              <figcaption className="mt-4 text-sm">
                <span className="font-semibold text-slate-900 dark:text-slate-100">{name}</span>
                <span className="text-slate-600 dark:text-slate-300">, {role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      </section>

      <section aria-labelledby="closing-heading" className="rounded-2xl bg-indigo-700 px-6 py-12 text-center text-white">
        <h2 id="closing-heading" className="text-3xl font-bold tracking-tight">
          Try a cross-border payment today
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-indigo-100">
          Create a free account and get three test wallets, each funded with 100 test tokens.
        </p>
        <Link
          to="/register"
          className={buttonClassName({ variant: 'inverse', size: 'lg', className: 'mt-8' })}
        >
          Create your free account
        </Link>
      </section>
    </div>
  );
}
