/** PKCE (RFC 7636, S256) and the `state` of a sign-in request, made with oauth4webapi. */
import { calculatePKCECodeChallenge, generateRandomCodeVerifier } from 'oauth4webapi';

/** The S256 code challenge of a verifier: BASE64URL(SHA-256(verifier)) without padding. */
export { calculatePKCECodeChallenge as computeCodeChallenge } from 'oauth4webapi';
/** A hard-to-guess value, unique per authorization request. */
export { generateRandomState as createState } from 'oauth4webapi';

export interface PkcePair {
  /** 43 characters of `[A-Za-z0-9-._~]`, from 32 random bytes (RFC 7636 section 4.1). */
  codeVerifier: string;
  codeChallenge: string;
  codeChallengeMethod: 'S256';
}

/** A fresh code verifier and its S256 challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const codeVerifier = generateRandomCodeVerifier();
  return { codeVerifier, codeChallenge: await calculatePKCECodeChallenge(codeVerifier), codeChallengeMethod: 'S256' };
}
