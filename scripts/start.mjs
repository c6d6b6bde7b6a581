// `npm start`: the reference service and the demo storefront in one command.
import { createServer } from 'vite';
import { startService } from '../server/index.js';

const servicePort = Number(process.env.SERVICE_PORT ?? 8787);
const demoPort = Number(process.env.PORT ?? 5173);
process.env.SERVICE_PORT = String(servicePort);

const service = await startService({ port: servicePort, host: 'localhost', quiet: true });
const demo = await createServer({ configFile: 'vite.config.ts', server: { port: demoPort } });
await demo.listen();

const demoUrl = `http://localhost:${demoPort}/`;
console.log(`
  storefront-elements demo

  Storefront   ${demoUrl}
  Operator     ${demoUrl}admin.html
  Service      ${service.baseUrl}   (identity provider: ${service.issuer})

  Sign in with any of these (password: password):
    ada@example.com     Ada Lovelace, member of two accounts: pick one, the catalogs change
    grace@example.com   Grace Hopper, member of one account: chosen for her
    linus@example.com   Linus Example, not yet in any account: see the explanation, then add him
                        to an account on the operator page and sign in again

  Press Ctrl-C to stop.
`);

async function stop() {
  await Promise.allSettled([demo.close(), service.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
