import { useRef, useState } from 'react';

/**
 * What a dialog loaded on first open takes from its button: Radix's controlled `open`, and where focus returns
 * when it closes (Radix returns it to its own Trigger, and a deferred dialog's button lives outside the dialog).
 */
export interface DeferredDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A button that opens a dialog whose code loads when it is first wanted, not with the page: Radix's dialog, focus
 * trap, scroll lock and portal are about 9 KB gzip that no first paint needs. `load` starts on hover or focus, so
 * the click usually finds it ready. Render the lazy dialog once `hasOpened`, and keep it mounted after that (its
 * closing animation and state stay Radix's).
 */
export function useDeferredDialog(load: () => Promise<unknown>) {
  const [isOpen, setOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const preload = () => void load().catch(() => undefined);

  const buttonProps = {
    ref: buttonRef,
    type: 'button' as const,
    'aria-haspopup': 'dialog' as const,
    'aria-expanded': isOpen,
    onPointerEnter: preload,
    onFocus: preload,
    onClick: () => {
      setHasOpened(true);
      setOpen(true);
    },
  };
  const dialogProps: DeferredDialogProps = {
    open: isOpen,
    onOpenChange: setOpen,
    onCloseAutoFocus: (event) => {
      event.preventDefault();
      buttonRef.current?.focus();
    },
  };
  return { buttonProps, dialogProps, hasOpened, close: () => setOpen(false) };
}
