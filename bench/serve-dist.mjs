// A local server for the benchmarks' pages: the built files of dist/ (the entries, their chunks and the language
// files) by their own addresses, and each page of `pages` (path → HTML) at its path; any other path is `pages['/']`.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';

export function serveDist(pages) {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = /^\/((?:chunks\/|locales\/)?[\w-]+\.js)$/.exec(path)?.[1];
    if (file && existsSync(`dist/${file}`)) {
      res.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'max-age=3600' });
      res.end(readFileSync(`dist/${file}`));
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end(pages[path] ?? pages['/']);
    }
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}
