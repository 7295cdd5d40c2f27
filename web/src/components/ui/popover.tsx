import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { PanelArrow } from './panel-arrow.tsx';
import { useDismiss } from './use-dismiss.ts';

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
 * A button that opens a small non-modal panel below it, its right edge under the button's: the (i) explanations.
 * The button says whether it is open (aria-expanded) and which panel it controls; opening moves focus into the
 * panel (a labelled dialog, so a screen reader reads it); Escape closes it and puts focus back on the button; a
 * click outside or focus moving away closes it. A few dozen lines instead of Radix's popover and floating-ui
 * (about 12 KB gzip): the panel sits under the button in the page's flow, with no portal or collision handling.
 */
export function Popover({ label, trigger, triggerClassName, children, className }: PopoverProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (isOpen) panelRef.current?.focus();
  }, [isOpen]);
  useDismiss(isOpen, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  return (
    <span
      ref={rootRef}
      className="relative inline-flex"
      onBlur={(event) => {
        if (isOpen && !event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={panelId}
        className={triggerClassName}
        onClick={() => setOpen(!isOpen)}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        role="dialog"
        aria-label={label}
        tabIndex={-1}
        hidden={!isOpen}
        className={cn(
          'absolute top-full right-0 z-50 mt-1.5 w-max max-w-[min(20rem,calc(100vw-1.5rem))] rounded-lg border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          className,
        )}
      >
        {children}
        {/* The arrow points up at the (h-8 w-8) button's middle. */}
        <PanelArrow className="absolute right-2.5 bottom-full rotate-180 fill-white dark:fill-slate-900" />
      </div>
    </span>
  );
}
