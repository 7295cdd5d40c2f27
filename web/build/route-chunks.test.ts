import { expect, it } from 'vitest';
import { routeChunkPlan } from './route-chunks.ts';

const root = '/app';
const options = { root, pagesDir: 'src/pages/', signedInPagesDir: 'src/pages/app/', signedInModules: ['src/chip.tsx'] };

/** A made-up build: one module per chunk, named like the chunk. */
function chunk(fileName: string, imports: string[], gzipBytes: number, kind: 'entry' | 'page' | 'lazy' | 'shared' = 'shared', facade?: string) {
  return {
    fileName,
    imports,
    gzipBytes,
    isEntry: kind === 'entry',
    isDynamicEntry: kind === 'page' || kind === 'lazy',
    facadeModuleId: facade ? `${root}/${facade}` : null,
    moduleIds: [`${root}/${fileName}.ts`],
  };
}

const groupOf = (plan: ReadonlyMap<string, string>, fileName: string) => plan.get(`${root}/${fileName}.ts`);

it('merges the chunks the same routes load first, and leaves the entry, the pages and lazy pieces alone', () => {
  const plan = routeChunkPlan(
    [
      chunk('index', ['framework'], 10_000, 'entry'),
      chunk('framework', [], 80_000),
      chunk('a-page', ['x', 'y'], 1_000, 'page', 'src/pages/app/a-page.tsx'),
      chunk('b-page', ['x', 'y'], 1_000, 'page', 'src/pages/app/b-page.tsx'),
      chunk('dialog', ['x'], 1_000, 'lazy', 'src/features/dialog.tsx'),
      chunk('x', ['framework'], 500),
      chunk('y', [], 700),
    ],
    options,
  );
  expect(groupOf(plan, 'x')).toBeDefined();
  expect(groupOf(plan, 'x')).toBe(groupOf(plan, 'y'));
  for (const untouched of ['index', 'framework', 'a-page', 'b-page', 'dialog']) expect(groupOf(plan, untouched), untouched).toBeUndefined();
});

it('adds bytes to a route that needs only one of two chunks only while the route stays within its budget', () => {
  const chunks = [
    chunk('index', [], 10_000, 'entry'),
    chunk('a-page', ['shared', 'only-a'], 1_000, 'page', 'src/pages/public/a-page.tsx'),
    chunk('b-page', ['shared'], 1_000, 'page', 'src/pages/public/b-page.tsx'),
    chunk('shared', [], 2_000),
    chunk('only-a', [], 3_000),
  ];
  // b loads 13,000 bytes; taking only-a would make it 16,000.
  expect(groupOf(routeChunkPlan(chunks, options, 15_999), 'only-a')).toBeUndefined();
  const roomy = routeChunkPlan(chunks, options, 16_000);
  expect(groupOf(roomy, 'only-a')).toBeDefined();
  expect(groupOf(roomy, 'only-a')).toBe(groupOf(roomy, 'shared'));
});

it('counts what a merged chunk imports against the budget of each route that then loads it', () => {
  const chunks = [
    chunk('index', [], 10_000, 'entry'),
    chunk('a-page', ['p', 'q'], 1_000, 'page', 'src/pages/public/a-page.tsx'),
    chunk('b-page', ['p'], 1_000, 'page', 'src/pages/public/b-page.tsx'),
    chunk('p', [], 500),
    chunk('q', ['heavy'], 500),
    chunk('heavy', [], 5_000),
  ];
  // Merging q into p would make b load q and heavy: 5,500 more than its 11,500.
  const plan = routeChunkPlan(chunks, options, 16_999);
  expect(groupOf(plan, 'q') !== undefined && groupOf(plan, 'q') === groupOf(plan, 'p')).toBe(false);
});

it('on random builds, never makes chunks import each other and never takes a route over its budget', () => {
  let seed = 7;
  const random = () => ((seed = (Math.imul(seed, 48271) + 11) % 2147483647) & 0x7fffffff) / 2147483647;
  for (let build = 0; build < 200; build += 1) {
    const sharedCount = 3 + Math.floor(random() * 12);
    // Shared chunks import only later ones (a bundler's chunks form no cycle either).
    const shared = Array.from({ length: sharedCount }, (_, i) =>
      chunk(`s${i}`, Array.from({ length: sharedCount }, (_, j) => `s${j}`).filter((_, j) => j > i && random() < 0.2), 100 + Math.floor(random() * 3_000)),
    );
    const pages = Array.from({ length: 2 + Math.floor(random() * 5) }, (_, i) =>
      chunk(`page${i}`, shared.filter(() => random() < 0.3).map((c) => c.fileName), 1_000, 'page', `src/pages/public/page${i}.tsx`),
    );
    const chunks = [chunk('index', [], 10_000, 'entry'), ...pages, ...shared];
    const budget = 10_000 + Math.floor(random() * 20_000);
    const plan = routeChunkPlan(chunks, options, budget);

    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const nodeOf = (file: string) => groupOf(plan, file) ?? file;
    const loads = (file: string, into = new Set<string>()): Set<string> => {
      if (into.has(file)) return into;
      into.add(file);
      for (const imported of byFile.get(file)!.imports) loads(imported, into);
      return into;
    };
    const nodeBytes = new Map<string, number>();
    for (const c of chunks) nodeBytes.set(nodeOf(c.fileName), (nodeBytes.get(nodeOf(c.fileName)) ?? 0) + c.gzipBytes);
    const filesOf = (node: string) => chunks.filter((c) => nodeOf(c.fileName) === node).map((c) => c.fileName);
    const nodeLoads = (node: string, into = new Set<string>()): Set<string> => {
      if (into.has(node)) return into;
      into.add(node);
      for (const file of filesOf(node)) for (const imported of byFile.get(file)!.imports) if (nodeOf(imported) !== node) nodeLoads(nodeOf(imported), into);
      return into;
    };
    for (const page of pages) {
      const before = [...loads(page.fileName, loads('index'))].reduce((sum, file) => sum + byFile.get(file)!.gzipBytes, 0);
      const after = [...nodeLoads(page.fileName, nodeLoads('index'))].reduce((sum, node) => sum + nodeBytes.get(node)!, 0);
      expect(after, `build ${build} ${page.fileName}`).toBeLessThanOrEqual(Math.max(before, budget));
    }
    // No merged chunk reaches itself through another.
    for (const node of new Set(chunks.map((c) => nodeOf(c.fileName)))) {
      const imported = new Set(filesOf(node).flatMap((file) => byFile.get(file)!.imports.map(nodeOf)).filter((other) => other !== node));
      for (const other of imported) expect(nodeLoads(other).has(node), `build ${build}: ${node} and ${other} import each other`).toBe(false);
    }
  }
});
