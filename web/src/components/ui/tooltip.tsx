import { type ComponentProps, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { PanelArrow } from './panel-arrow.tsx';
import { useDismiss } from './use-dismiss.ts';

export interface TooltipProps extends Omit<ComponentProps<'button'>, 'content' | 'type'> {
  /** The short text the tooltip shows; it is also the button's description. */
  content: ReactNode;
  /** How long a pointer rests on the button before the tooltip shows, in milliseconds. */
  delayMs?: number;
}

/**
 * A button with a short text above it, left-aligned with it: shown while a mouse rests on the button or the
 * tooltip, while the button has keyboard focus, and after a tap; hidden by Escape, by leaving, by focus moving
 * on and by a click elsewhere. The text is always in the page (hidden when closed), so the button is described by
 * it (aria-describedby) whether or not it shows. Replaces Radix's tooltip and floating-ui (about 11 KB gzip).
 */
export function Tooltip({ content, delayMs = 150, className, children, onClick, onFocus, onBlur, ...buttonProps }: TooltipProps) {
  const [isOpen, setOpen] = useState(false);
  const tooltipId = useId();
  const rootRef = useRef<HTMLSpanElement>(null);
  const hoverTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const cancelHover = () => clearTimeout(hoverTimer.current);
  const show = () => {
    cancelHover();
    setOpen(true);
  };
  const hide = () => {
    cancelHover();
    setOpen(false);
  };
  useEffect(() => () => clearTimeout(hoverTimer.current), []);
  useDismiss(isOpen, rootRef, hide);

  return (
    <span
      ref={rootRef}
      className="relative inline-flex"
      onPointerEnter={(event) => {
        // A finger has no hover: a tap shows the tooltip (below), and the touch's emulated hover must not.
        if (event.pointerType === 'touch') return;
        cancelHover();
        hoverTimer.current = setTimeout(() => setOpen(true), delayMs);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'touch') hide();
      }}
    >
      <button
        type="button"
        aria-describedby={tooltipId}
        className={className}
        onClick={(event) => {
          show();
          onClick?.(event);
        }}
        onFocus={(event) => {
          show();
          onFocus?.(event);
        }}
        onBlur={(event) => {
          hide();
          onBlur?.(event);
        }}
        {...buttonProps}
      >
        {children}
      </button>
      {/* The padding bridges the gap to the button, so the pointer can move onto the tooltip without closing it. */}
      <span id={tooltipId} role="tooltip" hidden={!isOpen} className="absolute bottom-full left-0 z-50 pb-1.5">
        <span className="relative block w-max max-w-[min(20rem,calc(100vw-2rem))] rounded-md bg-slate-900 px-3 py-1.5 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900">
          {content}
          <PanelArrow className="absolute top-full left-4 fill-slate-900 dark:fill-slate-100" />
        </span>
      </span>
    </span>
  );
}
