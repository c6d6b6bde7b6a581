/**
 * Calls to the store's API on the member's behalf: the store's implicit token as the bearer and the chosen
 * account's token in `EP-Account-Management-Authentication-Token`, as the vendor's API reads them. What the page
 * gets back is the API's status and body, with the API's own links pointing at the proxy.
 */
import type { Connection } from '../api/connection.js';
import { ACCOUNT_TOKEN_HEADER } from '../api/http.js';
import { forgetImplicitTokens } from '../auth/implicit-token.js';

export type ApiCall = (pathAndQuery: string, init?: RequestInit, accountToken?: string) => Promise<Response>;

/**
 * A caller of the API at `api.baseUrl` with the store's implicit token (`implicitToken`, its cached source). An
 * implicit token the API refuses is dropped and asked for again, once, so a 401 that comes back is the account
 * token's.
 */
export function createApiCall(api: Connection, implicitToken: () => Promise<string>): ApiCall {
  const fetchApi = api.fetch ?? globalThis.fetch;
  return async (pathAndQuery, init = {}, accountToken) => {
    for (let attempt = 0; ; attempt++) {
      const headers = new Headers(init.headers);
      headers.set('authorization', `Bearer ${await implicitToken()}`);
      if (accountToken) headers.set(ACCOUNT_TOKEN_HEADER, accountToken);
      const response = await fetchApi(api.baseUrl + pathAndQuery, { ...init, headers, redirect: 'manual' });
      if (response.status !== 401 || attempt > 0) return response;
      await response.body?.cancel();
      forgetImplicitTokens();
    }
  };
}

/** Request headers a page may send through the proxy; anything else (its cookies first) stays behind. */
const FORWARDED = ['accept', 'accept-language', 'content-type'];

/** The page's request as the API call it asks for: its method, its few plain headers, its body. */
export async function forwardedInit(request: Request): Promise<RequestInit> {
  const headers = new Headers();
  for (const name of FORWARDED) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const body = /^(GET|HEAD)$/.test(request.method) ? undefined : await request.arrayBuffer();
  return { method: request.method, headers, body };
}

/**
 * The API's answer as the page gets it: status, content type and body; no header of the API's own (no cookie),
 * nothing a shared cache may keep. Addresses under `apiBase` in a JSON body are rewritten to `proxyBase`, so the
 * elements follow the API's links (`links.next`, a catalog's releases) through the proxy.
 */
export async function relay(response: Response, apiBase: string, proxyBase: string): Promise<Response> {
  const headers = new Headers({ 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
  const type = response.headers.get('content-type');
  if (type) headers.set('content-type', type);
  const { status } = response;
  if (!type || !/[/+]json\b/.test(type)) return new Response(response.body, { status, headers });
  const text = await response.text();
  const prefix = apiBase + '/';
  let body = text;
  try {
    body = JSON.stringify(JSON.parse(text), (_key, value: unknown) =>
      typeof value === 'string' && value.startsWith(prefix) ? proxyBase + value.slice(apiBase.length) : value,
    );
  } catch {
    // not JSON after all: passed on as it came, for the page to report
  }
  return new Response(body, { status, headers });
}
