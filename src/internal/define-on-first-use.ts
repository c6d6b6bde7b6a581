import { StorefrontErrorEvent } from '../events.js';
import { loadChunk } from './chunks.js';

interface Definable {
  define(tag: string): void;
}

/** Tags whose class is fetched when an element of theirs first appears, with the fetch; defined tags leave. */
const waiting = new Map<string, () => Promise<Definable>>();
/** The fetches under way, by tag; a failed one leaves, so that the next appearance (or `discover`) asks again. */
const loading = new Map<string, Promise<void>>();

const observer =
  typeof MutationObserver === 'function'
    ? new MutationObserver((records) => {
        for (const { addedNodes } of records) for (const node of addedNodes) if (node instanceof Element) find(node);
      })
    : undefined;

/**
 * Registers `tag` with the class `load` fetches (a chunk of its own), once an element of that name is in the
 * document, now or later, or in a root given to `discover`. The browser then upgrades those elements, keeping the
 * properties a page set on them before. So a page that never shows the element never loads or runs its code.
 * Where nothing can be watched (a server), nothing is registered.
 */
export function defineOnFirstUse(tag: string, load: () => Promise<Definable>): void {
  if (!observer || typeof customElements !== 'object' || customElements.get(tag)) return;
  waiting.set(tag, load);
  void discover(document);
}

/**
 * Looks for elements that are registered on first use in `root` (the document unless given) and watches it for
 * more: needed for a shadow root of the page's own, which the document's watch does not see into. Resolves once the
 * elements found are registered; one whose code could not be loaded gets `storefront-error` (`chunk_unavailable`),
 * and a later call asks for the code again.
 */
export async function discover(root: Document | ShadowRoot | Element = document): Promise<void> {
  if (!waiting.size) return;
  observer?.observe(root, { childList: true, subtree: true });
  await Promise.all(find(root));
}

/**
 * The registrations of the waiting tags that `root` is or holds. It runs for every element a page adds while a tag
 * waits: one query per waiting tag, and no promise unless it finds one.
 */
function find(root: ParentNode): Promise<void>[] {
  const found: Promise<void>[] = [];
  for (const tag of waiting.keys()) {
    if ((root as Element).localName === tag || root.querySelector(tag)) found.push(register(tag, root));
  }
  return found;
}

function register(tag: string, root: ParentNode): Promise<void> {
  let registered = loading.get(tag);
  if (!registered) {
    registered = loadChunk(waiting.get(tag)!).then(
      (element) => {
        element.define(tag);
        waiting.delete(tag);
        if (!waiting.size) observer?.disconnect();
      },
      (error) => {
        loading.delete(tag);
        const found = [root, ...root.querySelectorAll(tag)].filter((node) => (node as Element).localName === tag);
        for (const element of found) element.dispatchEvent(new StorefrontErrorEvent(error));
      },
    );
    loading.set(tag, registered);
  }
  return registered;
}
