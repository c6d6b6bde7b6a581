import { Task, TaskStatus, initialState } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { StorefrontClient } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import type { FetchLike, TokenSource } from '../../api/http.js';
import type { AccountAuthenticationSettings, OidcProfile } from '../../api/types.js';
import { forgetImplicitTokens, implicitTokenSource } from '../../auth/implicit-token.js';
import type { SessionChange, SessionStorageMode } from '../../auth/session.js';
import {
  type SignInCallback,
  completeSignIn,
  defaultRedirectUri,
  startSignIn,
  takeCallbackFromLocation,
} from '../../auth/sign-in.js';
import { SignInRedirectEvent, SignedInEvent, SignedOutEvent } from '../../events.js';
import { fill } from '../shared/pager.js';
import { renderError, renderLoading } from '../shared/status.js';
import { StorefrontElement } from '../shared/storefront-element.js';
import { accountSignInStyles } from './account-sign-in.styles.js';
import { SessionController } from './session-controller.js';

interface SignInOptions {
  settings: AccountAuthenticationSettings;
  profiles: OidcProfile[];
}

/**
 * Signs a shopper in through the store's identity provider (OpenID Connect, Authorization Code Flow with PKCE
 * S256) and ends with account management tokens in the page's shared session. Shows one button per OIDC profile
 * of the store; when the page is the redirect URI, finishes the sign-in the address bar brings back.
 *
 * @summary Sign-in button(s) for the store's identity provider, and the signed-in state with "Sign out".
 *
 * @fires sign-in-redirect - Before leaving for the identity provider; `detail` is `{profileId, url}`. Cancelable: `preventDefault()` keeps the page.
 * @fires signed-in - The sign-in finished; `detail` is `{accountMemberId, accounts: [{accountId, accountName, token, expires}]}`.
 * @fires signed-out - The session ended; `detail.reason` is `user` (Sign out pressed) or `expired`.
 * @fires storefront-error - Something failed; `detail.error.code` is `state_mismatch`, `idp_error`, `unsafe_endpoint`, `http_error` (with `status`), `network_error`, `invalid_response` or `not_configured`.
 *
 * @csspart base - The wrapper; `aria-busy` while loading.
 * @csspart buttons - The group of sign-in buttons.
 * @csspart button - Each sign-in button (one per OIDC profile).
 * @csspart status - The signed-in line; also named `signed-in-as`.
 * @csspart signed-in-as - The signed-in line.
 * @csspart sign-out - The Sign out button.
 * @csspart message - A calm message: sign-in not configured (`not-configured`) or the session ended (`notice`).
 * @csspart loading - The loading status; `spinner` is its spinner and `loading-label` its text.
 * @csspart spinner - The spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart error-message - The text of an error.
 * @csspart retry - The retry button of an error.
 *
 * @cssproperty --storefront-color-text - Text colour.
 * @cssproperty --storefront-color-muted - Secondary text.
 * @cssproperty --storefront-color-surface - Background of the Sign out button.
 * @cssproperty --storefront-color-border - Borders.
 * @cssproperty --storefront-color-accent - Sign-in buttons.
 * @cssproperty --storefront-color-accent-text - Text on sign-in buttons.
 * @cssproperty --storefront-color-danger - Errors.
 * @cssproperty --storefront-color-focus - Focus ring.
 * @cssproperty --storefront-font-family - Font.
 * @cssproperty --storefront-font-size - Font size.
 * @cssproperty --storefront-radius - Corner radius.
 * @cssproperty --storefront-space - Spacing unit.
 */
export class AccountSignIn extends StorefrontElement {
  static override defaultTag = 'account-sign-in';
  static override styles = [...StorefrontElement.styles, accountSignInStyles];

  /** Address of the service, e.g. `https://useast.api.example.com`. */
  @property({ attribute: 'base-url' }) baseUrl = '';

  /** The store's client for the implicit grant; also names the session shared by the page's elements. */
  @property({ attribute: 'client-id' }) clientId = '';

  /** Where the identity provider sends the shopper back; defaults to this page's address without query and hash. */
  @property({ attribute: 'redirect-uri' }) redirectUri = '';

  /** Forwarded to the identity provider as `display` (how the login is shown). */
  @property() display = '';

  /** Forwarded to the identity provider as `prompt` (e.g. `login` to ask for the password again). */
  @property() prompt = '';

  /** Forwarded to the identity provider as `ui_locales` (language of the login screen), e.g. `fr en`. */
  @property({ attribute: 'ui-locales' }) uiLocales = '';

  /** Where the session is kept: `session` (sessionStorage, survives reloads of the tab) or `memory`. */
  @property() storage: SessionStorageMode = 'session';

  /**
   * A token (or a function, possibly async, returning one) for the settings, profiles and token requests,
   * instead of the store's implicit grant. Property only.
   */
  @property({ attribute: false }) accessToken?: TokenSource;

  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  @property({ attribute: false }) fetch?: FetchLike;

