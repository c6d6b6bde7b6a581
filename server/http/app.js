/**
 * HTTP routing of the service over node:http: CORS, bearer authentication, the route table and the
 * error envelope. The identity provider (`/idp/...`) and the sign-in leg (`/oidc/...`) are delegated.
 */
import { answerPreflight, applyCors } from './cors.js';
import { forbidden, HttpError, methodNotAllowed, notFound, toEnvelope, unauthorized } from './errors.js';
import { requestBase, sendJson } from './util.js';
import { accountRoutes } from '../routes/accounts.js';
import { authRoutes } from '../routes/auth.js';
import { catalogRoutes } from '../routes/catalogs.js';

/**
 * @typedef {import('../domain/tokens.js').TokenSubject} TokenSubject
 * @typedef {{
 *   store: import('../domain/store.js').Store,
 *   tokens: import('../domain/tokens.js').Tokens,
 *   baseUrl: string,
 *   issuer: string,
 *   signIn: import('../idp/sign-in.js').SignIn,
 *   idp: import('../idp/provider.js').EmbeddedIdp,
 *   log: (message: string) => void,
 * }} Service
 * @typedef {{
 *   req: import('node:http').IncomingMessage,
 *   res: import('node:http').ServerResponse,
 *   url: URL,
 *   params: Record<string, string>,
 *   base: string,
 *   service: Service,
 *   auth: (...kinds: Array<TokenSubject['kind']>) => Promise<TokenSubject>,
 * }} Ctx
 * @typedef {{ status: number, body: unknown, headers?: Record<string, string> } | void} RouteResult
 * @typedef {{ method: string, path: string, handler: (ctx: Ctx) => Promise<RouteResult> | RouteResult }} Route
 * @typedef {Route & { pattern: RegExp }} CompiledRoute
 */

/**
 * `/v2/accounts/:id/x` → a RegExp with named groups; a trailing `/?` in the path makes the slash optional.
 * @param {string} path
 */
function compile(path) {
  const source = path.replace(/[.]/g, '\\.').replace(/:([a-zA-Z]+)/g, (_, name) => `(?<${name}>[^/]+)`);
  return new RegExp(`^${source}$`);
}

/** @type {CompiledRoute[]} */
const ROUTES = [
  { method: 'GET', path: '/health', handler: () => ({ status: 200, body: { status: 'ok' } }) },
  ...authRoutes,
  ...accountRoutes,
  ...catalogRoutes,
].map((r) => ({ ...r, pattern: compile(r.path) }));

/**
 * Builds the request listener.
 * @param {Service} service
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void}
 */
export function createApp(service) {
  return (req, res) => {
    handle(service, req, res).catch((error) => {
      service.log(`unexpected error: ${error?.stack ?? error}`);
      if (!res.headersSent) {
        const { status, body } = toEnvelope(error);
        sendJson(res, status, body);
      } else {
        res.destroy();
      }
    });
  };
}

/**
 * @param {Service} service
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
async function handle(service, req, res) {
  const rawUrl = req.url ?? '/';
  const path = rawUrl.split('?')[0];
  if (path === '/idp' || path.startsWith('/idp/')) {
    await service.idp.handle(req, res);
    return;
  }
  if (path.startsWith('/oidc/')) {
    await service.signIn.handle(req, res);
    return;
  }

  if (req.method === 'OPTIONS') {
    answerPreflight(req, res);
    return;
  }
  applyCors(res);
  try {
    /** @type {URL} */
    let url;
    try {
      // origin-form only; the target is appended (not resolved) so `//v2/x` stays a path, never a host name
      if (!rawUrl.startsWith('/')) throw new Error('not origin-form');
      url = new URL(`http://service.invalid${rawUrl}`);
    } catch {
      throw new HttpError(400, 'The request address is not valid');
    }
    const base = requestBase(req, service.baseUrl);
    const pathname = url.pathname;
    const matching = ROUTES.filter((r) => r.pattern.test(pathname));
    if (matching.length === 0) throw notFound(`No resource at ${pathname}`);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    const route = matching.find((r) => r.method === method);
    if (!route) throw methodNotAllowed([...new Set(matching.map((r) => r.method)), 'OPTIONS']);
    /** @type {Record<string, string>} */
    const params = {};
    for (const [k, v] of Object.entries(route.pattern.exec(pathname)?.groups ?? {})) {
      try {
        params[k] = decodeURIComponent(v);
      } catch {
        throw new HttpError(400, `The path segment ${k} is not valid`);
      }
    }
    const fullUrl = new URL(`${base}${url.pathname}${url.search}`);
    /** @type {Ctx} */
    const ctx = {
      req,
      res,
      url: fullUrl,
      params,
      base,
      service,
      auth: (...kinds) => authenticate(service, req, kinds),
    };
    const result = await route.handler(ctx);
    if (result && !res.headersSent) sendJson(res, result.status, result.body, result.headers);
  } catch (error) {
    if (!(error instanceof HttpError)) service.log(`unexpected error: ${/** @type {Error} */ (error)?.stack ?? error}`);
    const { status, headers, body } = toEnvelope(error);
    if (!res.headersSent) sendJson(res, status, body, headers);
  }
}

const KIND_NAMES = {
  implicit: 'an implicit token',
  operator: 'a client credentials token',
  account: 'an account management token',
};

/** The header in which the vendor's API takes an account management token beside an implicit bearer. */
export const ACCOUNT_TOKEN_HEADER = 'ep-account-management-authentication-token';

/**
 * The caller: the bearer token, or, where the endpoint takes account tokens and the request carries the
 * account token header (the vendor's way), the account token of that header under a valid implicit bearer.
 * @param {Service} service
 * @param {import('node:http').IncomingMessage} req
 * @param {Array<TokenSubject['kind']>} kinds
 */
async function authenticate(service, req, kinds) {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match) throw unauthorized();
  const bearer = await service.tokens.verify(match[1]);
  if (!bearer) throw unauthorized();
  const accountHeader = req.headers[ACCOUNT_TOKEN_HEADER];
  let subject = bearer;
  if (accountHeader !== undefined && kinds.includes('account') && bearer.kind !== 'account') {
    const account = typeof accountHeader === 'string' ? await service.tokens.verify(accountHeader.trim()) : null;
    if (account?.kind !== 'account') throw unauthorized();
    subject = account;
  }
  if (!kinds.includes(subject.kind)) {
    const needed = kinds.map((k) => KIND_NAMES[k]).join(' or ');
    throw forbidden(`This endpoint does not accept ${KIND_NAMES[subject.kind]}; it needs ${needed}`);
  }
  return subject;
}
