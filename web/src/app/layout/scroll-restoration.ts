import { useEffect, useLayoutEffect, useRef } from 'react';
import { NavigationType, useLocation, useNavigationType } from 'react-router';

const STORAGE_KEY = 'fincrypt.scroll-positions';
/** Put a limit on everything: the positions of this many recent history entries are kept. */
const POSITIONS_KEPT = 100;
/** A page whose content is still arriving gets this many frames to grow tall enough for the saved position. */
const RESTORE_FRAMES = 30;

function readPositions(): Map<string, number> {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return new Map(Array.isArray(stored) ? (stored as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writePositions(positions: Map<string, number>) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions].slice(-POSITIONS_KEPT)));
  } catch {
    // Storage full or refused: back and forward then start at the top, nothing worse.
  }
}

/**
 * What a browser does for ordinary pages, for the app's own navigations: a new page starts at the top (or at its
 * #fragment), and Back or Forward returns to where that entry was scrolled, across reloads of the tab too.
 */
export function useScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const keyRef = useRef(location.key);
  keyRef.current = location.key;
  const positions = useRef<Map<string, number>>(undefined);
  positions.current ??= readPositions();
  // The current entry's position as last scrolled: read when leaving it, since by then the next page is in the DOM
  // and may be shorter (the browser would already have clamped window.scrollY).
  const scrolledTo = useRef(0);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const track = () => {
      scrolledTo.current = window.scrollY;
    };
    const save = () => writePositions(positions.current!.set(keyRef.current, scrolledTo.current));
    window.addEventListener('scroll', track, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      window.removeEventListener('scroll', track);
      window.removeEventListener('pagehide', save);
      window.history.scrollRestoration = 'auto';
    };
  }, []);

  useLayoutEffect(() => {
    const key = location.key;
    let frame = 0;
    if (navigationType === NavigationType.Pop && positions.current!.has(key)) {
      const target = positions.current!.get(key)!;
      scrolledTo.current = target;
      let framesLeft = RESTORE_FRAMES;
      const restore = () => {
        window.scrollTo(0, target);
        if (Math.abs(window.scrollY - target) > 1 && --framesLeft > 0) frame = requestAnimationFrame(restore);
      };
      restore();
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      scrolledTo.current = window.scrollY;
    } else {
      window.scrollTo(0, 0);
      scrolledTo.current = 0;
    }
    return () => {
      cancelAnimationFrame(frame);
      // Leaving this entry: remember where it was scrolled (Map order is insertion order, so re-insert it last).
      positions.current!.delete(key);
      positions.current!.set(key, scrolledTo.current);
    };
  }, [location.key, location.hash, navigationType]);
}
