/**
 * Signing out at the identity provider too (OpenID Connect RP-Initiated Logout): the profile's identity
 * provider, found through its discovery document, may offer an `end_session_endpoint`.
 */
import { StorefrontError } from '../api/errors.js';
import { type FetchLike, send } from '../api/http.js';
import type { OidcProfile } from '../api/types.js';
import { checkSignInEndpoint } from './sign-in.js';

/**
 * The address that ends the browser's session at the profile's identity provider and sends it back to
 * `postLogoutRedirectUri`; undefined when the profile names no discovery document or the identity provider offers
 * no end-session endpoint. The discovery document must belong to the issuer it names (OpenID Connect Discovery,
 * section 4.3), and every address passes the checks of a sign-in address (`unsafe_endpoint`).
 */
export async function endSessionUrl(
  profile: OidcProfile,
  postLogoutRedirectUri: string,
  fetch?: FetchLike,
): Promise<string | undefined> {
  const discovery = profile.links['client-discovery-url'];
  if (!discovery) return;
  const pages = [location.href, postLogoutRedirectUri];
  const url = checkSignInEndpoint(discovery, pages).href;
  const metadata = (await send({ url, token: false, fetch })) as { issuer?: unknown; end_session_endpoint?: string };
  if (`${metadata.issuer}/.well-known/openid-configuration` != url) {
    throw new StorefrontError('invalid_response', `The discovery document at ${url} names another issuer.`);
  }
  const endpoint = metadata.end_session_endpoint;
  if (!endpoint) return;
  const end = checkSignInEndpoint(endpoint, pages);
  if (profile.client_id) end.searchParams.set('client_id', profile.client_id);
  end.searchParams.set('post_logout_redirect_uri', postLogoutRedirectUri);
  return end.href;
}
