import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
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
  },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
