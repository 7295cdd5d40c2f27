import { useEffect } from 'react';
import { loadSchemas } from './load-schemas.ts';
import { useAfterFirstContentfulPaint } from './use-after-first-contentful-paint.ts';

/**
 * A form asks for the schemas once the page has shown its first text, so that its first check (lazySchemaResolver)
 * finds them loaded instead of waiting for the chunk; before that paint they would only hold it back. A load that
 * fails here is asked for again by that first check.
 */
export function useSchemasAfterFirstPaint(load: () => Promise<unknown> = loadSchemas): void {
  const hasPagePainted = useAfterFirstContentfulPaint();
  useEffect(() => {
    if (hasPagePainted) load().catch(() => undefined);
  }, [hasPagePainted, load]);
}
