/**
 * The session's life through <account-sign-in> and <account-picker>, against the reference service and its
 * identity provider: what a page hears when a session is made or comes back, what Sign out leaves behind (the next
 * sign-in asks for the password; "everywhere" ends the identity provider's session too), and a store that restarts.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { MemberSession } from '../../../src/auth/session.js';
import { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { AccountSignIn } from '../../../src/elements/account-sign-in/account-sign-in.js';
import type { SignedOutEvent, StorefrontErrorEvent } from '../../../src/events.js';
import { signedOutMarker } from '../../../src/internal/storage.js';
import { resetSessions } from '../helpers/page-state.js';
import { SERVICE_URL, resetService } from '../helpers/service.js';
import {
  REDIRECT_URI,
  cleanUpSignIn,
  finishSignIn,
  idpSignInWith,
  part,
  recordNavigation,
  renderPicker,
  renderSignIn,
  signInAs,
  startSignIn,
  waitForPart,
} from '../helpers/sign-in-flow.js';
import { loaded } from './catalog-list-helpers.js';

CatalogList.define();

type Heard = { type: string; restored?: boolean; reason?: string; name?: string };

/** The session events the document hears, in order, until `stop()`. */
function hear(): { heard: Heard[]; stop: () => void } {
  const heard: Heard[] = [];
  const names = ['signed-in', 'signed-out', 'account-selected'] as const;
  const listener = (event: Event) => {
    const detail = (event as CustomEvent).detail;
    heard.push({ type: event.type, restored: detail.restored, reason: detail.reason, name: detail.accountName });
  };
  for (const name of names) document.addEventListener(name, listener);
  return { heard, stop: () => names.forEach((name) => document.removeEventListener(name, listener)) };
}

const MARKER = `storefront-elements:signed-out:${SERVICE_URL} storefront`;

