import { defineConfig } from 'vite';
import { demoApi } from './demo/dev-api.js';

const servicePort = Number(process.env.SERVICE_PORT ?? 8787);
const serviceUrl = process.env.SERVICE_URL ?? `http://localhost:${servicePort}`;

/** The demo storefront and operator pages; `npm start` runs this beside the reference service. */
export default defineConfig({
  root: 'demo',
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: '../dist-demo',
    emptyOutDir: true,
    rolldownOptions: { input: { index: 'demo/index.html', admin: 'demo/admin.html' } },
  },
  plugins: [
    demoApi({ serviceUrl }),
    // The pages name the service with a placeholder, so the demo follows SERVICE_PORT / SERVICE_URL.
    {
      name: 'demo-service-url',
      transformIndexHtml: { order: 'pre', handler: (page: string) => page.replaceAll('%SERVICE_URL%', serviceUrl) },
    },
  ],
});
