/**
 * What the service believes of an identity provider's ID token beyond oauth4webapi's checks of its claims (issuer,
 * an audience naming the client, expiry): its signature, made with a key of the provider's JWKS and an algorithm
 * of the allowlist (jose fetches the JWKS, bounded as the discovery document is, keeps it, and fetches it again for
 * a key it does not know: a provider's rotation); one audience, the profile's client id; `azp`, where given, that
 * client; `iat` no further ahead of the service's clock than a minute. And of what the token or UserInfo says of
 * the person: an email only as verified when `email_verified` is the boolean `true`, an email without spaces or
 * control characters, a name of a bounded length.
 */
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';
import { boundedFetch } from './bounded-fetch.js';

/** The signatures the service reads (never `none`, never a MAC made with the client's secret). */
export const ID_TOKEN_ALGORITHMS = [
  'RS256',
  'RS384',
  'RS512',
  'PS256',
  'PS384',
  'PS512',
  'ES256',
  'ES384',
  'ES512',
  'EdDSA',
];
/** How far a provider's clock may be ahead of the service's. */
const CLOCK_SKEW_S = 60;
/** The longest name the service keeps of a person; a longer one is cut. */
export const MAX_NAME_LENGTH = 200;
/** An email address as the fixtures take one: no spaces, no control characters, one `@` between two parts. */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+$/u;

/** An ID token the service does not believe; the message says why, for the log. */
export class IdTokenError extends Error {
  name = 'IdTokenError';
}

/**
 * A provider's JWKS as jose keeps it: fetched on first use (bounded, within `timeoutMs`), kept, and fetched again
 * for a key it does not know.
 * @param {string} jwksUri
 * @param {number} timeoutMs
 */
export function remoteKeySet(jwksUri, timeoutMs) {
  return createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: timeoutMs, [customFetch]: boundedFetch() });
}

/**
 * Checks the ID token's signature and the claims oauth4webapi leaves to the relying party; returns its claims.
 * @param {string} idToken
 * @param {{ issuer: string }} as
 * @param {string} clientId
 * @param {ReturnType<typeof remoteKeySet>} keySet the provider's JWKS
 */
export async function verifyIdToken(idToken, as, clientId, keySet) {
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keySet, {
      issuer: as.issuer,
      audience: clientId,
      algorithms: ID_TOKEN_ALGORITHMS,
      clockTolerance: CLOCK_SKEW_S,
    }));
  } catch (cause) {
    throw new IdTokenError(`the ID token's signature or claims did not check out: ${cause}`, { cause });
  }
  if (Array.isArray(payload.aud) && payload.aud.length !== 1) {
    throw new IdTokenError(`the ID token is meant for several audiences (${payload.aud.join(', ')})`);
  }
  if (payload.azp !== undefined && payload.azp !== clientId) {
    throw new IdTokenError(`the ID token was issued to another client (azp ${payload.azp})`);
  }
  if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_SKEW_S) {
    throw new IdTokenError(`the ID token says it was issued in the future (iat ${payload.iat})`);
  }
  return payload;
}

/**
 * Whether what the provider stated of the email verifies it: at least one `true`, and nothing other than `true`
 * (a string "false", a missing claim or `null` verifies nothing).
 * @param {unknown[]} stated `email_verified` of the ID token and, when it was asked, of UserInfo
 */
export function emailVerified(stated) {
  const given = stated.filter((value) => value !== undefined);
  return given.length > 0 && given.every((value) => value === true);
}

/** An email as the service takes one from a provider, or undefined. @param {unknown} email */
export function acceptedEmail(email) {
  return typeof email === 'string' && EMAIL.test(email) ? email : undefined;
}

/**
 * The name to keep of a person: trimmed, cut to its bound, or the email's local part without one.
 * @param {unknown} name
 * @param {string} email
 */
export function keptName(name, email) {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  return trimmed ? [...trimmed].slice(0, MAX_NAME_LENGTH).join('') : email.split('@')[0];
}