describe('the session lifecycle', function () {
  this.timeout(30000);

  before(resetService);
  afterEach(cleanUpSignIn);

  describe('restored sessions announce themselves', () => {
    it('a new sign-in of a one-account member: signed-in, then account-selected, neither restored', async () => {
      const { heard, stop } = hear();
      await renderPicker();
      await signInAs('grace@example.com');
      await waitUntil(() => heard.length >= 2, 'both events');
      stop();
      expect(heard).to.deep.equal([
        { type: 'signed-in', restored: undefined, reason: undefined, name: undefined },
        { type: 'account-selected', restored: undefined, reason: undefined, name: 'Harvard Computation Lab' },
      ]);
    });

    it('on a reload with a kept session: signed-in, then account-selected, both restored, once each', async () => {
      const { el } = await signInAs('ada@example.com');
      await waitForPart(el, 'sign-out');
      const ada = MemberSession.for('storefront');
      ada.select(ada.accounts[1].accountId);
      el.remove();
      // a reload: new session objects read what the tab kept
      resetSessions({ keepStorage: true });
      const { heard, stop } = hear();
      // the picker comes first in the page: the order of the events is the session's, not the page's
      const page = await fixture(
        html`<div>
          <account-picker client-id="storefront"></account-picker>
          <account-sign-in base-url=${SERVICE_URL} client-id="storefront"></account-sign-in>
        </div>`,
      );
      await waitForPart(page.querySelector('account-sign-in')!, 'sign-out');
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
      expect(heard).to.deep.equal([
        { type: 'signed-in', restored: true, reason: undefined, name: undefined },
        { type: 'account-selected', restored: true, reason: undefined, name: 'Harvard Computation Lab' },
      ]);
    });

    it('a session a tab kept from before a sign-out elsewhere (the tab was asleep) does not come back', async () => {
      const { el } = await signInAs('grace@example.com');
      el.remove();
      // another tab signed the shopper out while this one slept: its sign-out marker is there, its message was lost
      signedOutMarker(MARKER, true);
      resetSessions({ keepStorage: true });
      const { heard, stop } = hear();
      const again = await renderSignIn();
      await waitForPart(again, 'button');
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
      expect(heard).to.deep.equal([]);
      expect(sessionStorage.getItem('storefront-elements:session:storefront')).to.equal(null);
    });

    it('a reload with a kept session but no account chosen yet: signed-in alone', async () => {
      const { el } = await signInAs('ada@example.com');
      el.remove();
      resetSessions({ keepStorage: true });
      const { heard, stop } = hear();
      const again = await renderSignIn();
      await renderPicker();
      await waitForPart(again, 'sign-out');
      await new Promise((resolve) => setTimeout(resolve, 100));
      stop();
      expect(heard.map((event) => [event.type, event.restored])).to.deep.equal([['signed-in', true]]);
    });
  });

  describe('sign out means signed out', () => {
    it('the next sign-in after Sign out asks for the password, though the identity provider still knows the browser', async () => {
      // Ada signs in on a shared computer: the identity provider asks for her password and keeps a session
      const first = await idpSignInWith(
        'shared-pc',
        (await startSignIn(await renderSignIn())).detail.url,
        'ada@example.com',
      );
      expect(first.loginForm).to.equal(true);
      const { el } = await finishSignIn(first.url);
      expect(localStorage.getItem(MARKER), 'signed in: no, and the room a sign-out needs').to.equal('0');
      (await waitForPart(el, 'sign-out')).click();
      await waitForPart(el, 'button');
      expect(localStorage.getItem(MARKER), 'a marker, no token').to.equal('1');

      // the next person presses Sign in: the identity provider must ask again
      const next = (await startSignIn(el)).detail.url;
      const params = new URL(next).searchParams;
      expect(params.get('prompt')).to.equal('login');
      const second = await idpSignInWith('shared-pc', next, 'grace@example.com');
      expect(second.loginForm, 'the login form, not a silent sign-in as Ada').to.equal(true);
      const { el: grace, event } = await finishSignIn(second.url);
      expect(event.detail.accounts.map((a) => a.accountName)).to.deep.equal(['Harvard Computation Lab']);
      expect(localStorage.getItem(MARKER), 'signed in again: the marker says no').to.equal('0');
      expect(Object.keys(localStorage).filter((key) => key.startsWith('storefront-elements:'))).to.deep.equal([MARKER]);

      // without the marker the identity provider would have signed the last person in silently
      await grace.signOut();
      localStorage.removeItem(MARKER);
      const silent = await idpSignInWith('shared-pc', (await startSignIn(grace)).detail.url, 'nobody@example.com');
      expect(silent.loginForm).to.equal(false);
    });

    it('keeps the prompt attribute on every sign-in, adding login after a sign-out', async () => {
      const el = await renderSignIn({ prompt: 'consent' });
      expect(new URL((await startSignIn(el)).detail.url).searchParams.get('prompt')).to.equal('consent');
      signedOutMarker(MARKER, true);
      expect(new URL((await startSignIn(el)).detail.url).searchParams.get('prompt')).to.equal('consent login');
      el.prompt = 'none';
      expect(new URL((await startSignIn(el)).detail.url).searchParams.get('prompt')).to.equal('login');
    });

    it('sign-out="everywhere" ends the identity provider\'s session and comes back to the page', async () => {
      const visited = recordNavigation();
      const start = (await startSignIn(await renderSignIn())).detail.url;
      const { url } = await idpSignInWith('everywhere-pc', start, 'ada@example.com');
      const { el } = await finishSignIn(url, { signOut: 'everywhere' });
      const signedOut = new Promise<SignedOutEvent>((resolve) =>
        el.addEventListener('signed-out', (e) => resolve(e as SignedOutEvent), { once: true }),
      );
      (await waitForPart(el, 'sign-out')).click();
      expect((await signedOut).detail.reason).to.equal('user');
      await waitUntil(() => visited.length, 'the page leaves for the identity provider');
      const end = new URL(visited[0]);
      expect(`${end.origin}${end.pathname}`).to.equal(`${SERVICE_URL}/idp/session/end`);
      expect(end.searchParams.get('client_id'), "the profile's client at the identity provider").to.be.a('string');
      expect(end.searchParams.get('post_logout_redirect_uri')).to.equal(REDIRECT_URI);
      expect(MemberSession.for('storefront').signedIn, 'signed out here before leaving').to.equal(false);

      // the identity provider asks, the shopper confirms, the browser comes back to the page
      const back = await executeServerCommand('idp-end-session', { url: visited[0], browser: 'everywhere-pc' });
      expect(back).to.equal(REDIRECT_URI);
      localStorage.removeItem(MARKER);
      const again = (await startSignIn(el)).detail.url;
      expect((await idpSignInWith('everywhere-pc', again, 'ada@example.com')).loginForm).to.equal(true);
    });

    it('sign-out="everywhere" with an identity provider that offers no end-session endpoint signs out here only', async () => {
      const visited = recordNavigation();
      const { el } = await signInAs('grace@example.com', { signOut: 'everywhere' });
      // another identity provider: its discovery document names no end_session_endpoint
      el.fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith('/.well-known/openid-configuration')) return response;
        const metadata = await response.json();
        delete metadata.end_session_endpoint;
        return new Response(JSON.stringify(metadata), { headers: { 'Content-Type': 'application/json' } });
      };
      const errors: StorefrontErrorEvent[] = [];
      el.addEventListener('storefront-error', (e) => errors.push(e as StorefrontErrorEvent));
      await el.signOut();
      expect(visited).to.deep.equal([]);
      expect(errors).to.deep.equal([]);
      expect(MemberSession.for('storefront').signedIn).to.equal(false);
    });

    it('sign-out="everywhere" refuses a discovery document of another issuer', async () => {
      const visited = recordNavigation();
      const { el } = await signInAs('grace@example.com', { signOut: 'everywhere' });
      el.fetch = async (input, init) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith('/.well-known/openid-configuration')) return response;
        const metadata = { ...(await response.json()), issuer: 'https://idp.evil.example' };
        return new Response(JSON.stringify(metadata), { headers: { 'Content-Type': 'application/json' } });
      };
      const error = new Promise<StorefrontErrorEvent>((resolve) =>
        el.addEventListener('storefront-error', (e) => resolve(e as StorefrontErrorEvent), { once: true }),
      );
      await el.signOut();
      expect((await error).detail.error.code).to.equal('invalid_response');
      expect(visited).to.deep.equal([]);
      expect(MemberSession.for('storefront').signedIn, 'signed out here all the same').to.equal(false);
    });

    it('sign-out="everywhere" with the identity provider out of reach: network_error, signed out here', async () => {
      const visited = recordNavigation();
      const { el } = await signInAs('grace@example.com', { signOut: 'everywhere' });
      // a dropped connection, which the real identity provider does not produce on demand
      el.fetch = async (input, init) => {
        if (String(input).endsWith('/.well-known/openid-configuration')) throw new TypeError('Failed to fetch');
        return fetch(input, init);
      };
      const error = new Promise<StorefrontErrorEvent>((resolve) =>
        el.addEventListener('storefront-error', (e) => resolve(e as StorefrontErrorEvent), { once: true }),
      );
      await el.signOut();
      expect((await error).detail.error.code).to.equal('network_error');
      expect(visited).to.deep.equal([]);
      expect(MemberSession.for('storefront').signedIn, 'signed out here all the same').to.equal(false);
    });
  });

  describe('a store that restarts', () => {
    after(resetService);

    it('ends the session in every element (signed-out rejected), and the button works again', async () => {
      const { el } = await signInAs('grace@example.com');
      const page = await fixture<HTMLElement>(
        html`<div>
          <account-picker client-id="storefront"></account-picker>
          <catalog-list base-url=${SERVICE_URL} client-id="storefront"></catalog-list>
        </div>`,
      );
      const list = page.querySelector('catalog-list')!;
      await loaded(list);
      const { heard, stop } = hear();
      await executeServerCommand('restart-service');
      // the shopper (or the page) asks again: the old account token is refused
      list.reload();
      await waitUntil(() => heard.some((event) => event.type === 'signed-out'), 'signed-out', { timeout: 8000 });
      stop();
      expect(heard.filter((event) => event.type === 'signed-out')).to.deep.equal([
        { type: 'signed-out', restored: undefined, reason: 'rejected', name: undefined },
      ]);
      await waitForPart(el, 'button');
      expect(part(el, 'notice')?.textContent).to.equal('The store ended your session. Please sign in again.');
      expect(part(page.querySelector('account-picker')!, 'signed-out')).to.not.equal(null);
      await loaded(list);
      expect(part(list, 'error'), 'the store-wide catalogs, no dead end').to.equal(null);

      // and the button signs in against the restarted store
      const { event } = await signInAs('grace@example.com');
      expect(event.detail.accounts).to.have.length(1);
      (el as AccountSignIn).remove();
    });
  });
});
