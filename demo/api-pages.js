// The demo server's API pages: /api/<tag>.html serves api.html (one address per element, which is also where a
// sign-in started there comes back to), and /custom-elements.json the elements' manifest, analyzed from the
// sources once when `npm run build` has not written it yet.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const manifest = `${root}custom-elements.json`;

export function apiPages() {
  return {
    name: 'api-pages',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = new URL(req.url ?? '/', 'http://demo');
        if (/^\/api\/[a-z-]+\.html$/.test(url.pathname)) {
          req.url = `/api.html${url.search}`;
        } else if (url.pathname === '/custom-elements.json') {
          if (!existsSync(manifest)) spawnSync('npm', ['run', '--silent', 'analyze'], { cwd: root, stdio: 'inherit' });
          res.setHeader('Content-Type', 'application/json');
          res.end(readFileSync(manifest));
          return;
        }
        next();
      });
    },
  };
}
