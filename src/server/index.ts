/**
 * `storefront-elements/server`: the store's own server signs shoppers in and keeps their account tokens, so no
 * token ever reaches page script (the IETF browser-apps BCP's backend-for-frontend). Fetch and Web Crypto only:
 * it runs on Node, Deno, Bun and the edge runtimes. Adapters: `storefront-elements/server/node` (Express,
 * `node:http`) and `storefront-elements/server/next` (App Router route handlers); `storefront-elements/server/redis`
 * keeps sessions in Redis.
 */
export { createSessionHandler } from './handler.js';
export { REQUEST_HEADER } from '../auth/server-session.js';
export { DEFAULT_ALLOW } from './allowlist.js';
export { SessionStoreUnavailable } from './session-keeper.js';
export type { SessionHandler, SessionHandlerOptions, SessionStore, SessionView } from './types.js';
