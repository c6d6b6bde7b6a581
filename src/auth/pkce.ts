/** PKCE (RFC 7636) values and the `state` of a sign-in request, made with oauth4webapi. */
import { calculatePKCECodeChallenge, generateRandomCodeVerifier, generateRandomState } from 'oauth4webapi';

export interface PkcePair {
  /** 43 characters of `[A-Za-z0-9-._~]`, from 32 random bytes (RFC 7636 section 4.1). */
  codeVerifier: string;
  /** BASE64URL(SHA-256(codeVerifier)) without padding (RFC 7636 section 4.2). */
  codeChallenge: string;
  codeChallengeMethod: 'S256';
}

/** A fresh code verifier and its S256 challenge. */
export async function createPkcePair(): Promise<PkcePair> {
  const codeVerifier = generateRandomCodeVerifier();
  const codeChallenge = await computeCodeChallenge(codeVerifier);
  return { codeVerifier, codeChallenge, codeChallengeMethod: 'S256' };
}

/** The S256 code challenge of a verifier. */
export function computeCodeChallenge(codeVerifier: string): Promise<string> {
  return calculatePKCECodeChallenge(codeVerifier);
}

/** A hard-to-guess value, unique per authorization request. */
export function createState(): string {
  return generateRandomState();
}