  /** Label of a sign-in button; `{name}` is the profile's name. */
  @property({ attribute: 'sign-in-label' }) signInLabel = 'Sign in with {name}';
  /** Label of a sign-in button for a profile without a name. */
  @property({ attribute: 'sign-in-fallback-label' }) signInFallbackLabel = 'Sign in';
  /** Label of the Sign out button. */
  @property({ attribute: 'sign-out-label' }) signOutLabel = 'Sign out';
  /** Accessible name of the group of sign-in buttons. */
  @property({ attribute: 'sign-in-options-label' }) signInOptionsLabel = 'Sign-in options';
  /** Signed in, no account chosen (or none). */
  @property({ attribute: 'signed-in-text' }) signedInText = 'Signed in';
  /** Signed in with several accounts and none chosen yet; `{count}` is their number. */
  @property({ attribute: 'signed-in-accounts-text' }) signedInAccountsText = 'Signed in · {count} accounts';
  /** Signed in with a chosen account; `{account}` is its name. */
  @property({ attribute: 'signed-in-for-text' }) signedInForText = 'Signed in for {account}';
  /** While the sign-in options load. */
  @property({ attribute: 'loading-text' }) loadingText = 'Loading sign-in options…';
  /** While the sign-in that came back is finished. */
  @property({ attribute: 'completing-text' }) completingText = 'Finishing sign-in…';
  /** The store has no OIDC profile. */
  @property({ attribute: 'not-configured-text' }) notConfiguredText =
    'Sign-in is not set up for this store yet.';
  /** After the session expired. */
  @property({ attribute: 'expired-text' }) expiredText = 'Your session has expired. Please sign in again.';
  /** Label of the retry button of an error. */
  @property({ attribute: 'retry-label' }) retryLabel = 'Try again';

  /** A failure of the sign-in that came back, or of starting one; replaces the buttons until retried. */
  @state() private _failure?: StorefrontError;
  /** The session ended by expiry; shown above the buttons. */
  @state() private _expired = false;
  /** The profile whose sign-in is being prepared. */
  @state() private _starting?: string;

  #pendingCallback?: SignInCallback;
  #abortedByDisconnect = false;

