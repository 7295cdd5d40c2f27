import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, errorBody } from '../errors.ts';
import { type BootstrapUser, dataPreloads, readRouteHints, sessionBootstrapElement } from './spa-hints.ts';
import { type SpaRoute, firstDataOf, matchSpaRoute } from './spa-routes.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * and any non-API GET that is not a file answered with index.html so client routes survive reload.
 * Unknown /api paths and missing /assets/ files get a JSON 404.
 *
 * index.html goes out with what the page about to render needs named in its head: the route's chunks as
 * modulepreload (spa-hints.ts), the API answers its first render asks for as preloads, and the signed-in user (or that nobody is) as inert JSON, so the app neither
 * waits for its entry chunk to run before fetching the page's chunks nor for /api/auth/get-session before
 * showing the page. That HTML depends on the session cookie: it varies by Cookie, and with a user in it no
 * cache may keep it.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { webDistDir: string }) => {
  const indexPath = path.join(options.webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : '';
  const routeHints = hasBuild ? readRouteHints(options.webDistDir) : undefined;
  const loginRoute = matchSpaRoute('/login');
  const dashboardRoute = matchSpaRoute('/dashboard');

  /** The signed-in user, null for nobody; undefined when the session could not be read (the app then asks itself). */
  const userOf = async (request: FastifyRequest): Promise<BootstrapUser | null | undefined> => {
    try {
      await app.requireSession(request);
      return request.user;
    } catch (error) {
      if (error instanceof AppError && error.code === 'UNAUTHORIZED') return null;
      request.log.warn({ err: error }, 'index.html without the session: it could not be read');
      return undefined;
    }
  };

  /** The route that will render: a guarded page redirects a signed-out visitor to /login, and /login or /register a signed-in one to the dashboard. */
  const renderedRoute = (route: SpaRoute | undefined, user: BootstrapUser | null | undefined): SpaRoute | undefined => {
    if (!route || user === undefined) return route;
    if (route.isSignedIn && !user) return loginRoute;
    if (user && (route === loginRoute || route.path === '/register')) return dashboardRoute;
    return route;
  };

  const sendIndex = async (request: FastifyRequest, reply: FastifyReply, pathname: string, search: string) => {
    const user = await userOf(request);
    const addressed = matchSpaRoute(pathname);
    const route = renderedRoute(addressed, user);
    // A redirected visitor's page is another route's, at another address: its data is not this address's. A signed-in
    // page's data is named only for a user known to be signed in.
    const firstData = route && route === addressed && (user || !route.isSignedIn) ? firstDataOf(route, pathname, search) : [];
    const head = [
      route && routeHints ? routeHints.forRoute(route) : '',
      dataPreloads(firstData),
      user && routeHints ? routeHints.signedIn : '',
      user === undefined ? '' : sessionBootstrapElement(user),
    ].join('');
    reply.header('vary', 'Cookie');
    // A signed-in user's page names that user: no cache, shared or the browser's, may keep it.
    reply.header('cache-control', user ? 'private, no-store' : 'no-cache');
    // In the head when the build has one (a real build does); else at the end, where links and data are as valid.
    const html = indexHtml.includes('</head>') ? indexHtml.replace('</head>', `${head}</head>`) : `${indexHtml}${head}`;
    return reply.type('text/html; charset=utf-8').send(html);
  };
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: options.webDistDir,
      index: false,
      // The build writes .br and .gz beside each file (web/build/precompress.ts): sent to browsers that accept them.
      preCompressed: true,
      // Routes for the files present at start (a build is immutable), so other paths reach the SPA fallback.
      wildcard: false,
      setHeaders(reply, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir: options.webDistDir }, 'no web build found: only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const queryAt = request.url.indexOf('?');
    const pathname = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    // A missing script or style (an old page asking for a chunk of the build before) is a 404, not the page: the
    // browser would otherwise try to run HTML as a module.
    const isAsset = pathname.startsWith('/assets/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi && !isAsset;
    if (wantsPage && hasBuild) {
      return sendIndex(request, reply, pathname, search);
    }
    return reply.status(404).send(errorBody('NOT_FOUND', API_ERRORS.NOT_FOUND.messages.noRoute(request.method, pathname)));
  });
});
