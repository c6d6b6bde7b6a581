/**
 * `storefront-elements/server/next`: the handler as Next.js App Router route handlers. In
 * `app/storefront/[...path]/route.ts`: `export const { GET, POST } = sessionRoutes(handler);`
 */
import type { SessionHandler } from './types.js';

export function sessionRoutes(handler: SessionHandler): {
  GET: (request: Request) => Promise<Response>;
  POST: (request: Request) => Promise<Response>;
} {
  const route = (request: Request) => handler.handle(request);
  return { GET: route, POST: route };
}
