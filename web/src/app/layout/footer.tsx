import { Link } from 'react-router';

const FOOTER_LINKS = [
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/explorer', label: 'Explorer' },
  { to: '/legal/terms', label: 'Terms of Service' },
  { to: '/legal/privacy', label: 'Privacy Policy' },
  { to: '/legal/compliance', label: 'Compliance' },
] as const;

export function Footer() {
  return (
    <footer className="print:hidden border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 md:flex-row md:items-center md:justify-between">
        <nav aria-label="Footer" className="flex flex-wrap gap-x-5 gap-y-2">
          {FOOTER_LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="text-sm text-slate-600 hover:text-indigo-600 dark:text-slate-300 dark:hover:text-indigo-400">
              {link.label}
            </Link>
          ))}
        </nav>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          FinCrypt is a testnet-only demonstration. No real money or real cryptocurrency is ever used.
        </p>
      </div>
    </footer>
  );
}
