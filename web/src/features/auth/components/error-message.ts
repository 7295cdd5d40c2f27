import { ApiError } from '../../../lib/api-client.ts';

/** The server's own words when it gave any, else the screen's fallback (docs/product.md#sign-in). */
export function messageFrom(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}
