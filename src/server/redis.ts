/**
 * `storefront-elements/server/redis`: sessions kept in Redis, for stores that run several servers or whose members
 * act for more accounts than a cookie holds. It takes the store's own node-redis client (`createClient()` of the
 * `redis` package, connected); the values it writes are sealed by the handler, so Redis holds no readable token.
 */
import type { SessionStore } from './types.js';

/** The part of a node-redis client (v4 or later) the store uses. */
export interface RedisClientLike {
  get(key: string): Promise<string | null | unknown>;
  set(key: string, value: string, options: { EX: number }): Promise<unknown>;
  del(key: string): Promise<unknown>;
}

export interface RedisSessionStoreOptions {
  /** Put before each session id; default `storefront:session:`. */
  keyPrefix?: string;
}

/**
 * A session store on `client`. Create the client with `disableOfflineQueue: true`, so that while Redis is down a
 * request fails at once (the handler answers 503) instead of waiting for it to come back, and give it an `error`
 * listener: without one, node-redis ends the process when the connection drops.
 */
export function redisSessionStore(
  client: RedisClientLike,
  { keyPrefix = 'storefront:session:' }: RedisSessionStoreOptions = {},
): SessionStore {
  return {
    async get(id) {
      const value = await client.get(keyPrefix + id);
      return typeof value === 'string' ? value : undefined;
    },
    async set(id, value, ttlSeconds) {
      await client.set(keyPrefix + id, value, { EX: Math.max(1, ttlSeconds) });
    },
    async delete(id) {
      await client.del(keyPrefix + id);
    },
  };
}
