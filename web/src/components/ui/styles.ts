import { cn } from '../../lib/cn.ts';

/*
 * Class recipes for the button and card looks. They live apart from the components so that a page which only
 * styles links as buttons (the home page) does not load the components; keep this file free of React.
 */

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'danger' | 'inverse' | 'inverse-outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

// Colours ease on hover, but not the focus ring's: Tailwind's transition-colors animates outline-color too, and the
// ring faded in from the label's white on a white card.
const BASE_CLASSES =
  'inline-flex items-center justify-center rounded-md font-medium whitespace-nowrap transition-[color,background-color,border-color] disabled:cursor-not-allowed disabled:opacity-60';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-indigo-600 text-white hover:bg-indigo-700 disabled:hover:bg-indigo-600',
  secondary:
    'bg-slate-100 text-slate-900 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700',
  outline:
    'border border-slate-300 bg-white text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:hover:bg-red-600',
  /** The two inverse variants sit on a solid indigo background, in either theme. */
  inverse: 'bg-white text-indigo-700 hover:bg-indigo-50 focus-visible:outline-white',
  'inverse-outline': 'border border-white text-white hover:bg-indigo-800 focus-visible:outline-white',
};

const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'h-8 gap-1.5 px-3 text-sm',
  md: 'h-10 gap-2 px-4 text-sm',
  lg: 'h-12 gap-2 px-6 text-base',
};

export interface ButtonStyle {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look as a class string, for links that should look like buttons. */
export function buttonClassName({ variant = 'primary', size = 'md', className }: ButtonStyle = {}): string {
  return cn(BASE_CLASSES, VARIANT_CLASSES[variant], SIZE_CLASSES[size], className);
}

/** The card surface (border, background, rounding) without padding. */
export const cardClassName =
  'rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900';

/** A modal dialog's backdrop and centred panel (radix Dialog and AlertDialog), the same in every feature. */
export const dialogOverlayClassName = 'fixed inset-0 z-50 bg-slate-950/50';
export const dialogContentClassName =
  'fixed left-1/2 top-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-xl border border-slate-200 bg-white p-6 shadow-xl focus:outline-none dark:border-slate-700 dark:bg-slate-900';
