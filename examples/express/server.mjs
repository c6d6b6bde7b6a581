// An Express store whose own server keeps the shopper's session (storefront-elements/server): it signs the shopper
// in, holds the account tokens, renders who is signed in and the chosen account's catalogs into the page, and
// answers the elements' `session-endpoint` routes under /storefront. No token ever reaches the page.
// On PORT (default 4322), for a service at STOREFRONT_BASE_URL (default the reference service of `npm start`).
// With REDIS_URL the sessions are kept in that Redis (any number of these servers can share it); ORIGIN is the
// store's public address, for servers behind a load balancer or proxy.
import process from 'node:process';
import { URL, fileURLToPath } from 'node:url';
import express from 'express';
import { createClient } from 'redis';
import { SessionStoreUnavailable, createSessionHandler } from 'storefront-elements/server';
import { sessionMiddleware, toFetchRequest } from 'storefront-elements/server/node';
import { redisSessionStore } from 'storefront-elements/server/redis';

const port = Number(process.env.PORT ?? 4322);
const baseUrl = process.env.STOREFRONT_BASE_URL ?? 'http://localhost:8787';
// the address shoppers open (`https://shop.example`); without it, each request's Host header makes it
const origin = process.env.ORIGIN || undefined;
// A fixed key, for trying the store on this machine only: a real store sets SESSION_KEYS to its own secret (at
// least 32 bytes, e.g. `openssl rand -base64 48`; a new key first, the old one after it while sessions it sealed
// last). Whoever knows the key can read and forge sessions.
const DEVELOPMENT_KEY = 'development key of storefront-example-express, never for production';
const keys = (process.env.SESSION_KEYS ?? '').split(',').filter(Boolean);
if (!keys.length && process.env.NODE_ENV === 'production') {
  throw new Error("Set SESSION_KEYS to the store's own secret: the development key is public.");
}

/**
 * With REDIS_URL, the session store: the cookie then names the session, and Redis holds it (sealed), so every
 * server of the store reads the same sessions and a member of many accounts fits. Without it, the whole session is
 * in its cookie.
 */
async function redisStore(url) {
  // no offline queue: while Redis is down a request fails at once (the session routes answer 503) instead of waiting
  const client = createClient({ url, disableOfflineQueue: true });
  // without an 'error' listener node-redis ends the process when Redis goes away; it reconnects by itself
  client.on('error', (error) => process.stderr.write(`redis: ${error}\n`));
  await client.connect();
  return redisSessionStore(client);
}

const sessions = createSessionHandler({
  baseUrl,
  clientId: 'storefront',
  keys: keys.length ? keys : [DEVELOPMENT_KEY],
  store: process.env.REDIS_URL ? await redisStore(process.env.REDIS_URL) : undefined,
});

const dist = fileURLToPath(new URL('./node_modules/storefront-elements/dist/', import.meta.url));
const publicDir = fileURLToPath(new URL('./public/', import.meta.url));

/** Text for HTML: element content and quoted attribute values alike. */
const escapeHtml = (value) =>
  String(value).replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );

const app = express();
app.disable('x-powered-by');

// every answer: scripts and styles from files of this origin only (no inline script or style anywhere)
app.use((req, res, next) => {
  res.set({
    'Content-Security-Policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'same-origin',
  });
  next();
});

// the elements' routes: /storefront/sign-in, /callback, /session, /account, /sign-out and the API proxy /api/...
// (in production give it the store's public address, ORIGIN: sessionMiddleware(sessions, { origin }))
app.use(sessionMiddleware(sessions, { origin }));

// the self-contained bundle with the chunks and languages it loads, as a CDN would serve them
app.get('/storefront-elements/storefront-elements.js', (req, res) =>
  res.sendFile('storefront-elements.js', { root: dist }),
);
app.get('/storefront-elements/host.css', (req, res) => res.sendFile('host.css', { root: dist }));
app.use('/storefront-elements/chunks', express.static(`${dist}chunks`, { index: false }));
app.use('/storefront-elements/locales', express.static(`${dist}locales`, { index: false }));
// the store's own stylesheet and script
app.use(express.static(publicDir, { index: false }));

/**
 * The names of the catalogs the chosen account may view (the API's first page), called with the account's token,
 * which stays on this server; undefined when the API refused or could not be reached (the page renders all the same).
 */
