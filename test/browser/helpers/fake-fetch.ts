/** A `fetch` stand-in for fault tests: records each call and answers with what the test scripts. */

export interface RecordedCall {
  url: string;
  method: string;
  headers: Headers;
  body: string | undefined;
  signal: AbortSignal | undefined;
}

export type FakeHandler = (call: RecordedCall) => Response | Promise<Response>;

export interface FakeFetch {
  fetch: typeof fetch;
  calls: RecordedCall[];
}

export function fakeFetch(handler: FakeHandler): FakeFetch {
  const calls: RecordedCall[] = [];
  const fn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call: RecordedCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  };
  return { fetch: fn as typeof fetch, calls };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A fetch that never answers until the request's signal aborts, then rejects as the browser's does. */
export function hangingFetch(): FakeFetch {
  return fakeFetch(
    (call) =>
      new Promise<Response>((_resolve, reject) => {
        const abort = () => reject(call.signal?.reason ?? new DOMException('aborted', 'AbortError'));
        if (call.signal?.aborted) abort();
        call.signal?.addEventListener('abort', abort, { once: true });
      }),
  );
}

/** Resolves with the rejection of `promise`; fails when it fulfils. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject, it fulfilled');
}
