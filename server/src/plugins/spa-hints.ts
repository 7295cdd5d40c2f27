import fs from 'node:fs';
import path from 'node:path';
import { SIGNED_IN_MODULES, SPA_ROUTES, type SpaRoute } from './spa-routes.ts';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/** Marks the preloads of a route's `answerModules`: the page then checks its first answer without waiting to paint. */
export const ANSWER_MODULE_ATTRIBUTE = 'data-answer-module';

/** The id of the inert JSON element that carries the signed-in user (web/src/features/auth/api/session-bootstrap.ts reads it). */
export const SESSION_BOOTSTRAP_ID = 'session-bootstrap';

/** The user the app shows as signed in, as GET /api/auth/get-session's `user` has it (the fields the app reads). */
export interface BootstrapUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  createdAt: Date;
}

/**
 * `<link>` hints for each route's chunks, from the build's manifest (web/vite.config.ts writes it): the page
 * module and everything it imports statically, minus what index.html already loads (the entry's own
 * chunks), so the browser fetches them beside the entry instead of after it has run. Undefined without a
 * manifest (an old build): the HTML goes out as built.
 */
export function readRouteHints(webDistDir: string): { forRoute: (route: SpaRoute) => string; signedIn: string } | undefined {
  const manifestPath = path.join(webDistDir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestPath)) return undefined;
  const manifest: Record<string, ManifestChunk> = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const inIndexHtml = entryKey ? closure(entryKey) : new Set<string>();
  const entryCss = new Set(entryKey ? [...inIndexHtml].flatMap((key) => manifest[key]?.css ?? []) : []);
  const hintsFor = (modules: readonly string[], answerModules: readonly string[] = []): string => {
    const keys = new Set<string>();
    for (const module of modules) closure(module, keys);
    const answerKeys = new Set<string>();
    for (const module of answerModules) closure(module, answerKeys);
    const links: string[] = [];
    const css = new Set<string>();
    for (const key of new Set([...keys, ...answerKeys])) {
      if (inIndexHtml.has(key)) continue;
      const chunk = manifest[key]!;
      // The app checks its first answer at once when its modules were preloaded (web/src/lib/answer-modules.ts).
      const marker = keys.has(key) ? '' : ` ${ANSWER_MODULE_ATTRIBUTE}`;
      links.push(`<link rel="modulepreload" crossorigin href="/${chunk.file}"${marker}>`);
      for (const file of chunk.css ?? []) if (!entryCss.has(file)) css.add(file);
    }
    return [...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`), ...links].join('');
  };
  const byRoute = new Map(SPA_ROUTES.map((route) => [route, hintsFor([route.module], route.answerModules)]));
  return { forRoute: (route) => byRoute.get(route) ?? '', signedIn: hintsFor(SIGNED_IN_MODULES) };
}

/**
 * `<link rel="preload" as="fetch">` for API paths the page will fetch at once, so their answers are on their way
 * while its scripts load. `crossorigin` (anonymous: same-origin credentials) matches the app's own same-origin
 * `fetch`, without which the browser would not use the preload and would ask again.
 */
export function dataPreloads(paths: readonly string[]): string {
  return paths.map((apiPath) => `<link rel="preload" as="fetch" crossorigin href="${apiPath.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`).join('');
}

/**
 * The signed-in user as an inert JSON element (`type="application/json"` is data, not script, so the CSP's
 * `script-src 'self'` allows it), or `null` for nobody signed in, so the app shows the right shell without
 * asking /api/auth/get-session first. `<`, `>`, `&` and the JS line separators are escaped: no text of the
 * user's (a name) can close the element or start markup.
 */
export function sessionBootstrapElement(user: BootstrapUser | null): string {
  const session = user && { user: { id: user.id, name: user.name, email: user.email, image: user.image, createdAt: user.createdAt.toISOString() } };
  const json = JSON.stringify(session).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="${SESSION_BOOTSTRAP_ID}">${json}</script>`;
}
