import { StorefrontError } from '../api/errors.js';

/**
 * Loads a chunk: code of an element that most pages never run, or run only after the shopper acts (the sign-in
 * flow). `load` is its `import()`, which the bundler turns into a file of its own beside the bundle. The browser
 * fetches it on first use and keeps it. A failed fetch (the network down) is a `network_error`, shown with the
 * element's retry, which asks for it again (a browser that keeps a failed module for the page's life, as Chromium
 * 150 does, needs a reload of the page: whatwg/html#10327 changed that).
 */
export async function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (cause) {
    throw new StorefrontError('network_error', `A chunk of the elements could not be loaded (${cause}).`, { cause });
  }
}
