import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { API_ERRORS } from '@fincrypt/domain';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errorBody } from '../errors.ts';

/**
 * Serves the built single-page app: hashed assets cached for a year, everything else revalidated,
 * and any non-API GET that is not a file answered with index.html so client routes survive reload.
 * Unknown /api paths get a JSON 404.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: { webDistDir: string }) => {
  const indexPath = path.join(options.webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
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
    const pathname = request.url.split('?')[0] ?? '';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApi;
    if (wantsPage && hasBuild) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.status(404).send(errorBody('NOT_FOUND', API_ERRORS.NOT_FOUND.messages.noRoute(request.method, pathname)));
  });
});
