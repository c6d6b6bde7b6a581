/**
 * HTTP routing of the service over node:http: one route table for the API, the sign-in leg and the
 * identity provider's login pages, CORS for the API, bearer authentication and the error envelope.
 * The rest of the identity provider (`/idp/...`, oidc-provider's own endpoints) is delegated to it.
 */
import { answerPreflight, applyCors } from './cors.js';
import {
  forbidden,
  HttpError,
  isAnswer,
  methodNotAllowed,
  notFound,
  shortened,
  toEnvelope,
  unauthorized,
} from './errors.js';
import { boundBody, clientAddress, DEFAULT_BODY_BOUNDS, escapeHtml, page, sendHtml, sendJson } from './util.js';
import { accountRoutes } from '../routes/accounts.js';
import { authRoutes } from '../routes/auth.js';
import { catalogRoutes } from '../routes/catalogs.js';
import { signInRoutes } from '../routes/sign-in.js';

/**
 * @typedef {import('../domain/tokens.js').TokenSubject} TokenSubject
 * @typedef {{
 *   store: import('../domain/store.js').Store,
 *   memberLists: import('../readers/member-lists.js').MemberLists,
 *   tokens: import('../domain/tokens.js').Tokens,
 *   baseUrl: string,
 *   issuer: string,
 *   signIn: import('../idp/sign-in.js').SignIn,
 *   idp: import('../idp/provider.js').EmbeddedIdp,
 *   rateLimits: import('./rate-limit.js').RateLimits,
 *   trustedProxies: import('node:net').BlockList | null,
 *   ready: boolean,
 *   log: (message: string) => void,
 * }} Service
 * @typedef {{
 *   req: import('node:http').IncomingMessage,
 *   res: import('node:http').ServerResponse,
 *   url: URL,
 *   params: Record<string, string>,
 *   base: string,
 *   client: string,
 *   service: Service,
 *   auth: (...kinds: Array<TokenSubject['kind']>) => Promise<TokenSubject>,
 * }} Ctx
 * @typedef {{ status: number, body: unknown, headers?: Record<string, string> } | void} RouteResult
 * @typedef {{
 *   method: string,
 *   path: string,
 *   handler: (ctx: Ctx) => Promise<RouteResult> | RouteResult,
 *   page?: string,
 *   body?: import('./util.js').BodyBounds,
 * }} Route a route; `page` (a heading) marks one a person's browser opens: no CORS, errors shown as a page;
 *   `body`: the largest body it reads and how deeply its JSON may nest (else {@link DEFAULT_BODY_BOUNDS})
 * @typedef {Route & { pattern: RegExp }} CompiledRoute
 */

/** Seconds a client is asked to wait when it calls before the service is ready. */
const STARTING_RETRY_AFTER = '1';

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
  ...signInRoutes,
].map((r) => ({ ...r, pattern: compile(r.path) }));

/** The identity provider's own endpoints, served by oidc-provider. */
const isIdpPath = (/** @type {string} */ path) => path === '/idp' || path.startsWith('/idp/');

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
  /** @type {CompiledRoute | undefined} */
  let route;
  try {
    if (!service.ready) {
      throw new HttpError(503, 'The service is starting; try again in a moment', {
        headers: { 'Retry-After': STARTING_RETRY_AFTER },
      });
    }
    const rawUrl = req.url ?? '/';
    // origin-form only; the target is appended (not resolved) so `//v2/x` stays a path, never a host name
    if (!rawUrl.startsWith('/')) throw new HttpError(400, 'The request address is not valid');
    /** @type {URL} */
    let url;
    try {
      url = new URL(`${service.baseUrl}${rawUrl}`);
    } catch {
      throw new HttpError(400, 'The request address is not valid');
    }
    const pathname = url.pathname;
    const matching = ROUTES.filter((r) => r.pattern.test(pathname));
    if (matching.length === 0 && isIdpPath(pathname)) {
      await service.idp.handle(req, res, clientAddress(req, service.trustedProxies));
      return;
    }
    if (req.method === 'OPTIONS') {
      answerPreflight(req, res);
      return;
    }
    if (matching.length === 0) throw notFound(`No resource at ${shortened(pathname)}`);
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    route = matching.find((r) => r.method === method);
    if (!route) {
      route = matching[0];
      throw methodNotAllowed([...new Set(matching.map((r) => r.method)), 'OPTIONS']);
    }
    if (!route.page) applyCors(res);
    boundBody(req, route.body ?? DEFAULT_BODY_BOUNDS);
    /** @type {Record<string, string>} */
    const params = {};
    for (const [k, v] of Object.entries(route.pattern.exec(pathname)?.groups ?? {})) {
      try {
        params[k] = decodeURIComponent(v);
      } catch {
        throw new HttpError(400, `The path segment ${k} is not valid`);
      }
    }
    /** @type {Ctx} */
    const ctx = {
      req,
      res,
      url,
      params,
      base: service.baseUrl,
      client: clientAddress(req, service.trustedProxies),
      service,
      auth: (...kinds) => authenticate(service, req, kinds),
    };
    const result = await route.handler(ctx);
    if (result && !res.headersSent) sendJson(res, result.status, result.body, result.headers);
  } catch (error) {
    if (!isAnswer(error)) service.log(`unexpected error: ${/** @type {Error} */ (error)?.stack ?? error}`);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    if (!route?.page) applyCors(res);
    sendError(req, res, error, route?.page);
  }
}

/**
 * Answers an error: the envelope, or, on a page a person's browser opened, a small HTML page saying it.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {unknown} error
 * @param {string} [heading] the page's heading, for routes that are pages
 */
function sendError(req, res, error, heading) {
  const { status, headers, body } = toEnvelope(error);
  if (heading && String(req.headers.accept ?? '').includes('text/html')) {
    for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    const detail = body.errors[0].detail ?? body.errors[0].title;
    sendHtml(res, status, page(heading, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(detail)}</p>`));
  } else {
    sendJson(res, status, body, headers);
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
