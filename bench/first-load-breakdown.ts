// What each page's first load is made of: builds web with source maps into a temp dir, attributes every byte of the
// first-load chunks to the source module it came from (by source-map segments), and prints the biggest contributors
// as gzip KB (each chunk's gzip size shared out by raw bytes). A tool for finding what to split, not a bench figure.
// `npx tsx bench/first-load-breakdown.ts [page-key ...] [--top N] [--dist DIR]` (page keys: see FIRST_LOAD_PAGES).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { TraceMap, eachMapping } from '@jridgewell/trace-mapping';
import { FIRST_LOAD_PAGES, firstLoadChunks } from './first-load-size.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  if (at < 0) return undefined;
  const [, value] = args.splice(at, 2);
  return value;
};
const top = Number(option('--top') ?? 25);
let distDir = option('--dist');
if (!distDir) {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
  const webDir = path.resolve(import.meta.dirname, '../web');
  execFileSync('npx', ['vite', 'build', '--sourcemap', '--outDir', distDir, '--emptyOutDir'], { cwd: webDir, stdio: 'ignore' });
}
const pages = args.length ? args : Object.keys(FIRST_LOAD_PAGES);

/** Gzip KB per source module for one chunk file. */
function attribute(file: string): Map<string, number> {
  const code = fs.readFileSync(path.join(distDir!, file), 'utf8');
  const gzipKb = gzipSync(code, { level: 6 }).length / 1024;
  const lineStarts = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStarts.push(i + 1);
  const mapFile = path.join(distDir!, `${file}.map`);
  if (!fs.existsSync(mapFile)) return new Map([[`(no map) ${path.basename(file)}`, gzipKb]]);
  const map = new TraceMap(fs.readFileSync(mapFile, 'utf8'));
  const segments: { at: number; source: string }[] = [];
  eachMapping(map, (m) => {
    segments.push({ at: lineStarts[m.generatedLine - 1]! + m.generatedColumn, source: m.source ?? '(no source)' });
  });
  segments.sort((a, b) => a.at - b.at);
  const bytes = new Map<string, number>();
  const add = (source: string, n: number) => bytes.set(source, (bytes.get(source) ?? 0) + n);
  add('(unmapped)', segments[0]?.at ?? code.length);
  segments.forEach((segment, i) => add(segment.source, (segments[i + 1]?.at ?? code.length) - segment.at));
  const shares = new Map<string, number>();
  for (const [source, n] of bytes) shares.set(shortName(source), (shares.get(shortName(source)) ?? 0) + (n / code.length) * gzipKb);
  return shares;
}

function shortName(source: string): string {
  const nodeModules = source.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = source.slice(nodeModules + 'node_modules/'.length).split('/');
    const name = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    return `npm:${name}`;
  }
  return source.replace(/^(\.\.\/)+/, '');
}

for (const page of pages) {
  const module = FIRST_LOAD_PAGES[page];
  if (!module) throw new Error(`unknown page ${page}`);
  const totals = new Map<string, number>();
  for (const file of firstLoadChunks(module, distDir)) {
    if (!file.endsWith('.js')) continue;
    for (const [source, kb] of attribute(file)) totals.set(source, (totals.get(source) ?? 0) + kb);
  }
  const sum = [...totals.values()].reduce((a, b) => a + b, 0);
  console.log(`\n${page}: ${sum.toFixed(1)} KB gzip`);
  for (const [source, kb] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${kb.toFixed(2).padStart(7)}  ${source}`);
  }
}
