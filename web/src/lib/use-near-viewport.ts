import { type RefObject, startTransition, useEffect, useState } from 'react';

/**
 * False until the element has come within `margin` of the viewport (a CSS margin, e.g. '50% 0px': half a screen
 * above or below), then true for good. A heavy widget below the fold renders when the reader scrolls towards it,
 * not while the page's first screen is still being drawn. Without IntersectionObserver, true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin: string): boolean {
  const [isNear, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (isNear || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        // A transition: React draws the widget in slices of a few milliseconds, the page staying responsive between them.
        startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, isNear]);
  return isNear;
}
