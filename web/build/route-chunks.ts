import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, type InlineConfig, type Rollup } from 'vite';

/**
 * Fewer chunks in each route's first load, within each route's byte budget.
 *
 * Left to itself, the bundler makes one chunk per set of entries that use a module, and every lazy piece (a dialog,
 * the realtime connection, the send form's checks) is an entry. So a signed-in page's first load is 30–40 chunks,
 * many under 1 KB, and a phone loads them over six HTTP/1.1 connections, a round trip each, before the page paints.
 * No grouping keeps every route's bytes exactly: the routes that load each chunk first are a different set for
 * almost every chunk.
 *
 * So the build runs twice. The first run (not written) gives the chunks, their gzip sizes and which routes load
 * each one first (the page chunk and what it imports statically; on a signed-in page also the top bar's user chip).
 * Then chunks are merged two at a time, each time the pair that saves the most routes a request for the fewest bytes
 * added to the routes that load only one of the two, as long as no route's first load goes over its budget (the
 * larger of BUDGET_BYTES and what it was) and the merge makes no cycle between chunks. The second run puts each
 * merged set's modules into one group.
 *
 * Left as they were: the entry's chunks, the page chunks and the other lazily loaded chunks (their manifest keys
 * name them to the server), and chunks that no route loads first.
 */
export interface RouteChunkOptions {
  /** The web app's folder (the build's root). */
  root: string;
  /** The folder of the route pages, relative to root: a lazily loaded module there is a route's page. */
  pagesDir: string;
  /** The folder of the pages shown only to a signed-in user, relative to root. */
  signedInPagesDir: string;
  /** Modules, relative to root, that a signed-in page loads beside its own (the server preloads them for a signed-in user). */
  signedInModules: readonly string[];
}

/** A route's first-load JS may grow to this by merges (gzip bytes, as bench/first-load-size.ts counts them; issue 18's 130 KB less a margin). */
export const BUDGET_BYTES = 129 * 1024;

/** module id → group name, for every module of a merged set of chunks. */
export type RouteChunkPlan = ReadonlyMap<string, string>;

type PlannedChunk = Pick<Rollup.OutputChunk, 'fileName' | 'imports' | 'isEntry' | 'isDynamicEntry' | 'facadeModuleId' | 'moduleIds'> & { gzipBytes: number };

export async function planRouteChunks(config: InlineConfig, options: RouteChunkOptions): Promise<RouteChunkPlan> {
  const result = await build({ ...config, root: options.root, configFile: false, logLevel: 'silent', build: { ...config.build, write: false, manifest: false } });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const chunks = outputs
    .flatMap((output) => output.output)
    .filter((item): item is Rollup.OutputChunk => item.type === 'chunk')
    .map((chunk) => ({ ...chunk, gzipBytes: gzipSync(chunk.code, { level: 6 }).length }));
  return routeChunkPlan(chunks, options);
}

interface Group {
  files: Set<string>;
  /** The routes that load this group first. */
  routes: Set<string>;
  bytes: number;
  /** Groups this one imports (by index), after merges. */
  imports: Set<number>;
}