  readonly #session = new SessionController(this, {
    clientId: () => this.clientId,
    storage: () => (this.storage === 'memory' ? 'memory' : 'session'),
    onChange: (change) => this.#onSessionChange(change),
  });

  readonly #optionsTask = new Task(this, {
    task: async ([baseUrl, clientId, , , wanted], { signal }): Promise<SignInOptions | typeof initialState> => {
      if (!wanted || !baseUrl || !clientId) return initialState;
      try {
        const client = this.#client();
        const settings = await client.getAccountAuthenticationSettings({ signal });
        const profiles = await client.listOidcProfiles(settings.relationships.authentication_realm.data.id, {
          signal,
        });
        return { settings, profiles };
      } catch (error) {
        throw this.#fail(error, signal);
      }
    },
    args: () =>
      [this.baseUrl, this.clientId, this.accessToken, this.fetch, this.#wantsOptions()] as const,
  });

  readonly #callbackTask = new Task(this, {
    autoRun: false,
    task: async ([callback]: readonly [SignInCallback], { signal }) => {
      try {
        const detail = await completeSignIn(callback, { client: this.#client(), signal });
        signal.throwIfAborted();
        this._expired = false;
        this.#session.session?.signIn(detail);
        this.dispatchEvent(new SignedInEvent(detail));
        return detail;
      } catch (error) {
        // A removed element leaves no error behind.
        if (!(signal.aborted || isAbortError(error))) this._failure = this.#fail(error, signal) as StorefrontError;
        return initialState;
      }
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // Read (and clear from the address bar) at once, so a second element or a reload never sees it again.
    const callback = takeCallbackFromLocation();
    if (callback) {
      this.#pendingCallback = callback;
      this._failure = undefined;
    }
    if (this.#abortedByDisconnect) {
      this.#abortedByDisconnect = false;
      void this.#optionsTask.run();
    }
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    if (this.#optionsTask.status === TaskStatus.PENDING) {
      this.#abortedByDisconnect = true;
      this.#optionsTask.abort();
    }
    this.#callbackTask.abort();
  }

  protected override shouldUpdate(changed: PropertyValues): boolean {
    return this.isConnected && super.shouldUpdate(changed);
  }

  protected override willUpdate(changed: PropertyValues): void {
    super.willUpdate(changed);
    // Started here rather than in connectedCallback: a host may set base-url and client-id after connecting.
    const callback = this.#pendingCallback;
    if (callback && this.baseUrl && this.clientId) {
      this.#pendingCallback = undefined;
      void this.#callbackTask.run([callback]);
    }
  }

  /** Sends the browser to the identity provider. Replaced in tests and by hosts that open their own window. */
  protected navigate(url: string): void {
    window.location.assign(url);
  }

  /** Ends the session (as the Sign out button does). */
  signOut(): void {
    this.#session.session?.signOut('user');
  }

  #wantsOptions(): boolean {
    return (
      !this.#pendingCallback &&
      this.#callbackTask.status !== TaskStatus.PENDING &&
      !this._failure &&
      !this.#session.session?.signedIn
    );
  }

  #client(): StorefrontClient {
    const client = new StorefrontClient({ baseUrl: this.baseUrl, fetch: this.fetch });
    return client.withToken(this.accessToken ?? implicitTokenSource(client, this.clientId));
  }

  /** Reports a failure (unless it is an abort) and returns what to throw. */
  #fail(error: unknown, signal: AbortSignal): unknown {
    if (signal.aborted || isAbortError(error)) return error;
    const failure = this.reportError(error);
    // A refused implicit token is not kept: a retry asks for a fresh one.
    if (failure.code === 'http_error' && failure.status === 401 && this.accessToken === undefined) {
      forgetImplicitTokens();
    }
    return failure;
  }

  #onSessionChange(change: SessionChange): void {
    if (change.type === 'signed-out') {
      this._expired = change.reason === 'expired';
      this.dispatchEvent(new SignedOutEvent({ reason: change.reason }));
    } else if (change.type === 'signed-in') {
      this._expired = false;
    }
  }

  async #startSignIn(profile: OidcProfile, settings: AccountAuthenticationSettings): Promise<void> {
    if (this._starting) return;
    this._starting = profile.id;
    try {
      const { url } = await startSignIn({
        profile,
        authorizationClientId: settings.meta.client_id,
        clientId: this.clientId,
        baseUrl: this.baseUrl,
        redirectUri: this.redirectUri || defaultRedirectUri(),
        display: this.display || undefined,
        prompt: this.prompt || undefined,
        uiLocales: this.uiLocales || undefined,
      });
      const event = new SignInRedirectEvent({ profileId: profile.id, url });
      this.dispatchEvent(event);
      if (!event.defaultPrevented) this.navigate(url);
    } catch (error) {
      this._failure = this.reportError(error);
    } finally {
      this._starting = undefined;
    }
  }

  #retry = (): void => {
    this._failure = undefined;
    void this.#optionsTask.run();
  };

  #signOut = (): void => this.signOut();

  override render(): TemplateResult {
    const busy = this.#callbackTask.status === TaskStatus.PENDING || this.#optionsTask.status === TaskStatus.PENDING;
    return html`<div part="base" aria-busy=${busy ? 'true' : 'false'}>${this.#renderContent()}</div>`;
  }

  #renderContent(): TemplateResult | typeof nothing {
    if (this.#pendingCallback || this.#callbackTask.status === TaskStatus.PENDING) {
      return renderLoading(this.completingText);
    }
    if (this._failure) return renderError(this._failure, this.#retry, this.retryLabel);
    const session = this.#session.session;
    if (session?.signedIn) return this.#renderSignedIn();
    const notice = this._expired
      ? html`<p part="message notice" role="status">${this.expiredText}</p>`
      : nothing;
    return html`${notice}${this.#optionsTask.render({
      pending: () => renderLoading(this.loadingText),
      complete: (options) => this.#renderOptions(options),
      error: (error) => (isAbortError(error) ? nothing : renderError(error as StorefrontError, this.#retry, this.retryLabel)),
    })}`;
  }

  #renderOptions(options: SignInOptions): TemplateResult {
    if (options.profiles.length === 0) {
      return html`<p part="message not-configured" role="status">${this.notConfiguredText}</p>`;
    }
    return html`<div part="buttons" role="group" aria-label=${this.signInOptionsLabel}>
      ${options.profiles.map((profile) => {
        const name = typeof profile.name === 'string' && profile.name.trim() !== '' ? profile.name : undefined;
        const label = name ? fill(this.signInLabel, { name }) : this.signInFallbackLabel;
        return html`<button
          part="button"
          class="primary"
          type="button"
          ?disabled=${this._starting !== undefined}
          aria-busy=${this._starting === profile.id ? 'true' : 'false'}
          @click=${() => this.#startSignIn(profile, options.settings)}
        >
          ${label}
        </button>`;
      })}
    </div>`;
  }

  #renderSignedIn(): TemplateResult {
    const session = this.#session.session;
    const selected = session?.selectedAccount;
    const count = session?.accounts.length ?? 0;
    let text = this.signedInText;
    if (selected) text = fill(this.signedInForText, { account: selected.accountName });
    else if (count > 1) text = fill(this.signedInAccountsText, { count });
    return html`<div part="signed-in">
      <span part="status signed-in-as" role="status">${text}</span>
      <button part="sign-out" type="button" @click=${this.#signOut}>${this.signOutLabel}</button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-sign-in': AccountSignIn;
  }
}
