import { z } from 'zod';
import { TIMELINE_STEP_KINDS } from './timeline.ts';

/** A payment's step as the API sends it (timeline.ts builds them). */
export const timelineStepSchema = z.object({
  kind: z.enum(TIMELINE_STEP_KINDS),
  label: z.string(),
  done: z.boolean(),
  /** When it happened; null while it has not (or, for a failure, when its time is unknown). */
  at: z.iso.datetime().nullable(),
  /** When a step not yet reached is expected; null once done. */
  expectedAt: z.iso.datetime().nullable(),
  blockNumber: z.number().int().optional(),
  confirmations: z.number().int().optional(),
  securityLevel: z.enum(['Low', 'Medium', 'High', 'Very High', 'Maximum']).optional(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;
