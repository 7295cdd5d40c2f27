import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { type UserConfig, defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';
import { type RouteChunkPlan, planRouteChunks } from './build/route-chunks.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/** The config; with `routeChunks`, the groups that merge chunks of the routes' first loads (build/route-chunks.ts). */
const config = (routeChunks?: RouteChunkPlan): UserConfig => ({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: {
    // Every schema module (packages/domain's too) gets zod through the jitless wrapper: no `new Function` probe under the CSP.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/lib/browser-zod.ts', import.meta.url)) }],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // bench/first-load-size.ts reads it to add up what each page loads first.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What every route's first load holds anyway (React, the router, TanStack Query, zustand, the API client),
          // as one chunk instead of nine: on a phone's HTTP/1.1 connections each chunk of a first load costs a round
          // trip, and a page loads nothing it would not have loaded. The infinite-list code is left to the pages that
          // page through lists. (docs/decisions/015-own-primitives-where-a-library-costs-the-first-screen.md)
          groups: [
            {
              name: 'framework',
              test: (id: string) =>
                !/infinite/i.test(id) &&
                (/node_modules\/(react|react-dom|scheduler|@tanstack\/(react-query|query-core)|react-router|zustand)\//.test(id) ||
                  /vite\/preload-helper|\/web\/src\/lib\/(api-client|use-page-title)\.ts$|\/packages\/domain\/src\/currency\.ts$/.test(id)),
            },
            ...(routeChunks
              ? [{ name: (moduleId: string) => routeChunks.get(moduleId) ?? null, debugName: 'route-chunks', includeDependenciesRecursively: false }]
              : []),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});

export default defineConfig(async ({ command }) => {
  if (command !== 'build') return config();
  // A first build, not written, gives the chunks to merge (build/route-chunks.ts).
  const routeChunks = await planRouteChunks(config(), {
    root: fileURLToPath(new URL('.', import.meta.url)),
    pagesDir: 'src/pages/',
    signedInPagesDir: 'src/pages/app/',
    // The server preloads it for a signed-in user (server/src/plugins/spa-routes.ts, SIGNED_IN_MODULES).
    signedInModules: ['src/app/layout/user-chip.tsx'],
  });
  return config(routeChunks);
});
