import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Router state that asks the page arrived at to put focus on its heading (after a send, not on <body>). */
export interface PageFocusState {
  focusHeading: true;
}

const asksForHeadingFocus = (state: unknown): boolean =>
  typeof state === 'object' && state !== null && (state as Partial<PageFocusState>).focusHeading === true;

/**
 * A ref for the page's heading (give it tabIndex -1): focused on arrival when the navigation asked for it, so a
 * keyboard or screen reader user continues from the top of the new page rather than from nowhere.
 */
export function useHeadingFocus<T extends HTMLElement>() {
  const heading = useRef<T>(null);
  const state: unknown = useLocation().state;
  const shouldFocus = asksForHeadingFocus(state);
  useEffect(() => {
    if (shouldFocus) heading.current?.focus();
  }, [shouldFocus]);
  return heading;
}
