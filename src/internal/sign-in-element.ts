import { initialState, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { getAccountAuthenticationSettings, listOidcProfiles } from '../api/client.js';
import { StorefrontError } from '../api/errors.js';
import type { OidcProfile } from '../api/types.js';
import type { StartSignInOptions } from '../auth/sign-in.js';
import type { SignInTransaction } from '../auth/transaction.js';
import {
  type SignInCallback,
  clearCallbackFromLocation,
  defaultRedirectUri,
  takeCallbackFromLocation,
} from '../auth/callback.js';
import { handToOpener, openPopup } from '../auth/popup.js';
import type { ServerSession } from '../auth/server-session.js';
import type { MemberSession, SessionChange } from '../auth/session.js';
import {
  SessionExpiringEvent,
  SignInRedirectEvent,
  SignedInEvent,
  SignedOutEvent,
  type AccountSession,
  type SignedInDetail,
} from '../events.js';
import { navigation } from './navigation.js';
import { loadChunk, preloadChunk } from './chunks.js';
import { isServerSession } from './server-session-chunk.js';
import type { SharedSession } from './session-controller.js';
import { ShopperElement } from './shopper-element.js';
import { signInTeller } from './teller.js';
import { tellLasting } from './told-events.js';
import { renderError, renderLoading } from './status.js';
import { TRANSACTION_KEY_PREFIX, readStored, signedOutMarker, storeKey, writeStored } from './storage.js';
import { type Text, fill, fillNaming, formatTime } from './texts.js';
import { type SignInTexts, signInTexts } from './sign-in.texts.js';

/**
 * Starting and finishing a sign-in, and the sign-out at the identity provider: a chunk of its own, fetched as a
 * signed-out element connects (so the first click does not wait for the network) or the page is the callback.
 */
const importSignInFlow = () => import('./sign-in-flow.js');
const signInFlow = () => loadChunk(importSignInFlow);

/** The public configuration a sign-in needs: `meta.client_id` of the settings, and the OIDC profiles. */
export interface SignInOptions {
  authorizationClientId: string;
  profiles: OidcProfile[];
}

/** The options kept for the tab, when they are there in their shape (else a cold start). */
function keptOptions(key: string): SignInOptions | undefined {
  const value = readStored(key) as SignInOptions | undefined;
  return typeof value?.authorizationClientId === 'string' && Array.isArray(value.profiles) ? value : undefined;
}

/** The session end each session was warned of (`session-expiring`), so that one element of the page tells it. */
const warned = new WeakMap<SharedSession, string>();

/** What a sign-in's start may ask beyond the page's attributes: a renewal, and what to go back to after it. */
type SignInIntent = Pick<StartSignInOptions, 'renewal' | 'returnTo' | 'accountId'>;

/** Why the buttons are back, when the shopper did not sign out: said above them. */
type Notice = 'expired' | 'rejected' | 'cancelled';

/**
 * What the sign-in elements share (`<account-sign-in>`, `<account-menu>`): signing a shopper in through the store's
 * identity provider, finishing the sign-in the address bar brings back, the kept session, Sign out, and the events.
 * An element renders its own signed-in state and sign-in choices (`renderSignedIn`, `renderButtons`).
 */
export abstract class SignInElement<T extends SignInTexts = SignInTexts> extends ShopperElement<T> {
  /** Where the identity provider sends the shopper back; defaults to this page's address without query and hash. */
  @property({ attribute: 'redirect-uri' }) redirectUri = '';
  /** Forwarded to the identity provider as `display` (how the login is shown). */
  @property() display = '';
  /**
   * Forwarded to the identity provider as `prompt` on every sign-in (e.g. `login` to ask for the password again);
   * after a Sign out, `login` is added by itself.
   */
  @property() prompt = '';
  /** Forwarded to the identity provider as `ui_locales` (language of the login screen), e.g. `fr en`. */
  @property({ attribute: 'ui-locales' }) uiLocales = '';
  /**
   * How the identity provider is shown: `redirect` (the page leaves for it and comes back) or `popup` (a small
   * window; the page keeps its state; `redirect-uri` must be a page of this origin with `<account-sign-in>`).
   */
  @property() mode: 'redirect' | 'popup' = 'redirect';
  /**
   * What Sign out ends: `local` (the session in this browser's tabs) or `everywhere` (also the identity provider's
   * session, where it offers an end-session endpoint; the browser goes there and comes back to `redirect-uri`).
   */
  @property({ attribute: 'sign-out' }) signOutScope: 'local' | 'everywhere' = 'local';
  /**
   * How many seconds before the session ends `session-expiring` comes and "Stay signed in" shows (the session ends
   * when the chosen account's token expires, or the first of them before a choice).
   */
  @property({ attribute: 'expiring-before', type: Number }) expiringBefore = 300;

  /** The callback taken from the address bar, until base-url and client-id are there to finish it. */
  @state() private callback?: SignInCallback;
  /** The buttons' configuration known before the load under way: kept by the tab, or loaded earlier. */
  @state() private known?: SignInOptions;
  /** Why the buttons are back, when the shopper did not sign out. */
  @state() private notice?: Notice;
  /** The profile whose sign-in is being prepared. */
  @state() protected starting?: string;
  /** A sign-in that could not start or finish; replaces the buttons until retried. */
  @state() private failure?: StorefrontError;
  /** Another tab of the store is renewing the session: this one waits for its tokens. */
  @state() private renewingElsewhere = false;
  /** Wakes the element when the session is about to end. */
  #expiryTimer?: ReturnType<typeof setTimeout>;

  /** The settings and profiles, whenever the buttons are to be shown. */
  readonly #options = this.service.task({
    args: () => [...this.service.args, this.#wantsOptions()],
    task: async (_, { signal }): Promise<SignInOptions | typeof initialState> => {
      if (!this.#wantsOptions()) return initialState;
      this.#checkSetup();
      // with session-endpoint, none until the store server's session has loaded (the task runs again then)
      return this.service.connection() ? this.#loadOptions(signal) : initialState;
    },
    onComplete: (options) => (this.known = options),
    // with known buttons, a failed refresh changes nothing the shopper sees
    onError: (error) => this.known || this.reportError(error),
  });

  /** The settings and profiles, loaded and kept for the tab. */
  async #loadOptions(signal?: AbortSignal): Promise<SignInOptions> {
    const connection = this.service.connection()!;
    const settings = await getAccountAuthenticationSettings(connection, { signal });
    const realm = settings.relationships.authentication_realm.data.id;
    const profiles = await listOidcProfiles(connection, realm, { signal });
    const options: SignInOptions = { authorizationClientId: settings.meta.client_id, profiles };
    // a full or blocked storage keeps nothing: the buttons work, the next page loads them again; nor does a page
    // that keeps its session in memory
    const session = this.service.session;
    if (!session || isServerSession(session) || !session.inMemory) writeStored(this.#storeKey('options'), options);
    return options;
  }

  /** The exchange of the code the callback brought for account tokens. */
  readonly #exchange = this.service.task({
    autoRun: false,
    task: async ([callback]: [SignInCallback], { signal }) => {
      const connection = this.service.connection()!;
      // for a sign-in this tab started, the store's token is asked for while the chunk loads (a forged or
      // replayed callback sends nothing); its failure is the exchange's to report
      const { accessToken } = connection;
      const started = readStored(TRANSACTION_KEY_PREFIX + callback.state) as SignInTransaction | undefined;
      if (started && typeof accessToken === 'function') Promise.resolve(accessToken()).catch(() => {});
      const { completeSignIn, idpError, needsShopper } = await signInFlow();
      let signIn;
      try {
        signIn = await completeSignIn(callback, { connection, clientId: this.clientId, signal });
      } catch (error) {
        // what the identity provider answered, once the state checked out
        const answered = idpError(error);
        // a renewal the identity provider could not make without the shopper: its login form, for the same page
        if (started?.renewal && answered && needsShopper(answered)) {
          const { profileId, returnTo, accountId } = started;
          await this.#signInAs(profileId, { returnTo, accountId });
          return;
        }
        // a cancel at the identity provider: the buttons again, calmly
        if (answered === 'access_denied') this.notice = 'cancelled';
        throw error;
      }
      signal.throwIfAborted();
      return signIn;
    },
    onComplete: (signIn) => {
      if (!signIn) return;
      // a router that wrote back the address it rendered (as it hydrated) put the callback back
      clearCallbackFromLocation();
      // signed in again: the next sign-in may go without the password
      signedOutMarker(this.#storeKey('signed-out'), false);
      const session = this.service.session as MemberSession | undefined;
      void signInTeller.actAs(this, () => session?.signIn(signIn));
      this.focusButton();
      if (signIn.accountId) session?.select(signIn.accountId);
      // a renewal started on another page than the redirect URI's goes back there (the tab keeps the session)
      const back = signIn.returnTo && new URL(signIn.returnTo, location.href);
      if (back && back.origin === location.origin && back.href !== location.href) navigation.assign(back.href);
    },
    onError: (error) => {
      const reported = this.reportError(error);
      if (this.notice === 'cancelled') this.focusButton();
      else this.failure = reported;
    },
  });

  /**
   * Ends the session (as the Sign out button does), in every tab of the store; the next sign-in in this browser
   * asks for the password again. With `sign-out="everywhere"` the browser then ends the identity provider's
   * session too, where it offers that, and comes back to `redirect-uri`.
   */
  async signOut(): Promise<void> {
    const session = this.service.session;
    if (!session?.signedIn) return;
    if (isServerSession(session)) return this.#signOutOnServer(session);
    const { profileId } = session;
    signedOutMarker(this.#storeKey('signed-out'), true);
    void signInTeller.actAs(this, () => session.signOut());
    if (this.signOutScope !== 'everywhere') return;
    try {
      // the buttons load the profiles anyway
      await this.updateComplete;
      const { profiles } = this.known ?? ((await this.#options.taskComplete) as SignInOptions);
      const profile = profiles.find((candidate) => candidate.id === profileId);
      if (!profile) return;
      const { endSessionUrl } = await signInFlow();
      const url = await endSessionUrl(profile, this.#redirectUri(), this.fetch);
      if (url) navigation.assign(url);
    } catch (error) {
      this.reportError(error);
    }
  }

  /**
   * Keeps the shopper signed in, as "Stay signed in" does: signs in again through the identity provider they signed
   * in with, by a top-level redirect with `prompt=none` (no frame, which browsers now keep from the identity
   * provider's cookies), back to this page and account. Where the identity provider's session has ended, its login
   * form shows. One tab of the store renews; the others take its new tokens.
   */
  async renew(): Promise<void> {
    const session = this.service.session;
    if (!session?.signedIn) return;
    const accountId = session.selectedAccount?.accountId;
    if (isServerSession(session)) {
      return session.signIn(this, '', { prompt: 'none' }, (url) => navigation.assign(url));
    }
    const { claimRenewal } = await signInFlow();
    if (!(await claimRenewal(this.#storeKey('renewal')))) {
      this.renewingElsewhere = true;
      return;
    }
    await this.#signInAs(session.profileId, { renewal: true, returnTo: location.href, accountId });
  }

  /** Starts a sign-in through the profile named (the first one, when it is not the store's any more). */
  async #signInAs(profileId: string | undefined, intent: SignInIntent): Promise<void> {
    try {
      const { authorizationClientId, profiles } = this.known ?? (await this.#loadOptions());
      const profile = profiles.find((candidate) => candidate.id === profileId) ?? profiles[0];
      if (profile) await this.start(profile, authorizationClientId, intent);
    } catch (error) {
      this.failure = this.reportError(error);
    }
  }

  /** Signs out on the store's server, and at the identity provider too with `sign-out="everywhere"`. */
  async #signOutOnServer(session: ServerSession): Promise<void> {
    try {
      const endSession = await signInTeller.actAs(this, () =>
        session.signOut('user', this.signOutScope === 'everywhere'),
      );
      if (endSession) navigation.assign(endSession);
    } catch (error) {
      this.reportError(error);
    }
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Read (and cleared from the address bar) at once, so a second element or a reload never sees it again. In a
    // sign-in window it goes to the page that opened it, which finishes the sign-in.
    const callback = takeCallbackFromLocation();
    if (callback && !handToOpener(callback)) {
      this.callback = callback;
      this.failure = undefined;
      this.#preload();
    }
    // signed out, the element is about to show its sign-in buttons: the flow comes with the page rather than once
    // they show, a round trip later (the store server's sign-in leaves the page and needs none of it)
    if (!this.sessionEndpoint && !this.service.session?.signedIn) this.#preload();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('baseUrl') || changed.has('clientId') || changed.has('sessionEndpoint')) {
      this.known = keptOptions(this.#storeKey('options'));
    }
    // Finished here rather than on connecting: a host may set base-url and client-id after connecting.
    const callback = this.callback;
    if (callback && this.baseUrl && this.clientId) {
      this.callback = undefined;
      void this.#exchange.run([callback]);
    }
  }

  /**
   * The sign-in in force, as `signed-in` told it (`restored` included); undefined when signed out. A handler that
   * came after the event (a framework that attaches it late) reads the state here.
   */
  get session(): SignedInDetail | undefined {
    return this.service.session?.signedIn ? this.#told : undefined;
  }

  /** What the last `signed-in` of this session said. */
  #told?: SignedInDetail;

  protected override sessionChanged(change: SessionChange): void {
    // a sign-in the store's server could not finish: shown as one this element could not finish
    if (change.type === 'sign-in-failed') this.failure = this.reportError(change.error);
    if (change.type === 'signed-in') {
      const { accountMemberId, accounts, member } = this.service.session!;
      this.#told = {
        accountMemberId: accountMemberId!,
        accounts: [...accounts],
        member,
        ...(change.restored && { restored: true }),
      };
      // new tokens: from this tab's renewal, or another's
      this.renewingElsewhere = false;
    }
    if (change.type === 'signed-out') {
      const { reason } = change;
      this.notice = reason === 'expired' || reason === 'rejected' ? reason : undefined;
    }
    if (!/^signed-(in|out)$/.test(change.type) || !signInTeller.tells(this, change)) return;
    if (change.type === 'signed-in') {
      const told = this.#told!;
      tellLasting(
        this,
        () => new SignedInEvent({ ...told }),
        () => this.session === told,
      );
    } else if (change.type === 'signed-out') {
      this.dispatchEvent(new SignedOutEvent({ reason: change.reason }));
    }
  }

  /**
   * The key of what the tab keeps for this store: the buttons' configuration (`options`) and, in localStorage, the
   * marker that the shopper signed out (`signed-out`, never a token). The store is its server with
   * `session-endpoint`, else the service and client.
   */
  #storeKey(kind: 'options' | 'signed-out' | 'renewal'): string {
    return storeKey(kind, this.sessionEndpoint || this.baseUrl, this.clientId);
  }

  #redirectUri(): string {
    return this.redirectUri || defaultRedirectUri();
  }

  /** The buttons are wanted while nobody is signed in and no sign-in is being finished. */
  #wantsOptions(): boolean {
    return !this.#completing() && !this.service.session?.signedIn;
  }

  #completing(): boolean {
    return !!this.callback || this.#exchange.status === TaskStatus.PENDING;
  }

  #retry = (): void => {
    if (this.failure) this.failure = undefined;
    else void this.#options.run();
    this.focusButton();
  };

  /** Focus is to go to the sign-in button once it shows; until then it waits on the element's frame. */
  #wantsFocus = false;

  /**
   * The button just pressed is gone after the next render, or the page has just come back from the identity
   * provider: focus goes to the element (its sign-in button, its menu's button, or its frame) rather than stay on
   * the page's body, where a keyboard user would have to find their way back.
   */
  protected focusButton(): void {
    this.#wantsFocus = true;
    this.requestUpdate();
  }

  /** Whether this element has started loading the sign-in flow. */
  #preloaded = false;

  /** Starts loading the sign-in flow, once: the first click, or the callback, then finds it there. */
  #preload(): void {
    if (this.#preloaded) return;
    this.#preloaded = true;
    preloadChunk(importSignInFlow);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.#expiryTimer);
  }

  /** The account whose token ends the session: the chosen one, else the first to expire; undefined signed out. */
  #ending(): AccountSession | undefined {
    const session = this.service.session;
    if (!session?.signedIn) return;
    const byExpiry = [...session.accounts].sort((a, b) => Date.parse(a.expires) - Date.parse(b.expires));
    return session.selectedAccount ?? byExpiry[0];
  }

  /** How long until the session is about to end (`expiring-before` seconds ahead), in milliseconds. */
  #untilExpiring(account: AccountSession): number {
    return Date.parse(account.expires) - this.expiringBefore * 1000 - Date.now();
  }

  /**
   * Wakes the element when the session is about to end, and then tells the page, once a session and token: the first
   * element of the page to see it fires `session-expiring`.
   */
  #watchExpiry(): void {
    clearTimeout(this.#expiryTimer);
    const session = this.service.session!;
    const account = this.#ending();
    if (!account) return;
    const wait = this.#untilExpiring(account);
    // setTimeout waits at most 2^31-1 ms; a longer wait looks again then
    if (wait > 0) this.#expiryTimer = setTimeout(() => this.requestUpdate(), Math.min(wait, 2 ** 31 - 1));
    else if (warned.get(session) !== account.expires) {
      warned.set(session, account.expires);
      const { accountId, expires } = account;
      this.dispatchEvent(new SessionExpiringEvent({ accountId, expires }));
    }
  }

  protected override updated(): void {
    this.#watchExpiry();
    const root = this.renderRoot as ShadowRoot;
    // the buttons are shown (after a sign-out, say): the flow is fetched now; a page without them loads nothing more
    if (root.querySelector('[part~=button]')) this.#preload();
    if (!this.#wantsFocus) return;
    const base = root.querySelector<HTMLElement>('[part~=base]')!;
    const button = root.querySelector<HTMLElement>('[part~=button]:not([disabled]), [part~=trigger]');
    // focus that fell to the page, or waits on the frame, goes on; focus the shopper moved elsewhere stays there
    const waiting = root.activeElement === base || document.activeElement === document.body;
    if (waiting) (button ?? base).focus();
    // signed out, it waits on the frame for the buttons still loading; signed in, the frame is where it stays
    this.#wantsFocus = waiting && !button && !this.service.session?.signedIn;
  }

  protected async start(profile: OidcProfile, authorizationClientId: string, intent: SignInIntent = {}): Promise<void> {
    // opened at once, while the click still allows a window; a blocked one leaves the redirect
    const session = this.service.session;
    if (isServerSession(session)) {
      const { display, prompt, uiLocales } = this;
      return session.signIn(this, profile.id, { display, prompt, ui_locales: uiLocales }, (url) =>
        navigation.assign(url),
      );
    }
    // a renewal goes by a top-level redirect, which the identity provider's session cookies come with
    const popup = this.mode === 'popup' && !intent.renewal ? openPopup() : null;
    // after a session that expired, back to the page the shopper was on (a redirect URI's page may be another)
    if (this.notice === 'expired') intent = { returnTo: location.href, ...intent };
    this.starting = profile.id;
    this.notice = undefined;
    /** Drops the transaction of a sign-in that can never finish. */
    let abandon: (() => unknown) | undefined;
    try {
      const { startSignIn, popupResult, consumeTransaction } = await signInFlow();
      const { url, transaction } = await startSignIn({
        profile,
        authorizationClientId,
        clientId: this.clientId,
        baseUrl: this.baseUrl,
        redirectUri: this.#redirectUri(),
        display: this.display,
        prompt: this.prompt,
        uiLocales: this.uiLocales,
        loginAgain: signedOutMarker(this.#storeKey('signed-out')),
        ...intent,
      });
      abandon = () => consumeTransaction(transaction.state);
      const event = new SignInRedirectEvent({ profileId: profile.id, url });
      if (!this.dispatchEvent(event)) popup?.close();
      else if (!popup) navigation.assign(url);
      else {
        popup.location.href = url;
        void this.#exchange.run([await popupResult(popup)]);
      }
    } catch (error) {
      popup?.close();
      const reported = this.reportError(error);
      if (reported.code === 'popup_closed') {
        // the shopper changed their mind: this sign-in can never finish, and the button is there again
        abandon?.();
        this.focusButton();
      } else this.failure = reported;
    }
    this.starting = undefined;
  }

  /** The attributes sign-in needs that the page has not set. */
  #missing(): string[] {
    if (this.sessionEndpoint) return [];
    return Object.entries({ 'base-url': this.baseUrl, 'client-id': this.clientId })
      .filter(([, value]) => !value)
      .map(([name]) => name);
  }

  /**
   * Fails when the page's setup keeps sign-in from working, naming what to fix: an attribute, or a plain-http page.
   * The message, for the developer (the console and the event), is the element's English sentence for it.
   */
  #checkSetup(): void {
    const missing = this.#missing();
    if (missing[0]) {
      const message = fill(signInTexts.missingAttributesText, { count: missing.length, attributes: missing }, 'en');
      throw new StorefrontError('not_configured', message);
    }
    // browsers offer WebCrypto (which PKCE needs) on secure pages only; the store server's cookies need one too
    if (!crypto.subtle) throw new StorefrontError('insecure_context', signInTexts.insecureContextText);
  }

  /**
   * A failure of the options as the element shows it: a missing attribute is named in the element's language (the
   * event and the console keep the English message, for the developer).
   */
  #describe(error: unknown): unknown {
    const missing = this.#missing();
    return (error as StorefrontError).code === 'not_configured' && missing[0]
      ? this.fill(this.shownTexts.missingAttributesText, { count: missing.length, attributes: missing })
      : error;
  }

  override render(): TemplateResult {
    const session = this.service.session;
    const completing = this.#completing();
    const loading = !this.known && this.#options.status === TaskStatus.PENDING;
    return html`<div part="base" tabindex="-1" aria-busy=${completing || loading}>
      ${
        completing
          ? renderLoading(this.shownTexts.completingText)
          : this.failure
            ? renderError(this.failure, this.#retry, this.shownTexts, this)
            : session?.signedIn
              ? this.renderSignedIn(session)
              : [
                  this.#renderNotice(),
                  this.#options.render({
                    pending: () => this.renderButtons(this.known) ?? renderLoading(this.shownTexts.loadingText),
                    complete: (options) => this.renderButtons(options),
                    error: (error) =>
                      this.renderButtons(this.known) ??
                      renderError(this.#describe(error), this.#retry, this.shownTexts, this),
                  }),
                ]
      }
    </div>`;
  }

  /** Why the buttons are back, when the shopper did not sign out. */
  #renderNotice(): TemplateResult | typeof nothing {
    // each notice's sentence is named after it: expired, expiredText
    const text = this.notice && this.shownTexts[`${this.notice}Text`];
    return text ? html`<p part="message notice" role="status">${text}</p>` : nothing;
  }

  /** One button per profile, or the sentence of a store without any; nothing without options. */
  protected renderButtons(options?: SignInOptions): TemplateResult | undefined {
    if (!options) return;
    const { authorizationClientId, profiles } = options;
    if (!profiles.length)
      return html`<p part="message not-configured" role="status">${this.shownTexts.notConfiguredText}</p>`;
    return html`<div part="buttons" role="group" aria-label=${this.shownTexts.signInOptionsLabel}>
      ${profiles.map(
        (profile) =>
          html`<button
            part="button"
            class="primary"
            type="button"
            ?disabled=${!!this.starting}
            aria-busy=${this.starting === profile.id}
            @click=${() => this.start(profile, authorizationClientId)}
          >
            ${
              profile.name?.trim()
                ? this.fillNaming(this.shownTexts.signInLabel, { name: profile.name })
                : this.shownTexts.signInFallbackLabel
            }
          </button>`,
      )}
    </div>`;
  }

  /** A sentence with the names it mentions put in, each isolated from the words around it (see `fillNaming`). */
  protected fillNaming(text: Text, names: Record<string, string>): TemplateResult {
    return fillNaming(text, names, this.locale);
  }

  protected renderSignedIn(session: SharedSession): TemplateResult {
    const selected = session.selectedAccount;
    const count = session.accounts.length;
    return html`<div part="signed-in">
      <span part="status signed-in-as" role="status"
        >${
          selected
            ? this.fillNaming(this.shownTexts.signedInForText, { account: selected.accountName })
            : count > 1
              ? this.fill(this.shownTexts.signedInAccountsText, { count })
              : this.shownTexts.signedInText
        }</span
      >
      <button part="sign-out" type="button" @click=${() => (this.signOut(), this.focusButton())}>
        ${this.shownTexts.signOutLabel}
      </button>
      ${this.renderExpiring()}
    </div>`;
  }

  /** Once the session is about to end: when it ends, and "Stay signed in" (or that another tab renews it). */
  protected renderExpiring(): TemplateResult | typeof nothing {
    const account = this.#ending();
    if (!account || this.#untilExpiring(account) > 0) return nothing;
    const texts = this.shownTexts;
    return html`<p part="message expiring" role="status">
      ${
        this.renewingElsewhere
          ? texts.renewingElsewhereText
          : html`${this.fill(texts.expiringText, { time: formatTime(account.expires, this.locale) })}
              <button part="renew" type="button" @click=${() => this.renew()}>${texts.renewLabel}</button>`
      }
    </p>`;
  }
}
