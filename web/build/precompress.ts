import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below this, compression saves less than the headers it adds. */
const MIN_BYTES = 1024;

/**
 * Writes `file.br` and `file.gz` beside every compressible file of the build, once, at build time; the
 * server sends them to browsers that accept them (@fastify/static `preCompressed`), so no response is
 * compressed per request.
 */
export function precompress(): Plugin {
  return {
    name: 'fincrypt-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => COMPRESSIBLE.test(fileName))
          .map(async (fileName) => {
            const filePath = path.join(dir, fileName);
            const content = await fs.readFile(filePath);
            if (content.length < MIN_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
              gzipAsync(content, { level: 9 }),
            ]);
            await Promise.all([fs.writeFile(`${filePath}.br`, br), fs.writeFile(`${filePath}.gz`, gz)]);
          }),
      );
    },
  };
}
