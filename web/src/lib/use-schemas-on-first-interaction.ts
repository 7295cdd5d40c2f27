import { useEffect } from 'react';
import { loadSchemas } from './load-schemas.ts';

/** What a person does before a form can need checking: touch or click anything, or press a key (Tab included). */
const FIRST_INTERACTIONS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * A form asks for the schemas the first time the person interacts with the page, so that its first check
 * (lazySchemaResolver) finds them loaded instead of waiting for the chunk. Not at mount or right after the first
 * paint: evaluating zod and the schemas is a long task on a phone, and nobody has typed anything yet. A load that
 * fails here is asked for again by that first check.
 */
export function useSchemasOnFirstInteraction(load: () => Promise<unknown> = loadSchemas): void {
  useEffect(() => {
    const controller = new AbortController();
    const onFirstInteraction = () => {
      controller.abort();
      load().catch(() => undefined);
    };
    for (const type of FIRST_INTERACTIONS) document.addEventListener(type, onFirstInteraction, { capture: true, signal: controller.signal });
    return () => controller.abort();
  }, [load]);
}
