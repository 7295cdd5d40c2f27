import { z } from 'zod';
import { NETWORK_IDS } from './networks.ts';

/** A network id as a client sends it (the registry, networks.ts). */
export const networkIdSchema = z.enum(NETWORK_IDS);
