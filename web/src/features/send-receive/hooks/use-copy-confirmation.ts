import { useCallback, useEffect, useRef, useState } from 'react';

/** The copy confirmation (docs/product.md#send-and-receive): the copy button shows its confirmed state this long. */
export const COPY_CONFIRMATION_MS = 2000;

/** Copies text to the clipboard and reports success for COPY_CONFIRMATION_MS. */
export function useCopyConfirmation(durationMs = COPY_CONFIRMATION_MS) {
  const [isCopied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(
    async (text: string): Promise<boolean> => {
      try {
        await navigator.clipboard.writeText(text);
      } catch {
        return false;
      }
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), durationMs);
      return true;
    },
    [durationMs],
  );
  return { isCopied, copy };
}
