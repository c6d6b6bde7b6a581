/**
 * `fetch` for what an identity provider publishes (its discovery document, its JWKS): an answer longer than
 * `maxBytes` is refused as it arrives, before it is all read or parsed, so a provider cannot make the service hold
 * hundreds of megabytes.
 */

/** The most a discovery document or a JWKS may take; real ones are a few kilobytes. */
export const MAX_DOCUMENT_BYTES = 256 * 1024;

export class DocumentTooLargeError extends Error {
  /** @param {string} url @param {number} maxBytes */
  constructor(url, maxBytes) {
    super(`${url} answered with more than ${maxBytes} bytes`);
    this.name = 'DocumentTooLargeError';
  }
}

/**
 * @param {number} [maxBytes]
 * @returns {typeof fetch}
 */
export function boundedFetch(maxBytes = MAX_DOCUMENT_BYTES) {
  return async (input, init) => {
    const response = await fetch(input, init);
    const url = response.url || String(input);
    if (Number(response.headers.get('content-length')) > maxBytes) {
      await response.body?.cancel();
      throw new DocumentTooLargeError(url, maxBytes);
    }
    const chunks = [];
    let length = 0;
    for await (const chunk of response.body ?? []) {
      length += chunk.byteLength;
      if (length > maxBytes) throw new DocumentTooLargeError(url, maxBytes);
      chunks.push(chunk);
    }
    const { status, statusText, headers } = response;
    return new Response(response.body ? Buffer.concat(chunks) : null, { status, statusText, headers });
  };
}