/** The plan from a build's chunks (apart from the build, so that it can be tested on a made-up one). */
export function routeChunkPlan(chunks: readonly PlannedChunk[], options: RouteChunkOptions, budgetBytes = BUDGET_BYTES): RouteChunkPlan {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (fileName: string, into: Set<string>): Set<string> => {
    if (into.has(fileName)) return into;
    into.add(fileName);
    for (const imported of byFile.get(fileName)?.imports ?? []) closure(imported, into);
    return into;
  };
  const isIn = (folder: string, chunk: PlannedChunk) => chunk.facadeModuleId?.startsWith(path.join(options.root, folder)) ?? false;
  const entryFiles = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) closure(chunk.fileName, entryFiles);
  const signedInChunks = options.signedInModules.flatMap((module) => chunks.filter((chunk) => chunk.facadeModuleId === path.join(options.root, module)));
  const pages = chunks.filter((chunk) => chunk.isDynamicEntry && isIn(options.pagesDir, chunk));

  // Each route's first load: which chunks (for the groups' route sets) and how many bytes (for its budget).
  const routeBytes = new Map<string, number>();
  const routesOfFile = new Map<string, Set<string>>();
  for (const page of pages) {
    const route = path.basename(page.facadeModuleId!).replace(/\.[jt]sx?$/, '');
    const measured = closure(page.fileName, new Set(entryFiles));
    routeBytes.set(route, [...measured].reduce((sum, file) => sum + (byFile.get(file)?.gzipBytes ?? 0), 0));
    const loaded = closure(page.fileName, new Set());
    if (isIn(options.signedInPagesDir, page)) for (const chunk of signedInChunks) closure(chunk.fileName, loaded);
    for (const file of loaded) routesOfFile.set(file, (routesOfFile.get(file) ?? new Set()).add(route));
  }
  const limit = new Map([...routeBytes].map(([route, bytes]) => [route, Math.max(bytes, budgetBytes)]));

  const groupable = [...routesOfFile.keys()].filter((file) => {
    const chunk = byFile.get(file)!;
    return !entryFiles.has(file) && !chunk.isEntry && !chunk.isDynamicEntry;
  });
  const indexOf = new Map(groupable.map((file, i) => [file, i]));
  const groups: (Group | undefined)[] = groupable.map((file) => {
    const chunk = byFile.get(file)!;
    const imports = new Set(chunk.imports.flatMap((imported) => (indexOf.has(imported) ? [indexOf.get(imported)!] : [])));
    return { files: new Set([file]), routes: routesOfFile.get(file)!, bytes: chunk.gzipBytes, imports };
  });

  /** The groups a group loads: itself and what it imports, transitively. */
  const reach = (from: number, into = new Set<number>()): Set<number> => {
    if (into.has(from)) return into;
    into.add(from);
    for (const next of groups[from]!.imports) reach(next, into);
    return into;
  };

  for (;;) {
    const reaches = groups.map((group, i) => (group ? reach(i) : new Set<number>()));
    /** A group that reaches another through a third would, merged with it, import that third and be imported by it. */
    const reachesThroughAnother = (from: Group, to: number) => [...from.imports].some((i) => i !== to && reaches[i]!.has(to));
    let best: { a: number; b: number; value: number; added: Map<string, number> } | undefined;
    for (let a = 0; a < groups.length; a += 1) {
      const groupA = groups[a];
      if (!groupA) continue;
      for (let b = a + 1; b < groups.length; b += 1) {
        const groupB = groups[b];
        if (!groupB) continue;
        let shared = 0;
        for (const route of groupA.routes) if (groupB.routes.has(route)) shared += 1;
        if (shared === 0) continue;
        // Every route that loads either now loads both and all they import: what each route gains, in bytes.
        const added = new Map<string, number>();
        const routes = new Set([...groupA.routes, ...groupB.routes]);
        for (const i of new Set([...reaches[a]!, ...reaches[b]!])) {
          const group = groups[i]!;
          for (const route of routes) {
            if (!group.routes.has(route)) added.set(route, (added.get(route) ?? 0) + group.bytes);
          }
        }
        let addedBytes = 0;
        let fits = true;
        for (const [route, bytes] of added) {
          addedBytes += bytes;
          if (routeBytes.get(route)! + bytes > limit.get(route)!) fits = false;
        }
        if (!fits) continue;
        const value = shared / (1 + addedBytes / 1024);
        if (best && value <= best.value) continue;
        if (reachesThroughAnother(groupA, b) || reachesThroughAnother(groupB, a)) continue;
        best = { a, b, value, added };
      }
    }
    if (!best) break;
    const a = groups[best.a]!;
    const b = groups[best.b]!;
    const routes = new Set([...a.routes, ...b.routes]);
    for (const [route, bytes] of best.added) routeBytes.set(route, routeBytes.get(route)! + bytes);
    for (const i of new Set([...reach(best.a), ...reach(best.b)])) for (const route of routes) groups[i]!.routes.add(route);
    groups[best.a] = {
      files: new Set([...a.files, ...b.files]),
      routes,
      bytes: a.bytes + b.bytes,
      imports: new Set([...a.imports, ...b.imports].filter((i) => i !== best.a && i !== best.b)),
    };
    groups[best.b] = undefined;
    for (const group of groups) if (group?.imports.delete(best.b)) group.imports.add(best.a);
  }

  const plan = new Map<string, string>();
  const names = new Set<string>();
  for (const group of groups) {
    if (!group || group.files.size < 2) continue;
    let name = routeSetName([...group.routes]);
    for (let n = 2; names.has(name); n += 1) name = `${routeSetName([...group.routes])}-${n}`;
    names.add(name);
    for (const file of group.files) for (const moduleId of byFile.get(file)!.moduleIds) plan.set(moduleId, name);
  }
  return plan;
}

/** A short, stable name for a set of routes: the route's own name for one, else the count and a hash of the set. */
function routeSetName(routes: readonly string[]): string {
  if (routes.length === 1) return `${routes[0]}-first`;
  const key = [...routes].sort().join(',');
  let hash = 0;
  for (let i = 0; i < key.length; i += 1) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) >>> 0;
  return `routes-${routes.length}-${hash.toString(36)}`;
}
