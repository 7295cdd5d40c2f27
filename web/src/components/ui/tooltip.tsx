import { Tooltip as RadixTooltip } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';

export interface TooltipProps extends Omit<ComponentProps<'button'>, 'content' | 'type'> {
  /** The short text the tooltip shows; while it shows, it is also the button's description. */
  content: ReactNode;
  /** How long a pointer rests on the button before the tooltip shows, in milliseconds. */
  delayMs?: number;
}

/**
 * A button with a short text above it (Radix's tooltip): shown while a mouse rests on the button or the tooltip and
 * while the button has keyboard focus; hidden by Escape, by leaving and by focus moving on. It flips and shifts to
 * stay on screen.
 */
export function Tooltip({ content, delayMs = 150, children, ...buttonProps }: TooltipProps) {
  return (
    <RadixTooltip.Provider delayDuration={delayMs}>
      <RadixTooltip.Root>
        <RadixTooltip.Trigger type="button" {...buttonProps}>
          {children}
        </RadixTooltip.Trigger>
        <RadixTooltip.Portal>
          <RadixTooltip.Content
            side="top"
            align="start"
            sideOffset={6}
            collisionPadding={8}
            className="z-50 w-max max-w-[min(20rem,calc(100vw-2rem))] rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
          >
            {content}
            <RadixTooltip.Arrow width={10} height={5} className="fill-slate-900 dark:fill-slate-100" />
          </RadixTooltip.Content>
        </RadixTooltip.Portal>
      </RadixTooltip.Root>
    </RadixTooltip.Provider>
  );
}
