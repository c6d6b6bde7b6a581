import { StorefrontError } from '../api/errors.js';

/**
 * Loads a chunk: code of an element that most pages never run, or run only after the shopper acts (the sign-in
 * flow). `load` is its `import()`, which the bundler turns into a file of its own beside the bundle. The browser
 * fetches it on first use and keeps it. A file that cannot be loaded (the network down, an integrity value that
 * does not match, a host that refuses the page's origin or sends another type) is a `chunk_unavailable`, shown with
 * the element's retry, which asks for it again (the HTML standard has a failed import tried again:
 * whatwg/html#10327), and a warning in the console that names the file, since the page's developer is the one who
 * can fix the hosting.
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    const file = addressIn(cause) ?? 'a file of the elements (the browser did not say which)';
    const message = `Could not load ${file} (network, integrity value, or hosting: CORS, MIME type, address).`;
    console.warn(`storefront-elements: ${message}`);
    throw new StorefrontError('chunk_unavailable', message, { cause });
  }
}

/** The address a browser names in a failed import's message (Chromium and Firefox do; Safari does not). */
function addressIn(cause: unknown): string | undefined {
  return /\b[a-z][a-z0-9+.-]*:\/\/\S+/i.exec(String(cause))?.[0];
}

/**
 * Starts loading a chunk ahead of its first use (a signed-out sign-in element connects, so the click finds the flow
 * there), through the same `import()`: the browser fetches it under the page's import map (its integrity values)
 * and Content Security Policy, as on first use, and keeps it for `loadChunk`. A failure here stays quiet: the
 * first use asks again, and says why when it fails too.
 */
export function preloadChunk(load: () => Promise<unknown>): void {
  load().catch(() => {});
}
