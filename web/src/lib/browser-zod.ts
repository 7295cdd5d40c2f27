// What `import … from 'zod'` resolves to in the browser build (web/vite.config.ts aliases it here). zod's object
// schemas probe `new Function("")` when they are created, to decide whether to compile a fast parser; under the
// app's CSP (`script-src 'self'`) the probe is refused and logged as a violation, which costs Lighthouse's best
// practices. Setting jitless here, in the module every schema module imports, turns the probe off before any schema
// exists (ES modules run an import's body before its importer's). The server keeps zod's JIT.
import { config } from 'zod/v4/core';

config({ jitless: true });

export * from 'zod/v4';
