import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { apiPages } from './demo/api-pages.js';
import { demoApi } from './demo/dev-api.js';

// Paths from this file, so the root and the pages are found whichever folder Vite starts in. Vite's dependency
// scan resolves the inputs against the root: named as `demo/index.html` it found no page and said so at every start.
const root = fileURLToPath(new URL('./demo/', import.meta.url));

const servicePort = Number(process.env.SERVICE_PORT ?? 8787);
const serviceUrl = process.env.SERVICE_URL ?? `http://localhost:${servicePort}`;

/** The demo storefront and operator pages; `npm start` runs this beside the reference service. */
export default defineConfig({
  root,
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: '../dist-demo',
    emptyOutDir: true,
    rolldownOptions: {
      input: {
        index: resolve(root, 'index.html'),
        admin: resolve(root, 'admin.html'),
        api: resolve(root, 'api.html'),
      },
    },
  },
  plugins: [
    demoApi({ serviceUrl }),
    apiPages(),
    // The pages name the service with a placeholder, so the demo follows SERVICE_PORT / SERVICE_URL.
    {
      name: 'demo-service-url',
      transformIndexHtml: { order: 'pre', handler: (page: string) => page.replaceAll('%SERVICE_URL%', serviceUrl) },
    },
  ],
});
