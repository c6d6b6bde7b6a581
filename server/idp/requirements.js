/**
 * The spec's requirements on a store's identity provider, as far as its discovery document shows them,
 * checked at start for each OIDC profile that points at an external provider (`discovery_url`). A field the
 * document leaves out takes its OpenID Connect default (OpenID Connect Discovery 1.0, section 3). What a
 * discovery document cannot show (the claims of a real ID token, a required nonce) is met at sign-in.
 */
import * as oauth from 'oauth4webapi';
import { isLoopback } from '../domain/loopback.js';
import { boundedFetch } from './bounded-fetch.js';

const WELL_KNOWN = '/.well-known/openid-configuration';

/** A profile the service refuses to start with; the message names the profile and the requirement. */
export class IdentityProviderError extends Error {
  /** @param {string[]} sentences one per profile that fails */
  constructor(sentences) {
    super(sentences.join('\n'));
    this.name = 'IdentityProviderError';
  }
}

/**
 * The identity provider's issuer, from a discovery address given with or without the well-known path.
 * @param {string} discoveryUrl
 */
export function issuerOf(discoveryUrl) {
  return new URL(discoveryUrl.endsWith(WELL_KNOWN) ? discoveryUrl.slice(0, -WELL_KNOWN.length) : discoveryUrl);
}

/**
 * Reads and checks an identity provider's discovery document (oauth4webapi: the issuer must be the address
 * it was read from).
 * @param {string} discoveryUrl
 * @param {number} timeoutMs
 * @returns {Promise<oauth.AuthorizationServer>}
 */
export async function discover(discoveryUrl, timeoutMs) {
  const issuer = issuerOf(discoveryUrl);
  const response = await oauth.discoveryRequest(issuer, {
    algorithm: 'oidc',
    signal: AbortSignal.timeout(timeoutMs),
    [oauth.allowInsecureRequests]: isLoopback(issuer.hostname),
    [oauth.customFetch]: boundedFetch(),
  });
  return oauth.processDiscoveryResponse(issuer, response);
}

/**
 * A requirement of the spec a document can fail, and what the document says instead.
 * @typedef {{ requirement: string, check: (as: oauth.AuthorizationServer) => string | null }} Requirement
 */

/**
 * @param {unknown} value
 * @param {string[]} fallback the OpenID Connect default when the document leaves the field out
 */
const listed = (value, fallback) => (Array.isArray(value) ? value.map(String) : fallback);

/**
 * @param {string} field
 * @param {string[]} values
 */
const says = (field, values) => `its discovery document lists ${field}: ${values.join(', ') || '(none)'}`;

/** The addresses of a discovery document the service calls or sends a browser to. */
const ENDPOINTS = /** @type {const} */ ([
  'authorization_endpoint',
  'token_endpoint',
  'userinfo_endpoint',
  'jwks_uri',
  'end_session_endpoint',
]);

/** What the signature of an ID token may be made with, for the service to read it (not `none`). */
const SIGNING = /^(RS|PS|ES)(256|384|512)$|^EdDSA$|^Ed25519$/;

/** @type {Requirement[]} */
const REQUIREMENTS = [
  {
    requirement: 'supports the client_secret_basic client authentication method',
    check(as) {
      const methods = listed(as.token_endpoint_auth_methods_supported, ['client_secret_basic']);
      return methods.includes('client_secret_basic') ? null : says('token_endpoint_auth_methods_supported', methods);
    },
  },
  {
    requirement: 'allows the Authorization Code Flow',
    check(as) {
      const responseTypes = listed(as.response_types_supported, []);
      if (!responseTypes.includes('code')) return says('response_types_supported', responseTypes);
      const grants = listed(as.grant_types_supported, ['authorization_code', 'implicit']);
      if (!grants.includes('authorization_code')) return says('grant_types_supported', grants);
      for (const field of /** @type {const} */ (['authorization_endpoint', 'token_endpoint'])) {
        if (typeof as[field] !== 'string') return `its discovery document has no ${field}`;
      }
      return null;
    },
  },
  {
    requirement: 'supports the email scope and returns an email for each user in the claims',
    check(as) {
      const scopes = listed(as.scopes_supported, ['email']);
      if (!scopes.includes('email')) return says('scopes_supported', scopes);
      const claims = listed(as.claims_supported, ['email']);
      return claims.includes('email') ? null : says('claims_supported', claims);
    },
  },
  {
    requirement: 'serves its endpoints over https (plain http only where it and they are on this machine)',
    check(as) {
      const local = isLoopback(new URL(as.issuer).hostname);
      for (const field of ENDPOINTS) {
        const url = typeof as[field] === 'string' ? new URL(/** @type {string} */ (as[field])) : undefined;
        if (url && url.protocol !== 'https:' && !(local && url.protocol === 'http:' && isLoopback(url.hostname))) {
          return `its discovery document gives ${field} ${url.href}`;
        }
      }
      return null;
    },
  },
  {
    requirement: 'does not encrypt the ID token or the UserInfo endpoint response',
    check(as) {
      const algorithms = listed(as.id_token_signing_alg_values_supported, ['RS256']);
      return algorithms.some((alg) => SIGNING.test(alg))
        ? null
        : `${says('id_token_signing_alg_values_supported', algorithms)}, no signature the service can read`;
    },
  },
];

