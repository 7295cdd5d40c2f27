import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts without putting the toast library in the first bundle: it loads on first use (and when the
 * lazy <Toaster> mounts, once the page has shown its first text). Same calls as sonner's `toast`.
 */
type Kind = 'success' | 'error' | 'warning' | 'info';
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

let resolveToasterMounted: () => void = () => {};
/** Settles once the app's <Toaster> listens: sonner drops a toast shown before one does. */
const toasterMounted = new Promise<void>((resolve) => {
  resolveToasterMounted = resolve;
});

/** Called by the app's <Toaster> once it has mounted (app/providers.tsx); toasts asked for before then show now. */
export function markToasterMounted(): void {
  resolveToasterMounted();
}

const show =
  (kind: Kind): Show =>
  (...args) =>
    void Promise.all([import('sonner'), toasterMounted]).then(([{ toast }]) => toast[kind](...args));

export const toast: Record<Kind, Show> = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};
