/**
 * The store's server side of the elements (backend-for-frontend): it signs the shopper in, keeps the account
 * tokens in a sealed session, and answers the elements' `session-endpoint` routes under its prefix:
 * `GET sign-in`, `GET callback`, `GET session`, `POST account`, `POST sign-out` and the API proxy `api/...`.
 */
import { connect } from '../api/connection.js';
import { toStorefrontError } from '../api/errors.js';
import { endSessionUrl } from '../auth/end-session.js';
import { REQUEST_HEADER } from '../auth/server-session.js';
import { implicitTokenSource } from '../auth/implicit-token.js';
import { createAllowlist } from './allowlist.js';
import { createApiCall, forwardedInit, relay } from './api-proxy.js';
import {
  LAST_ACCOUNT_COOKIE,
  SIGNED_OUT_COOKIE,
  readCookie,
  removeCookie,
  serializeCookie,
  signInCookie,
} from './cookies.js';
import { continuePage, errorEnvelope, json, redirect } from './responses.js';
import { safeReturnPath, withErrorCode } from './return-path.js';
import { createSealer } from './seal.js';
import { SessionKeeper, SessionStoreUnavailable, SessionTooLarge, toView } from './session-keeper.js';
import {
  SIGN_IN_SECONDS,
  findProfile,
  finishSignIn,
  needsLoginForm,
  readTransaction,
  startSignIn,
} from './sign-in-flow.js';
import type { SessionHandler, SessionHandlerOptions } from './types.js';

/** A year: how long the notes that the shopper signed out, and of the account she chose last, are kept. */
const NOTE_SECONDS = 365 * 24 * 60 * 60;

/** The account a member chose last in this browser: ids only, sealed, never a token. */
interface LastAccount {
  memberId: string;
  accountId: string;
}

/** The largest JSON body the handler reads from a page. */
const MAX_BODY_BYTES = 4096;

/**
 * Whether a request that changes something comes from the store's own page: it carries `Storefront-Request: 1`
 * (which a page of another origin can only send after a CORS preflight this handler never allows), and where the
 * browser says where it comes from (`Origin`, `Sec-Fetch-Site`), that is the store's origin.
 */
function fromOwnPage(request: Request, origin: string): boolean {
  const site = request.headers.get('sec-fetch-site');
  const from = request.headers.get('origin');
  return request.headers.get(REQUEST_HEADER) === '1' && (!from || from === origin) && (!site || site === 'same-origin');
}

