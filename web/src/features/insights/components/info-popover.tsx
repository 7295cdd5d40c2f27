import { Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { Popover } from '../../../components/ui/popover.tsx';

/** An (i) button that opens a short explanation: works with a mouse, a keyboard and a finger alike. */
export function InfoPopover({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Popover
      label={label}
      trigger={<Info aria-hidden className="h-4 w-4" />}
      triggerClassName="inline-flex h-8 w-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
    >
      {children}
    </Popover>
  );
}
