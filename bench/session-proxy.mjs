// What the store server's proxy costs: a catalog list of the chosen account through the session handler (served by
// node:http with the package's middleware, as a store's Express server would) against the same list called directly
// with the tokens, in one run, the two taken in turns.
import { createServer } from 'node:http';
import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { createSessionHandler } from '../dist/server/index.js';
import { sessionMiddleware } from '../dist/server/node.js';
import { startService } from '../server/index.js';
import { ACCOUNTS } from '../test/support/fixtures.js';
import { accessToken } from '../test/support/service-client.js';
import { StoreBrowser, recordingFetch } from '../test/support/store-browser.js';
import { quantile, round } from './stats.mjs';

const ROUNDS = 300;

export async function benchSessionProxy() {
  const service = await startService({ port: 0, quiet: true });
  const recorder = recordingFetch();
  const handler = createSessionHandler({
    baseUrl: service.baseUrl,
    clientId: 'storefront',
    keys: ['bench-key-of-at-least-thirty-two-bytes'],
    fetch: recorder.fetch,
  });
  const middleware = sessionMiddleware(handler);
  const store = createServer((request, response) => void middleware(request, response));
  store.listen(0, '127.0.0.1');
  await once(store, 'listening');
  const origin = `http://localhost:${store.address().port}`;
  try {
    // a browser whose requests cross the store server's HTTP, as a page's do
    const browser = new StoreBrowser({ handle: (request) => fetch(request, { redirect: 'manual' }) }, origin);
    await browser.signIn('ada@example.com');
    await browser.choose(ACCOUNTS.harvard.id);
    const implicit = await accessToken(service.baseUrl, 'implicit');
    const direct = () =>
      fetch(`${service.baseUrl}/catalogs`, {
        headers: {
          'authorization': `Bearer ${implicit}`,
          'EP-Account-Management-Authentication-Token': recorder.byAccount.get(ACCOUNTS.harvard.id),
        },
      });
    const proxied = () => browser.request('/storefront/api/catalogs');
    const times = { direct: [], proxied: [] };
    for (let round = 0; round < ROUNDS + 20; round++) {
      for (const [name, call] of Object.entries({ direct, proxied })) {
        const start = performance.now();
        const response = await call();
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${name} catalog list answered ${response.status}`);
        // the first rounds warm both paths up
        if (round >= 20) times[name].push(performance.now() - start);
      }
    }
    const row = (name, q) => ({
      name: `catalog list ${name === 'direct' ? 'called directly' : 'through the proxy'}, p${q * 100}`,
      value: round(quantile(times[name], q), 2),
      unit: 'ms',
      note: `${ROUNDS} calls, in turns with the other`,
    });
    return [row('direct', 0.5), row('direct', 0.99), row('proxied', 0.5), row('proxied', 0.99)];
  } finally {
    store.close();
    await service.close();
  }
}
