import { type RefObject, useEffect, useEffectEvent } from 'react';

export type DismissReason = 'escape' | 'outside';

/**
 * While `isOpen`, calls `onDismiss` when Escape is pressed anywhere on the page or a pointer goes down outside
 * `ref` (the trigger and what it opened, together): how a popover or tooltip is closed without its button. The
 * listeners exist only while it is open.
 */
export function useDismiss(isOpen: boolean, ref: RefObject<HTMLElement | null>, onDismiss: (reason: DismissReason) => void) {
  const dismiss = useEffectEvent(onDismiss);
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      dismiss('escape');
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && ref.current?.contains(event.target)) return;
      dismiss('outside');
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [isOpen, ref]);
}
