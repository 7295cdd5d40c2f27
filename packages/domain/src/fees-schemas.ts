import { z } from 'zod';
import { GAS_SPEEDS } from './fees.ts';

/** A transaction speed as a client sends it (fees.ts). */
export const gasSpeedSchema = z.enum(GAS_SPEEDS);
