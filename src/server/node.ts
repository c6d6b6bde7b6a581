/**
 * `storefront-elements/server/node`: the handler as middleware for Express, Connect or a plain `node:http` server.
 * It answers the paths under the handler's prefix and passes every other request on.
 */
import type { SessionHandler } from './types.js';

/** The part of Node's `IncomingMessage` the middleware reads (Express's request is one). */
export interface NodeRequest extends AsyncIterable<Uint8Array | string> {
  method?: string;
  url?: string;
  headers: Record<string, string | string[] | undefined>;
  /** Set by Node for a TLS connection. */
  socket?: { encrypted?: boolean };
}

/** The part of Node's `ServerResponse` the middleware writes (Express's response is one). */
export interface NodeResponse {
  statusCode: number;
  setHeader(name: string, value: string | string[]): unknown;
  end(body?: Uint8Array): unknown;
}

export interface NodeMiddlewareOptions {
  /**
   * The store's public origin (`https://shop.example`). Node sees no scheme or trusted host of its own: without
   * this, the request's `Host` header and the connection's TLS make it.
   */
  origin?: string;
}

/** The address of a Node request. */
function addressOf(request: NodeRequest, origin?: string): URL {
  const base = origin ?? `${request.socket?.encrypted ? 'https' : 'http'}://${request.headers.host ?? 'localhost'}`;
  return new URL(request.url ?? '/', base);
}

/**
 * The Fetch `Request` of a Node request, for `getSession` and `accountFetch` in a route of the store's own:
 * `handler.getSession(await toFetchRequest(req))`. Its body is read, for a request that has one.
 */
export async function toFetchRequest(request: NodeRequest, origin?: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  const method = request.method ?? 'GET';
  let body: Uint8Array | undefined;
  if (method !== 'GET' && method !== 'HEAD') {
    const parts: Uint8Array[] = [];
    for await (const part of request) parts.push(typeof part === 'string' ? new TextEncoder().encode(part) : part);
    body = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
    let offset = 0;
    for (const part of parts) body.set(part, (offset += part.length) - part.length);
  }
  return new Request(addressOf(request, origin), { method, headers, body: body as BodyInit | undefined });
}

/** Writes a Fetch `Response` to a Node response. */
export async function sendFetchResponse(response: Response, out: NodeResponse): Promise<void> {
  out.statusCode = response.status;
  const cookies = response.headers.getSetCookie();
  for (const [name, value] of response.headers) if (name !== 'set-cookie') out.setHeader(name, value);
  if (cookies.length) out.setHeader('set-cookie', cookies);
  out.end(new Uint8Array(await response.arrayBuffer()));
}

/** Middleware answering the handler's routes: `app.use(sessionMiddleware(handler))`. */
export function sessionMiddleware(handler: SessionHandler, { origin }: NodeMiddlewareOptions = {}) {
  return async (request: NodeRequest, response: NodeResponse, next?: (error?: unknown) => void): Promise<void> => {
    try {
      // any other request passes on with its body unread, for the store's own routes
      if (!handler.matches(new Request(addressOf(request, origin)))) {
        next?.();
        return;
      }
      await sendFetchResponse(await handler.handle(await toFetchRequest(request, origin)), response);
    } catch (error) {
      if (next) next(error);
      else {
        response.statusCode = 500;
        response.end();
      }
    }
  };
}
