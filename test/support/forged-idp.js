/**
 * An identity provider that says what a test makes it say: a discovery document, an authorization endpoint that
 * sends the browser straight back with a code (no login form), a token endpoint whose ID token carries the claims
 * and the signature the test sets, a JWKS and a UserInfo endpoint. The service's sign-in leg is checked against it:
 * what it believes of a provider's word, and what it refuses.
 */
import { createServer } from 'node:http';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';

/**
 * @typedef {{ claims?: Record<string, unknown>, userinfo?: Record<string, unknown>, signature?: 'valid' |
 *   'garbage' | 'other-key', discovery?: Record<string, unknown> }} ForgedAnswer
 *   `claims` over the ID token's usual ones (undefined removes one); `signature`: made with the key the JWKS
 *   lists, with another key, or bytes that are no signature; `discovery` over the document's fields
 */

/** @param {{ client_id: string, client_secret: string }} client */
export async function startForgedIdp(client) {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const other = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'forged-1', alg: 'RS256', use: 'sig' };
  /** @type {ForgedAnswer} */
  let answer = {};
  const counts = { discovery: 0, jwks: 0, token: 0 };
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (/** @type {unknown} */ body, status = 200) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      counts.discovery += 1;
      return json({
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        userinfo_endpoint: `${issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile'],
        claims_supported: ['sub', 'email', 'email_verified', 'name'],
        ...answer.discovery,
      });
    }
    if (url.pathname === '/authorize') {
      const back = new URL(/** @type {string} */ (url.searchParams.get('redirect_uri')));
      back.searchParams.set('code', 'forged-code');
      back.searchParams.set('state', /** @type {string} */ (url.searchParams.get('state')));
      res.writeHead(302, { location: back.href });
      return res.end();
    }
    if (url.pathname === '/jwks') {
      counts.jwks += 1;
      return json({ keys: [jwk] });
    }
    if (url.pathname === '/token') {
      counts.token += 1;
      // client_secret_basic: the id and secret, each form-encoded (RFC 6749, 2.3.1)
      const [id, secret] = Buffer.from(String(req.headers.authorization).replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':')
        .map((part) => decodeURIComponent(part.replaceAll('+', ' ')));
      if (id !== client.client_id || secret !== client.client_secret) return json({ error: 'invalid_client' }, 401);
      return json({ access_token: 'forged-access', token_type: 'Bearer', id_token: await idToken() });
    }
    if (url.pathname === '/userinfo') return json({ sub: 'forged-sub', ...answer.userinfo });
    json({ error: 'not_found' }, 404);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const issuer = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;

  async function idToken() {
    const now = Math.floor(Date.now() / 1000);
    const claims = Object.fromEntries(
      Object.entries({
        iss: issuer,
        sub: 'forged-sub',
        aud: client.client_id,
        iat: now,
        exp: now + 300,
        email: 'ada@example.com',
        email_verified: true,
        ...answer.claims,
      }).filter(([, value]) => value !== undefined),
    );
    const key = answer.signature === 'other-key' ? other.privateKey : privateKey;
    const token = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: jwk.kid }).sign(key);
    if (answer.signature !== 'garbage') return token;
    return `${token.slice(0, token.lastIndexOf('.'))}.${Buffer.from('not a signature').toString('base64url')}`;
  }

  return {
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    issuer,
    counts,
    /** What the next sign-ins are answered with. @param {ForgedAnswer} next */
    answer(next) {
      answer = next;
    },
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
