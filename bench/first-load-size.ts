// Gzipped JS and CSS that the first load of a page fetches: the entry chunk, the page's lazy route chunk,
// and everything either imports statically (what the browser must have before the page can render).
// Reads <dist>/.vite/manifest.json. Standalone: `npm run build -w web && npx tsx bench/first-load-size.ts [distDir]`
// prints one JSON line per figure for web/dist (or distDir); bench/web.ts measures its own fresh build.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

export const DEFAULT_DIST_DIR = path.resolve(import.meta.dirname, '../web/dist');

/** Route path → the page module it loads lazily (see web/src/app/router.tsx). */
export const FIRST_LOAD_PAGES: Record<string, string> = {
  home: 'src/pages/public/home-page.tsx',
  login: 'src/pages/auth/login-page.tsx',
  register: 'src/pages/auth/register-page.tsx',
  dashboard: 'src/pages/app/dashboard-page.tsx',
  insights: 'src/pages/app/insights-page.tsx',
  transactions: 'src/pages/app/transactions-page.tsx',
  // The send page: issue 15's review step must not grow its first load (budget 130 KB, as for every route).
  send_receive: 'src/pages/app/send-receive-page.tsx',
  // The public page a payment request's link opens (issue 16): a payer's first sight of FinCrypt.
  pay: 'src/pages/public/pay-page.tsx',
  // The public explorer (issue 17): its home, an address, a block, and a transaction.
  explorer_home: 'src/pages/public/explorer-home-page.tsx',
  explorer_address: 'src/pages/public/explorer-address-page.tsx',
  explorer_block: 'src/pages/public/explorer-block-page.tsx',
  explorer_tx: 'src/pages/public/explorer-page.tsx',
};

/** The JS and CSS files the first load of a page fetches: the entry's and the page's static import closure. */
export function firstLoadChunks(pageModule: string, distDir: string = DEFAULT_DIST_DIR): string[] {
  const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const collect = (key: string, seen: Set<string>): void => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) collect(imported, seen);
  };

  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('no entry in the manifest');
  if (!manifest[pageModule]) throw new Error(`${pageModule} is not in the manifest`);
  const chunks = new Set<string>();
  collect(entryKey, chunks);
  collect(pageModule, chunks);
  const files = new Set<string>();
  for (const key of chunks) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    chunk.css?.forEach((file) => files.add(file));
  }
  return [...files];
}

export function firstLoadSizes(pageModule: string, distDir: string = DEFAULT_DIST_DIR): { jsKb: number; cssKb: number } {
  const gzipKb = (file: string) => gzipSync(fs.readFileSync(path.join(distDir, file)), { level: 6 }).length / 1024;
  const files = firstLoadChunks(pageModule, distDir);
  const jsKb = files.filter((file) => file.endsWith('.js')).reduce((sum, file) => sum + gzipKb(file), 0);
  const cssKb = files.filter((file) => file.endsWith('.css')).reduce((sum, file) => sum + gzipKb(file), 0);
  return { jsKb: Math.round(jsKb * 100) / 100, cssKb: Math.round(cssKb * 100) / 100 };
}

/** The largest first-load JS among FIRST_LOAD_PAGES (issue 18: ≤ 130 KB on every route), with the page it is. */
export function largestFirstLoad(distDir: string = DEFAULT_DIST_DIR): { jsKb: number; page: string } {
  let largest = { jsKb: 0, page: '' };
  for (const [page, module] of Object.entries(FIRST_LOAD_PAGES)) {
    const { jsKb } = firstLoadSizes(module, distDir);
    if (jsKb > largest.jsKb) largest = { jsKb, page };
  }
  return largest;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const distDir = process.argv[2] ? path.resolve(process.argv[2]) : DEFAULT_DIST_DIR;
  for (const [name, module] of Object.entries(FIRST_LOAD_PAGES)) {
    const { jsKb, cssKb } = firstLoadSizes(module, distDir);
    console.log(JSON.stringify({ name: `first_load_js_gzip_kb_${name}`, value: jsKb, unit: 'KB' }));
    console.log(JSON.stringify({ name: `first_load_css_gzip_kb_${name}`, value: cssKb, unit: 'KB' }));
  }
  const { jsKb, page } = largestFirstLoad(distDir);
  console.log(JSON.stringify({ name: 'first_load_js_gzip_kb_max', value: jsKb, unit: 'KB', note: page }));
}