async function readJson(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.length > MAX_BODY_BYTES) return {};
  try {
    const body: unknown = JSON.parse(text || '{}');
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function createSessionHandler(options: SessionHandlerOptions): SessionHandler {
  const prefix = (options.prefix ?? '/storefront').replace(/\/+$/, '');
  const api = connect({ baseUrl: options.baseUrl, fetch: options.fetch });
  const sealer = createSealer(options.keys);
  const keeper = new SessionKeeper(sealer, options.store);
  const allowed = createAllowlist(options.allow);
  const implicitToken = implicitTokenSource(api, options.clientId);
  const withImplicitToken = { ...api, accessToken: implicitToken };
  const callApi = createApiCall(api, implicitToken);

  const originOf = (request: Request) => options.origin?.replace(/\/+$/, '') ?? new URL(request.url).origin;

  async function signIn(request: Request, url: URL, origin: string): Promise<Response> {
    const returnTo = safeReturnPath(url.searchParams.get('return_to'), origin);
    const param = (name: string) => url.searchParams.get(name) ?? undefined;
    try {
      const {
        url: location,
        state,
        transaction,
      } = await startSignIn(withImplicitToken, sealer, {
        // a renewal goes through the profile the shopper signed in with
        profileId: param('profile') || (await keeper.load(request)).session?.profileId,
        redirectUri: `${origin}${prefix}/callback`,
        returnTo,
        prompt: param('prompt'),
        uiLocales: param('ui_locales'),
        display: param('display'),
        loginAgain: !!readCookie(request, SIGNED_OUT_COOKIE),
      });
      const cookie = serializeCookie(signInCookie(state), transaction, { maxAge: SIGN_IN_SECONDS, sameSite: 'Lax' });
      return redirect(location, [cookie]);
    } catch (error) {
      return redirect(withErrorCode(returnTo, reportable(error)), []);
    }
  }

  async function callback(request: Request, url: URL): Promise<Response> {
    const transaction = await readTransaction(sealer, url, (name) => readCookie(request, name));
    if (!transaction) return continuePage(withErrorCode('/', 'state_mismatch'), []);
    const spent = removeCookie(signInCookie(transaction.state), 'Lax');
    try {
      const session = await finishSignIn(withImplicitToken, url, transaction);
      const last = await sealer.open<LastAccount>('last-account', readCookie(request, LAST_ACCOUNT_COOKIE));
      if (last?.memberId === session.member.id && session.accounts.some((a) => a.accountId === last.accountId)) {
        session.selectedAccountId = last.accountId;
      }
      // a session this browser held before ends with the new sign-in, where its cookie came along (a browser sends a
      // Strict cookie with the identity provider's redirect only when that provider is of the store's own site)
      await keeper.destroy((await keeper.load(request)).id);
      const cookie = await keeper.save(session);
      return continuePage(transaction.returnTo, [spent, cookie, removeCookie(SIGNED_OUT_COOKIE)]);
    } catch (error) {
      if (needsLoginForm(transaction, error)) {
        const again = new URLSearchParams({ profile: transaction.profileId, return_to: transaction.returnTo });
        return continuePage(`${prefix}/sign-in?${again}`, [spent]);
      }
      return continuePage(withErrorCode(transaction.returnTo, reportable(error)), [spent]);
    }
  }

  async function chooseAccount(request: Request): Promise<Response> {
    const { session, id } = await keeper.load(request);
    if (!session) return errorEnvelope(401, 'Unauthorized', 'Not signed in.');
    const { accountId } = await readJson(request);
    if (!session.accounts.some((account) => account.accountId === accountId)) {
      return errorEnvelope(404, 'Not Found', 'The member may not act for that account.');
    }
    const chosen = { ...session, selectedAccountId: accountId as string };
    const last: LastAccount = { memberId: session.member.id, accountId: chosen.selectedAccountId };
    const note = await sealer.seal('last-account', last, Date.now() + NOTE_SECONDS * 1000);
    return json(200, toView(chosen), [
      await keeper.save(chosen, id),
      serializeCookie(LAST_ACCOUNT_COOKIE, note, { maxAge: NOTE_SECONDS }),
    ]);
  }

  async function signOut(request: Request, origin: string): Promise<Response> {
    const { session, id } = await keeper.load(request);
    const { everywhere, returnTo } = await readJson(request);
    const cookies = [await keeper.destroy(id), serializeCookie(SIGNED_OUT_COOKIE, '1', { maxAge: NOTE_SECONDS })];
    let endSession: string | undefined;
    if (everywhere === true && session?.profileId) {
      const back = origin + safeReturnPath(typeof returnTo === 'string' ? returnTo : '/', origin);
      try {
        const { profile } = await findProfile(withImplicitToken, session.profileId);
        endSession = await endSessionUrl(profile, back, options.fetch);
      } catch (error) {
        // signed out here all the same; the identity provider's session is the page's to end another time
        console.warn(`storefront-elements: could not end the identity provider's session: ${error}`);
      }
    }
    return json(200, { ...toView(undefined), ...(endSession ? { endSessionUrl: endSession } : {}) }, cookies);
  }

  async function proxy(request: Request, apiPath: string, url: URL, origin: string): Promise<Response> {
    if (!allowed(request.method, apiPath)) {
      return errorEnvelope(403, 'Forbidden', `${request.method} ${apiPath} is not allowed through this proxy.`);
    }
    const { session, id, ended } = await keeper.load(request);
    if (ended) {
      // the page still thinks it is signed in: a 401 tells it the session is over, as the API's own would
      const gone = await keeper.destroy(id);
      return errorEnvelope(401, 'Unauthorized', 'The session has ended; sign in again.', [gone]);
    }
    const account = session?.accounts.find((candidate) => candidate.accountId === session.selectedAccountId);
    let response: Response;
    try {
      response = await callApi(apiPath + url.search, await forwardedInit(request), account?.token);
    } catch {
      return errorEnvelope(502, 'Bad Gateway', 'The store API could not be reached.');
    }
    const relayed = await relay(response, api.baseUrl, `${origin}${prefix}/api`);
    if (response.status === 401 && account) {
      // the API refused the account's token: the session ends (every tab hears of it from the element)
      relayed.headers.append('set-cookie', await keeper.destroy(id));
    }
    return relayed;
  }

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const origin = originOf(request);
    const path = url.pathname.slice(prefix.length + 1);
    const { method } = request;
    const get = method === 'GET' || method === 'HEAD';
    if (path.startsWith('api/')) {
      if (!fromOwnPage(request, origin)) return forbidden();
      return proxy(request, path.slice(3), url, origin);
    }
    switch (`${get ? 'GET' : method} ${path}`) {
      case 'GET sign-in':
        return signIn(request, url, origin);
      case 'GET callback':
        return callback(request, url);
      case 'GET session': {
        const { session, id, ended } = await keeper.load(request);
        // a cookie that names no live session goes
        return json(200, toView(session), ended ? [await keeper.destroy(id)] : []);
      }
      case 'POST account':
        return fromOwnPage(request, origin) ? chooseAccount(request) : forbidden();
      case 'POST sign-out':
        return fromOwnPage(request, origin) ? signOut(request, origin) : forbidden();
    }
    if (['sign-in', 'callback', 'session', 'account', 'sign-out'].includes(path)) {
      return errorEnvelope(405, 'Method Not Allowed');
    }
    return errorEnvelope(404, 'Not Found');
  }

  const matches = (request: Request) => new URL(request.url).pathname.startsWith(prefix + '/');

  return {
    matches,
    async handle(request) {
      if (!matches(request)) return errorEnvelope(404, 'Not Found');
      try {
        return await route(request);
      } catch (error) {
        if (error instanceof SessionStoreUnavailable) {
          return errorEnvelope(503, 'Service Unavailable', 'Sessions cannot be read right now; try again shortly.');
        }
        console.error('storefront-elements: session handler failed', error);
        return errorEnvelope(500, 'Internal Server Error', 'The request could not be processed.');
      }
    },
    async getSession(request) {
      const { session } = await keeper.load(request);
      return session ? toView(session) : null;
    },
    async accountFetch(request, path, init) {
      const { session } = await keeper.load(request);
      const account = session?.accounts.find((candidate) => candidate.accountId === session.selectedAccountId);
      if (!account) return errorEnvelope(401, 'Unauthorized', 'No account chosen.');
      return callApi(path.startsWith('/') ? path : `/${path}`, init, account.token);
    },
  };

  function forbidden(): Response {
    return errorEnvelope(403, 'Forbidden', `Only the store's own pages may call this, with ${REQUEST_HEADER}: 1.`);
  }

  /** The code the elements show for a failed sign-in; what the store's developer needs goes to the log. */
  function reportable(error: unknown): string {
    if (error instanceof SessionStoreUnavailable || error instanceof SessionTooLarge) {
      console.error(`storefront-elements: ${error.message}`);
      return error instanceof SessionTooLarge ? 'not_configured' : 'network_error';
    }
    const { code, message } = toStorefrontError(error);
    if (code !== 'idp_error' && code !== 'state_mismatch')
      console.warn(`storefront-elements: sign-in failed: ${message}`);
    return code;
  }
}
