import type { StorefrontClient, TokenSource } from '../api/client.js';

/** Renew a little before the service's expiry, so a token never expires in flight. */
const RENEW_MARGIN_MS = 30_000;

interface CachedToken {
  token: Promise<string>;
  expiresAt: number;
}

const cache = new Map<string, CachedToken>();

/**
 * A token source for the store's implicit grant: one token per service and client on the page, shared by
 * every element, fetched on first use and renewed once it nears expiry. A failed request is not cached.
 */
export function implicitTokenSource(client: StorefrontClient, clientId: string): TokenSource {
  const key = `${client.baseUrl} ${clientId}`;
  return () => {
    const cached = cache.get(key);
    if (cached && cached.expiresAt - RENEW_MARGIN_MS > Date.now()) return cached.token;
    const entry: CachedToken = {
      expiresAt: Number.POSITIVE_INFINITY,
      token: client.requestImplicitToken(clientId).then(
        (answer) => {
          entry.expiresAt = Date.now() + answer.expires_in * 1000;
          return answer.access_token;
        },
        (error: unknown) => {
          cache.delete(key);
          throw error;
        },
      ),
    };
    cache.set(key, entry);
    return entry.token;
  };
}

/** Drops every cached implicit token (after a 401, or in tests). */
export function forgetImplicitTokens(): void {
  cache.clear();
}
