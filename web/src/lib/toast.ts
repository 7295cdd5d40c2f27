import type { toast as sonnerToast } from 'sonner';

/**
 * Toasts without putting the toast library in the first bundle: it loads on first use (and when the
 * lazy <Toaster> mounts, once the page has shown its first text). Same calls as sonner's `toast`.
 */
type Kind = 'success' | 'error' | 'warning' | 'info';
type Show = (...args: Parameters<typeof sonnerToast.success>) => void;

const show =
  (kind: Kind): Show =>
  (...args) =>
    void import('sonner').then(({ toast }) => toast[kind](...args));

export const toast: Record<Kind, Show> = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
};
