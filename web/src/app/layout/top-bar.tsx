import { Menu, Wallet, X } from 'lucide-react';
import { Suspense, lazy, useEffect, useId, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { useSession } from '../../features/auth/index.ts';
import { CurrencySelect, ThemeToggle } from '../../features/preferences/index.ts';
import { LogoutButton } from './logout-button.tsx';
import { cn } from '../../lib/cn.ts';
import { useAfterFirstContentfulPaint } from '../../lib/use-after-first-contentful-paint.ts';

// Only signed-in visitors see it, and its avatar presets come from a domain module that needs zod: loading it
// lazily keeps zod out of the first bundle of every public page. It renders after the first paint: the first render
// is a transition (main.tsx), and a component suspending in it would hold the whole first screen back for its chunk.
const UserChip = lazy(() => import('./user-chip.tsx').then((module) => ({ default: module.UserChip })));

const SIGNED_IN_LINKS = [
  { to: '/dashboard', label: 'Dashboard' },
  { to: '/send-receive', label: 'Send/Receive' },
  { to: '/insights', label: 'Insights' },
  { to: '/profile', label: 'Profile' },
] as const;

const SIGNED_OUT_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
  { to: '/explorer', label: 'Explorer' },
  { to: '/login', label: 'Login' },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-[color,background-color,border-color]',
    isActive
      ? 'bg-indigo-50 text-indigo-700 dark:bg-indigo-950 dark:text-indigo-300'
      : 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  );

export function TopBar() {
  const session = useSession();
  const isSignedIn = Boolean(session.data);
  const links = isSignedIn ? SIGNED_IN_LINKS : SIGNED_OUT_LINKS;
  const [isMenuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  const menuId = useId();
  const hasPagePainted = useAfterFirstContentfulPaint();

  // The small-screen menu closes whenever the user navigates: by a link (also one to the current page, see
  // onClick below) or by the browser's back and forward buttons.
  useEffect(() => setMenuOpen(false), [location.pathname]);

  const navItems = (
    <>
      {links.map((link) => (
        <NavLink key={link.to} to={link.to} end={link.to === '/'} className={linkClass} onClick={() => setMenuOpen(false)}>
          {link.label}
        </NavLink>
      ))}
      {isSignedIn && <LogoutButton onDone={() => setMenuOpen(false)} />}
    </>
  );

  return (
    <header className="sticky top-0 z-40 print:hidden border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-900/90">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4">
        <Link to={isSignedIn ? '/dashboard' : '/'} className="flex items-center gap-2 text-lg font-bold text-indigo-600 dark:text-indigo-400">
          <Wallet aria-hidden className="h-6 w-6" />
          FinCrypt
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {navItems}
        </nav>
        <div className="flex items-center gap-2">
          <CurrencySelect />
          <ThemeToggle />
          {session.data && hasPagePainted && (
            <Suspense fallback={null}>
              <UserChip user={session.data.user} />
            </Suspense>
          )}
          <button
            type="button"
            className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={isMenuOpen}
            aria-controls={menuId}
            aria-label={isMenuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {isMenuOpen ? <X aria-hidden className="h-5 w-5" /> : <Menu aria-hidden className="h-5 w-5" />}
          </button>
        </div>
      </div>
      {isMenuOpen && (
        <nav id={menuId} aria-label="Mobile" className="flex flex-col gap-1 border-t border-slate-200 px-4 py-3 md:hidden dark:border-slate-800">
          {navItems}
        </nav>
      )}
    </header>
  );
}
