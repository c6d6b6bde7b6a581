// DEVELOPMENT ONLY: a route of the demo server that stands in for the store's own back end.
// POST /demo-api/operator-token performs the client-credentials grant on the server side, so the operator
// page gets a token while the client secret never reaches the browser. A real store does this in its back
// end, behind its own staff sign-in.

const OPERATOR_CLIENT_ID = process.env.OPERATOR_CLIENT_ID ?? 'admin';
const OPERATOR_CLIENT_SECRET = process.env.OPERATOR_CLIENT_SECRET ?? 'admin-secret';

/** @param {{ serviceUrl: string }} options */
export function demoApi({ serviceUrl }) {
  return {
    name: 'demo-api',
    /** @param {import('vite').ViteDevServer} server */
    configureServer(server) {
      server.middlewares.use('/demo-api/operator-token', async (req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        if (req.method !== 'POST') {
          res.statusCode = 405;
          res.end(JSON.stringify({ errors: [{ title: 'Method Not Allowed', status: '405' }] }));
          return;
        }
        try {
          const answer = await fetch(`${serviceUrl}/oauth/access_token`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({
              grant_type: 'client_credentials',
              client_id: OPERATOR_CLIENT_ID,
              client_secret: OPERATOR_CLIENT_SECRET,
            }),
          });
          const body = await answer.json();
          res.statusCode = answer.status;
          // Only the token and its lifetime go to the page.
          res.end(JSON.stringify(answer.ok ? { access_token: body.access_token, expires_in: body.expires_in } : body));
        } catch {
          res.statusCode = 502;
          res.end(
            JSON.stringify({
              errors: [
                {
                  title: 'Bad Gateway',
                  status: '502',
                  detail: `The reference service at ${serviceUrl} did not answer.`,
                },
              ],
            }),
          );
        }
      });
    },
  };
}
