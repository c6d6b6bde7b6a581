/**
 * Signing out at the identity provider too (OpenID Connect RP-Initiated Logout): the profile's identity
 * provider, found through its discovery document, may offer an `end_session_endpoint`.
 */
import {
  type HttpRequestOptions,
  allowInsecureRequests,
  customFetch,
  discoveryRequest,
  processDiscoveryResponse,
} from 'oauth4webapi';
import { StorefrontError } from '../api/errors.js';
import { type FetchLike, REQUEST_TIMEOUT_MS } from '../api/http.js';
import type { OidcProfile } from '../api/types.js';
import { checkSignInEndpoint } from './sign-in.js';

const DISCOVERY_PATH = '/.well-known/openid-configuration';

/**
 * The address that ends the browser's session at the profile's identity provider and sends it back to
 * `postLogoutRedirectUri`; undefined when the profile names no discovery document or the identity provider offers
 * no end-session endpoint. The document is read and checked by oauth4webapi: it must belong to the issuer its
 * address names (OpenID Connect Discovery, section 4.3). Every address passes the checks of a sign-in address
 * (`unsafe_endpoint`); a document that cannot be fetched within `timeoutMs` is a `network_error`, one that fails a
 * check an `invalid_response`.
 */
export async function endSessionUrl(
  profile: OidcProfile,
  postLogoutRedirectUri: string,
  fetch?: FetchLike,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<string | undefined> {
  const discovery = profile.links['client-discovery-url'];
  if (!discovery) return;
  // on a store's server there is no page: the address the identity provider returns to is the one checked
  const pages = [globalThis.location?.href, postLogoutRedirectUri];
  const url = checkSignInEndpoint(discovery, pages);
  if (!url.pathname.endsWith(DISCOVERY_PATH) || url.search || url.hash) {
    throw new StorefrontError('invalid_response', `${url.href} is not an OpenID Connect discovery address.`);
  }
  const issuer = new URL(url.href.slice(0, -DISCOVERY_PATH.length));
  const options: HttpRequestOptions<'GET'> = {
    [customFetch]: fetch as HttpRequestOptions<'GET'>[typeof customFetch],
    // checkSignInEndpoint allows plain http only on a loopback address, and only for a page that is plain http too
    [allowInsecureRequests]: issuer.protocol === 'http:',
    // the document and its reading, both: an identity provider that never answers is out of reach
    signal: AbortSignal.timeout(timeoutMs),
  };
  let response: Response;
  try {
    response = await discoveryRequest(issuer, { ...options, algorithm: 'oidc' });
  } catch (cause) {
    throw new StorefrontError('network_error', `Could not reach the identity provider at ${issuer.origin}.`, { cause });
  }
  let endpoint: string | undefined;
  try {
    endpoint = (await processDiscoveryResponse(issuer, response)).end_session_endpoint;
  } catch (cause) {
    throw new StorefrontError('invalid_response', `The discovery document at ${url.href} was refused.`, { cause });
  }
  if (!endpoint) return;
  const end = checkSignInEndpoint(endpoint, pages);
  if (profile.client_id) end.searchParams.set('client_id', profile.client_id);
  end.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
  return end.href;
}
