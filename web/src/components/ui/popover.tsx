import { Popover as RadixPopover } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../../lib/cn.ts';

export interface PopoverProps {
  /** Names the button and the panel it opens (the button shows only `trigger`, an icon). */
  label: string;
  /** What the button shows. */
  trigger: ReactNode;
  triggerClassName?: string;
  children: ReactNode;
  className?: string;
}

/**
 * A button that opens a small non-modal panel below it (Radix's popover): the (i) explanations. Opening moves focus
 * into the panel, a labelled dialog; Escape closes it and puts focus back on the button, and a click outside
 * closes it (Tab stays in a panel that holds nothing to tab to). The panel flips and shifts to stay on screen.
 */
export function Popover({ label, trigger, triggerClassName, children, className }: PopoverProps) {
  return (
    <RadixPopover.Root>
      <RadixPopover.Trigger aria-label={label} className={triggerClassName}>
        {trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          aria-label={label}
          side="bottom"
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className={cn(
            'z-50 w-max max-w-[min(20rem,calc(100vw-1.5rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
            className,
          )}
        >
          {children}
          <RadixPopover.Arrow width={10} height={5} className="fill-white dark:fill-slate-900" />
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
