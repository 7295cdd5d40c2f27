import { Check, Copy } from 'lucide-react';
import { useEffect, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { toast } from '../../lib/toast.ts';

/** How long the button shows its "copied" tick. */
const COPIED_MS = 2_000;

/** Copies text and confirms with a toast ("Address copied to clipboard"); true when it worked. */
export async function copyToClipboard(text: string, successMessage: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(successMessage);
    return true;
  } catch {
    toast.error('Could not copy to the clipboard');
    return false;
  }
}

export interface CopyButtonProps {
  value: string;
  /** The button's accessible name, e.g. "Copy address". */
  label: string;
  /** The toast after copying, e.g. "Address copied to clipboard". */
  successMessage: string;
  className?: string;
}

/** A small icon button that copies `value`; its icon turns into a tick for 2 s. */
export function CopyButton({ value, label, successMessage, className }: CopyButtonProps) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  const copy = async () => setCopied(await copyToClipboard(value, successMessage));
  const Icon = isCopied ? Check : Copy;
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={() => void copy()}
      className={cn(
        'inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-slate-100',
        className,
      )}
    >
      <Icon aria-hidden className={cn('h-4 w-4', isCopied && 'text-green-600 dark:text-green-400')} />
    </button>
  );
}