async function catalogNamesOf(request) {
  try {
    const answer = await sessions.accountFetch(request, '/catalogs');
    if (!answer.ok) {
      await answer.body?.cancel();
      return undefined;
    }
    const { data } = await answer.json();
    return data.map((catalog) => catalog.attributes.name);
  } catch (error) {
    process.stderr.write(`the account's catalogs could not be read: ${error}\n`);
    return undefined;
  }
}

app.get('/', async (req, res) => {
  const request = await toFetchRequest(req, origin);
  let session;
  try {
    session = await sessions.getSession(request);
  } catch (error) {
    if (!(error instanceof SessionStoreUnavailable)) throw error;
    // Redis cannot be reached: the page says so (never rendering a signed-in shopper as a guest), as the
    // elements' routes answer 503
    res.status(503).set({ 'Cache-Control': 'no-store', 'Retry-After': '5' });
    res.type('html').send(unavailablePage());
    return;
  }
  const account = session?.accounts?.find((candidate) => candidate.accountId === session.selectedAccountId);
  const catalogs = account ? await catalogNamesOf(request) : undefined;
  // the page says who is signed in: no cache may keep it
  res.set('Cache-Control', 'private, no-store');
  res.type('html').send(page(session, account, catalogs));
});

/** What the server renders for who is signed in and the account chosen, every value escaped. */
function shopperLines(session, account) {
  if (!session) return '<span id="member">Browsing as a guest</span>';
  // the member's name and email are there where the store's API lets a member read their own record
  const who = session.member?.name ?? session.member?.email;
  const shoppingFor = account ? `Shopping for ${escapeHtml(account.accountName)}` : 'No account chosen yet';
  return (
    `<span id="member">${who ? `Signed in as ${escapeHtml(who)}` : 'Signed in'}</span> ` +
    `<span id="shopping-for" data-account-id="${escapeHtml(account?.accountId ?? '')}">${shoppingFor}</span>`
  );
}

/** The chosen account's catalogs, rendered here: the page has them before any script runs. */
function accountCatalogs(session, account, catalogs) {
  if (!session) return '';
  let content = '<p>Choose the account you shop for to see its catalogs.</p>';
  if (account && !catalogs) content = `<p>The catalogs of ${escapeHtml(account.accountName)} could not be loaded.</p>`;
  if (account && catalogs) content = `<ul>${catalogs.map((name) => `<li>${escapeHtml(name)}</li>`).join('')}</ul>`;
  return `<section id="account-catalogs" aria-labelledby="account-catalogs-title">
          <h2 id="account-catalogs-title">Your account's catalogs</h2>
          ${content}
        </section>`;
}

function unavailablePage() {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Analytical Goods: try again shortly</title>
    <link rel="stylesheet" href="/store.css" />
  </head>
  <body>
    <main class="store-main">
      <p>The store cannot read your session right now. Please try again in a moment.</p>
    </main>
  </body>
</html>
`;
}

function page(session, account, catalogs) {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Analytical Goods: catalogs</title>
    <link rel="stylesheet" href="/store.css" />
    <link rel="stylesheet" href="/storefront-elements/host.css" />
    <script type="module" src="/storefront-elements/storefront-elements.js"></script>
    <script type="module" src="/store.js"></script>
  </head>
  <body>
    <header class="store-header">
      <strong class="store-name">Analytical Goods</strong>
      <p id="shopper">${shopperLines(session, account)}</p>
      <account-menu session-endpoint="/storefront"></account-menu>
    </header>
    <main class="store-main">
      <section>
        <h1>Catalogs</h1>
        <catalog-list session-endpoint="/storefront"></catalog-list>
      </section>
      <aside aria-label="Your account">
        <account-picker session-endpoint="/storefront"></account-picker>
        ${accountCatalogs(session, account, catalogs)}
      </aside>
    </main>
  </body>
</html>
`;
}

// on this machine only: open http://localhost, where browsers keep the session's `Secure` cookies over plain http
// (anywhere else the store is served over https)
app.listen(port, '127.0.0.1', (error) => {
  if (error) throw error;
  process.stdout.write(`Analytical Goods (Express, sessions on the server) at http://localhost:${port}/\n`);
});