/**
 * @param {{ name: string }} profile
 * @param {string} requirement
 * @param {string} instead
 */
const refusal = (profile, requirement, instead) =>
  `The OIDC profile "${profile.name}" cannot be used: the spec requires an identity provider that ${requirement}, ` +
  `and ${instead}.`;

/**
 * Why an external profile's identity provider fails the spec's requirements, or null when it meets those
 * its discovery document shows.
 * @param {{ name: string, discovery_url: string }} profile
 * @param {number} timeoutMs how long the discovery document may take
 * @returns {Promise<string | null>} a sentence naming the profile and the requirement
 */
export async function profileRefusal(profile, timeoutMs) {
  /** @type {oauth.AuthorizationServer} */
  let as;
  try {
    as = await discover(profile.discovery_url, timeoutMs);
  } catch (error) {
    return refusal(
      profile,
      'publishes an OpenID Connect Discovery document',
      `${profile.discovery_url} gave none (${reasonOf(error, timeoutMs)})`,
    );
  }
  return documentRefusal(profile, as);
}

/**
 * Why a discovery document fails the spec's requirements, or null.
 * @param {{ name: string }} profile
 * @param {oauth.AuthorizationServer} as
 */
function documentRefusal(profile, as) {
  for (const { requirement, check } of REQUIREMENTS) {
    const instead = check(as);
    if (instead) return refusal(profile, requirement, instead);
  }
  return null;
}

/**
 * Reads a profile's discovery document and checks it as at start, for a sign-in: the document may have changed
 * since (a token endpoint moved, client_secret_basic dropped). Throws an IdentityProviderError naming what fails.
 * @param {{ name: string }} profile
 * @param {string} discoveryUrl
 * @param {number} timeoutMs
 */
export async function checkedDiscovery(profile, discoveryUrl, timeoutMs) {
  const as = await discover(discoveryUrl, timeoutMs);
  const refused = documentRefusal(profile, as);
  if (refused) throw new IdentityProviderError([refused]);
  return as;
}

/**
 * Checks every external profile; refuses with one sentence per profile that fails.
 * @param {Array<{ name: string, embedded?: boolean, discovery_url: string | null }>} profiles
 * @param {number} timeoutMs
 * @throws {IdentityProviderError}
 */
export async function checkIdentityProviders(profiles, timeoutMs) {
  const external = profiles.flatMap((p) =>
    p.embedded || !p.discovery_url ? [] : [{ ...p, discovery_url: p.discovery_url }],
  );
  const refusals = await Promise.all(external.map((profile) => profileRefusal(profile, timeoutMs)));
  const sentences = refusals.filter((sentence) => sentence !== null);
  if (sentences.length) throw new IdentityProviderError(sentences);
}

/**
 * What went wrong reading a discovery document, in a few words.
 * @param {unknown} error
 * @param {number} timeoutMs
 */
function reasonOf(error, timeoutMs) {
  /** @type {string[]} */
  const reasons = [];
  for (let e = error; e instanceof Error; e = /** @type {Error} */ (e).cause) {
    if (e.name === 'TimeoutError') return `no answer within ${timeoutMs} ms`;
    const code = /** @type {NodeJS.ErrnoException} */ (e).code;
    reasons.push(code && !e.message.includes(code) ? `${e.message} (${code})` : e.message);
  }
  return reasons.at(-1) ?? String(error);
}
