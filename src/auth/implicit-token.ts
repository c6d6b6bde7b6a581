import { requestImplicitToken } from '../api/client.js';
import type { Connection } from '../api/connection.js';
import { StorefrontError } from '../api/errors.js';

const cache = new Map<string, { token: Promise<string>; renewAt: number }>();

/**
 * A token source for the store's implicit grant: one token per service and client on the page, shared by
 * every element, fetched on first use and renewed 30 s before it expires (so it never expires in flight).
 * A failed request is not cached.
 */
export function implicitTokenSource(connection: Connection, clientId: string): () => Promise<string> {
  const { baseUrl } = connection;
  const key = baseUrl + ' ' + clientId;
  return () => {
    let entry = cache.get(key);
    if (!(entry && entry.renewAt > Date.now())) {
      const fresh = { renewAt: Infinity } as { token: Promise<string>; renewAt: number };
      fresh.token = requestImplicitToken(connection, clientId).then(
        (answer) => {
          fresh.renewAt = Date.now() + answer.expires_in * 1000 - 30_000;
          return answer.access_token;
        },
        (error: StorefrontError) => {
          cache.delete(key);
          throw explain(error, baseUrl, clientId);
        },
      );
      cache.set(key, (entry = fresh));
    }
    return entry.token;
  };
}

/**
 * The first call of every shopper element asks for this token, so its failure names the attribute to check: a
 * 401 (the store knows no such client) the `client-id`, a 404 (nothing answers there) the `base-url`.
 */
function explain(error: StorefrontError, baseUrl: string, clientId: string): StorefrontError {
  const { status } = error;
  const problem =
    status === 401
      ? `The store refused the client-id "${clientId}".`
      : status === 404 && `Nothing answers at ${baseUrl}/oauth/access_token: the base-url looks wrong.`;
  return problem
    ? new StorefrontError('not_configured', problem, { status, errors: error.errors, cause: error })
    : error;
}

/** Drops every cached implicit token (after a 401, or in tests). */
export function forgetImplicitTokens(): void {
  cache.clear();
}
