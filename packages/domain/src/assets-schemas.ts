import { z } from 'zod';
import { ASSET_SYMBOL_MAX_CHARS } from './assets.ts';

/** An asset as typed by a client: trimmed and upper-cased ("usdc" names USDC). */
export const assetSymbolSchema = z.string().trim().min(1).max(ASSET_SYMBOL_MAX_CHARS).toUpperCase();
