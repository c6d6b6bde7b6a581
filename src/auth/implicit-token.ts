import type { StorefrontClient, TokenSource } from '../api/client.js';

const cache = new Map<string, { token: Promise<string>; renewAt: number }>();

/**
 * A token source for the store's implicit grant: one token per service and client on the page, shared by
 * every element, fetched on first use and renewed 30 s before it expires (so it never expires in flight).
 * A failed request is not cached.
 */
export function implicitTokenSource(client: StorefrontClient, clientId: string): TokenSource {
  const key = client.baseUrl + ' ' + clientId;
  return () => {
    let entry = cache.get(key);
    if (!(entry && entry.renewAt > Date.now())) {
      const fresh = { renewAt: Infinity } as { token: Promise<string>; renewAt: number };
      fresh.token = client.requestImplicitToken(clientId).then(
        (answer) => {
          fresh.renewAt = Date.now() + answer.expires_in * 1000 - 30_000;
          return answer.access_token;
        },
        (error) => {
          cache.delete(key);
          throw error;
        },
      );
      cache.set(key, (entry = fresh));
    }
    return entry.token;
  };
}

/** Drops every cached implicit token (after a 401, or in tests). */
export function forgetImplicitTokens(): void {
  cache.clear();
}
