/**
 * Sealing: a value encrypted and authenticated with the handler's keys, as a compact JWE (`dir`, `A256GCM`) made
 * and opened by jose, so no format of our own. Each purpose (the session, a sign-in transaction, a stored session)
 * is the JWE's audience, so a value sealed for one is refused as another.
 */
import { EncryptJWT, base64url, jwtDecrypt, type JWTPayload } from 'jose';

export type SealPurpose = 'session' | 'session-id' | 'sign-in' | 'stored-session' | 'last-account';

export interface Sealer {
  /** `value` sealed for `purpose` until `expiresAt` (ms since the epoch), with the first key. */
  seal(purpose: SealPurpose, value: object, expiresAt: number): Promise<string>;
  /** The value sealed for `purpose`, or undefined when it is damaged, foreign, expired, or for another purpose. */
  open<T extends object>(purpose: SealPurpose, sealed: string | undefined): Promise<T | undefined>;
}

const MIN_KEY_BYTES = 32;
const encoder = new TextEncoder();

interface DerivedKey {
  id: string;
  key: Uint8Array;
}

/**
 * A secret turned into an AES-256 key with HKDF (Web Crypto), so a secret of any length and alphabet works; its id
 * (a hash of the key, not of the secret) names it in the JWE header.
 */
async function derive(bytes: Uint8Array): Promise<DerivedKey> {
  const material = await crypto.subtle.importKey('raw', bytes as BufferSource, 'HKDF', false, ['deriveBits']);
  const info = encoder.encode('storefront-elements session');
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(), info },
    material,
    256,
  );
  const key = new Uint8Array(bits);
  const id = base64url.encode(new Uint8Array(await crypto.subtle.digest('SHA-256', key)).slice(0, 9));
  return { id, key };
}

export function createSealer(secrets: ReadonlyArray<string | Uint8Array>): Sealer {
  if (!secrets?.length) throw new TypeError('The session handler needs at least one key.');
  const bytes = secrets.map((secret) => (typeof secret === 'string' ? encoder.encode(secret) : secret));
  if (bytes.some((key) => key.length < MIN_KEY_BYTES)) {
    throw new TypeError(`Each of the session keys must have at least ${MIN_KEY_BYTES} bytes.`);
  }
  const derived = Promise.all(bytes.map(derive));
  return {
    async seal(purpose, value, expiresAt) {
      const [{ id, key }] = await derived;
      return new EncryptJWT({ value } as JWTPayload)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM', kid: id })
        .setAudience(purpose)
        .setExpirationTime(Math.floor(expiresAt / 1000))
        .encrypt(key);
    },
    async open<T extends object>(purpose: SealPurpose, sealed: string | undefined) {
      if (!sealed) return;
      const keys = await derived;
      try {
        const { payload } = await jwtDecrypt(
          sealed,
          ({ kid }) => {
            const found = keys.find((candidate) => candidate.id === kid);
            if (!found) throw new Error('sealed with a key not listed');
            return found.key;
          },
          { audience: purpose, keyManagementAlgorithms: ['dir'], contentEncryptionAlgorithms: ['A256GCM'] },
        );
        const value = payload.value;
        return value && typeof value === 'object' ? (value as T) : undefined;
      } catch {
        return undefined;
      }
    },
  };
}
