/**
 * An element registered on first use (the catalog list in the self-contained file): its class is fetched once an
 * element of its tag is in the document, now or later, or in a root handed to `discover`, and never before. Each
 * test has tags of its own, as a registered tag stays registered.
 */
import { expect, waitUntil } from '@open-wc/testing';
import { defineOnFirstUse, discover } from '../../../src/internal/define-on-first-use.js';
import type { StorefrontErrorEvent } from '../../../src/events.js';

let tags = 0;

/** A tag of its own, a class for it, and how often its class was asked for. */
function lazyElement(fails = 0) {
  const tag = `lazy-element-${++tags}`;
  const loads: number[] = [];
  class Lazy extends HTMLElement {
    static define(name: string) {
      customElements.define(name, this);
    }
  }
  const load = async () => {
    loads.push(loads.length);
    if (loads.length <= fails)
      throw new TypeError(`Failed to fetch dynamically imported module: ${location.origin}/chunks/${tag}.js`);
    return Lazy;
  };
  return { tag, loads, load, Lazy };
}

const cleanUp: Element[] = [];
afterEach(() => cleanUp.splice(0).forEach((element) => element.remove()));

function add(html: string, parent: ParentNode = document.body): HTMLElement {
  const holder = document.createElement('div');
  holder.append(document.createRange().createContextualFragment(html));
  (parent as Element).append(holder);
  cleanUp.push(holder);
  return holder;
}

describe('an element registered on first use', () => {
  it('is not fetched while the page has none of its tag', async () => {
    const { tag, loads, load } = lazyElement();
    add('<other-element></other-element>');
    defineOnFirstUse(tag, load);
    await discover();
    expect(loads).to.deep.equal([]);
    expect(customElements.get(tag)).to.equal(undefined);
  });

  it('is fetched and registered when the page already has one', async () => {
    const { tag, loads, load, Lazy } = lazyElement();
    const holder = add(`<${tag}></${tag}>`);
    defineOnFirstUse(tag, load);
    await customElements.whenDefined(tag);
    expect(holder.querySelector(tag)).to.be.instanceOf(Lazy);
    expect(loads).to.deep.equal([0]);
  });

  it('is fetched once when the page adds elements of its tag later, deep in what it adds', async () => {
    const { tag, loads, load, Lazy } = lazyElement();
    defineOnFirstUse(tag, load);
    const first = add(`<section><p><${tag}></${tag}></p></section>`);
    const second = add(`<${tag}></${tag}>`);
    await customElements.whenDefined(tag);
    expect(first.querySelector(tag)).to.be.instanceOf(Lazy);
    expect(second.querySelector(tag)).to.be.instanceOf(Lazy);
    expect(loads).to.deep.equal([0]);
  });

  it("in a shadow root of the page's own, is found through discover(root), which also watches that root", async () => {
    const { tag, loads, load, Lazy } = lazyElement();
    defineOnFirstUse(tag, load);
    const host = add('<div></div>');
    const root = host.attachShadow({ mode: 'open' });
    root.append(document.createElement(tag));
    await discover();
    expect(loads, 'the document does not see into it').to.deep.equal([]);
    await discover(root);
    expect(root.querySelector(tag)).to.be.instanceOf(Lazy);

    const { tag: later, load: loadLater, Lazy: LaterClass } = lazyElement();
    defineOnFirstUse(later, loadLater);
    await discover(root);
    root.append(document.createElement(later));
    await customElements.whenDefined(later);
    expect(root.querySelector(later)).to.be.instanceOf(LaterClass);
  });

  it('whose class cannot be fetched: storefront-error (chunk_unavailable) on the element; the next one asks again', async () => {
    const { tag, loads, load, Lazy } = lazyElement(1);
    const errors: StorefrontErrorEvent[] = [];
    const listen = (event: Event) => errors.push(event as StorefrontErrorEvent);
    document.addEventListener('storefront-error', listen);
    try {
      const holder = add(`<${tag} id="first"></${tag}>`);
      defineOnFirstUse(tag, load);
      await waitUntil(() => errors.length === 1, 'the failure is told');
      expect((errors[0].target as Element).id).to.equal('first');
      expect(errors[0].detail.error.code).to.equal('chunk_unavailable');
      expect(errors[0].detail.error.message).to.contain(`${location.origin}/chunks/${tag}.js`);
      expect(customElements.get(tag)).to.equal(undefined);

      add(`<${tag}></${tag}>`);
      await customElements.whenDefined(tag);
      expect(holder.querySelector(tag), 'the first one too').to.be.instanceOf(Lazy);
      expect(loads).to.deep.equal([0, 1]);
      expect(errors.length).to.equal(1);
    } finally {
      document.removeEventListener('storefront-error', listen);
    }
  });
});
