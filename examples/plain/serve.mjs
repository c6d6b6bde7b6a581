// The store's pages and the package's dist/ (under /storefront-elements/, as a CDN would serve it), on
// PORT (default 4321), for a service at STOREFRONT_BASE_URL (default the reference service of `npm start`).
// A real store writes the addresses into its pages itself; this fills them in so the example runs anywhere.
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const port = Number(process.env.PORT ?? 4321);
const baseUrl = process.env.STOREFRONT_BASE_URL ?? 'http://localhost:8787';
const dist = new URL('./node_modules/storefront-elements/dist/', import.meta.url);

// the chunk's name changes with each build: integrity.json, which ships with the package, names every file
const integrity = JSON.parse(readFileSync(new URL('integrity.json', dist), 'utf8'));
const catalogListChunk = Object.keys(integrity).find((file) => /^chunks\/catalog-list-[\w-]+\.js$/.test(file));

const pages = { '/': 'index.html', '/index.html': 'index.html', '/product.html': 'product.html' };
const assets = { '/store.css': 'text/css', '/shopper.js': 'text/javascript' };
const types = { '.js': 'text/javascript', '.css': 'text/css' };

function answer(path) {
  if (pages[path]) {
    const page = readFileSync(new URL(pages[path], import.meta.url), 'utf8')
      .replaceAll('%STOREFRONT_BASE_URL%', baseUrl)
      .replaceAll('%CATALOG_LIST_CHUNK%', catalogListChunk);
    return { type: 'text/html', body: page };
  }
  if (assets[path]) return { type: assets[path], body: readFileSync(new URL(`.${path}`, import.meta.url)) };
  const file = /^\/storefront-elements\/((?:chunks\/|locales\/)?[\w-]+(\.js|\.css))$/.exec(path);
  if (file && existsSync(new URL(file[1], dist)))
    return { type: types[file[2]], body: readFileSync(new URL(file[1], dist)) };
  return undefined;
}

createServer((request, response) => {
  const found = answer(new URL(request.url ?? '/', 'http://store').pathname);
  response.writeHead(found ? 200 : 404, { 'Content-Type': found?.type ?? 'text/plain' });
  response.end(found?.body ?? 'Not found');
}).listen(port, '127.0.0.1', () => console.log(`Analytical Goods (plain HTML) at http://127.0.0.1:${port}/`));
