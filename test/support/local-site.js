import { createServer } from 'node:http';

/**
 * @typedef {object} Answer
 * @property {string} type the content type
 * @property {string | Buffer} body
 * @property {Record<string, string>} [headers] more response headers (a Content-Security-Policy, ...)
 */

/**
 * A site for test pages on a free port of 127.0.0.1, so tests can run side by side: `route` gives the answer to a
 * path, or undefined for a 404. Nothing is cached, so every page sees the files as they are on disk.
 * @param {(url: URL) => Answer | undefined} route
 */
export async function startSite(route) {
  const server = createServer((request, response) => {
    const found = route(new URL(request.url ?? '/', 'http://127.0.0.1'));
    if (!found) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    response
      .writeHead(200, { 'content-type': `${found.type}; charset=utf-8`, 'cache-control': 'no-store', ...found.headers })
      .end(found.body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
