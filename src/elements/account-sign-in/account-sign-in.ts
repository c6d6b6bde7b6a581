import { Task, TaskStatus } from '@lit/task';
import { html, nothing, type TemplateResult } from 'lit';
import { StorefrontClient } from '../../api/client.js';
import { type StorefrontError, isAbortError } from '../../api/errors.js';
import type { FetchLike, TokenSource } from '../../api/http.js';
import type { OidcProfile } from '../../api/types.js';
import { forgetImplicitTokens, implicitTokenSource } from '../../auth/implicit-token.js';
import type { MemberSession, SessionStorageMode } from '../../auth/session.js';
import {
  type SignInCallback,
  completeSignIn,
  defaultRedirectUri,
  startSignIn,
  takeCallbackFromLocation,
} from '../../auth/sign-in.js';
import { SignInRedirectEvent, SignedInEvent, SignedOutEvent } from '../../events.js';
import { attributes } from '../../internal/properties.js';
import { fill } from '../../internal/texts.js';
import { renderError, renderLoading } from '../../internal/status.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import { accountSignInStyles } from './account-sign-in.styles.js';
import { SessionController } from '../../internal/session-controller.js';

/** The public configuration a sign-in needs: `meta.client_id` of the settings, and the OIDC profiles. */
type SignInOptions = [authorizationClientId: string, profiles: OidcProfile[]];

/** The options cached under `key`, when storage can be read and holds them in their shape (else a cold start). */
const cachedOptions = (key: string): SignInOptions | undefined => {
  try {
    const value = JSON.parse(sessionStorage.getItem(key)!);
    return typeof value[0] == 'string' && Array.isArray(value[1]) ? value : undefined;
  } catch {
    // blocked storage, nothing cached, or not JSON
  }
};

/**
 * Signs a shopper in through the store's identity provider (OpenID Connect, Authorization Code Flow with PKCE
 * S256) and ends with account management tokens in the page's shared session. Shows one button per OIDC profile
 * of the store; when the page is the redirect URI, finishes the sign-in the address bar brings back.
 * The settings and profiles (public configuration, never tokens) are cached for the tab: a later page shows the
 * cached buttons at once and refreshes them in the background.
 *
 * @summary Sign-in button(s) for the store's identity provider, and the signed-in state with "Sign out".
 *
 * @fires sign-in-redirect - Before leaving for the identity provider; `detail` is `{profileId, url}`. Cancelable: `preventDefault()` keeps the page.
 * @fires signed-in - The sign-in finished; `detail` is `{accountMemberId, accounts: [{accountId, accountName, token, expires}]}`.
 * @fires signed-out - The session ended; `detail.reason` is `user` (Sign out pressed) or `expired`.
 * @fires storefront-error - Something failed; `detail.error.code` is `state_mismatch`, `idp_error`, `unsafe_endpoint`, `http_error` (with `status`), `network_error` or `invalid_response`.
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
  // each field below says its attribute (@attr) for the manifest
  static override properties = {
    ...attributes(
      'baseUrl clientId redirectUri display prompt uiLocales storage signInLabel signInFallbackLabel signOutLabel ' +
        'signInOptionsLabel signedInText signedInAccountsText signedInForText loadingText completingText ' +
        'notConfiguredText expiredText retryLabel',
    ),
    ...attributes('accessToken fetch', { attribute: false }),
  };

  /**
   * Address of the service, e.g. `https://useast.api.example.com`.
   * @attr base-url
   */
  baseUrl = '';
  /**
   * The store's client for the implicit grant; also names the session shared by the page's elements.
   * @attr client-id
   */
  clientId = '';
  /**
   * Where the identity provider sends the shopper back; defaults to this page's address without query and hash.
   * @attr redirect-uri
   */
  redirectUri = '';
  /**
   * Forwarded to the identity provider as `display` (how the login is shown).
   * @attr display
   */
  display = '';
  /**
   * Forwarded to the identity provider as `prompt` (e.g. `login` to ask for the password again).
   * @attr prompt
   */
  prompt = '';
  /**
   * Forwarded to the identity provider as `ui_locales` (language of the login screen), e.g. `fr en`.
   * @attr ui-locales
   */
  uiLocales = '';
  /**
   * Where the shared session is kept: `session` (sessionStorage, survives reloads of the tab) or `memory`; unset
   * leaves the shared session's own (`session` unless another element chose otherwise).
   * @attr storage
   */
  storage?: SessionStorageMode;
  /**
   * A token (or a function, possibly async, returning one) for the settings, profiles and token requests,
   * instead of the store's implicit grant. Property only.
   */
  accessToken?: TokenSource;
  /** The `fetch` to use (a proxy, tests); defaults to the browser's. Property only. */
  fetch?: FetchLike;
  /**
   * Label of a sign-in button; `{name}` is the profile's name.
   * @attr sign-in-label
   */
  signInLabel = 'Sign in with {name}';
  /**
   * Label of a sign-in button for a profile without a name.
   * @attr sign-in-fallback-label
   */
  signInFallbackLabel = 'Sign in';
  /**
   * Label of the Sign out button.
   * @attr sign-out-label
   */
  signOutLabel = 'Sign out';
  /**
   * Accessible name of the group of sign-in buttons.
   * @attr sign-in-options-label
   */
  signInOptionsLabel = 'Sign-in options';
  /**
   * Signed in, no account chosen (or none).
   * @attr signed-in-text
   */
  signedInText = 'Signed in';
  /**
   * Signed in with several accounts and none chosen yet; `{count}` is their number.
   * @attr signed-in-accounts-text
   */
  signedInAccountsText = 'Signed in · {count} accounts';
  /**
   * Signed in with a chosen account; `{account}` is its name.
   * @attr signed-in-for-text
   */
  signedInForText = 'Signed in for {account}';
  /**
   * While the sign-in options load.
   * @attr loading-text
   */
  loadingText = 'Loading sign-in options…';
  /**
   * While the sign-in that came back is finished.
   * @attr completing-text
   */
  completingText = 'Finishing sign-in…';
  /**
   * The store has no OIDC profile.
   * @attr not-configured-text
   */
  notConfiguredText = 'Sign-in is not set up for this store yet.';
  /**
   * After the session expired.
   * @attr expired-text
   */
  expiredText = 'Your session has expired. Please sign in again.';
  /**
   * Label of the retry button of an error.
   * @attr retry-label
   */
  retryLabel = 'Try again';

  // Internal state, rendered on the next update (the task, the session and the methods below request it).
  /** The sign-in buttons' configuration, cached or fresh. */
  #options?: SignInOptions;
  /** A failure; replaces the buttons until retried. */
  #failure?: StorefrontError;
  /** The session ended by expiry; shown above the buttons. */
  #expired = false;
  /** The profile whose sign-in is being prepared. */
  #starting?: string;

  /** The callback taken from the address bar, until base-url and client-id are there to finish it. */
  #callback?: SignInCallback;
  /** The token exchange in flight; aborted when the element leaves the page (not when it is moved). */
  #exchange?: AbortController;

  readonly #session = new SessionController(this, (change) => {
    this.#expired = change.type == 'signed-out' && change.reason == 'expired';
    if (change.type == 'signed-out') this.dispatchEvent(new SignedOutEvent({ reason: change.reason }));
  });

  readonly #task = new Task(this, {
    args: () => [
      this.baseUrl,
      this.clientId,
      this.accessToken,
      this.fetch,
      this.baseUrl &&
        this.clientId &&
        !this.#callback &&
        !this.#exchange &&
        !this.#failure &&
        !this.#session.session?.signedIn,
    ],
    // Stale-while-revalidate: cached buttons show at once; a failed refresh is reported only without them.
    task: async ([baseUrl, clientId, , , wanted], { signal }) => {
      if (!wanted) return;
      const key = `storefront-elements:options:${baseUrl} ${clientId}`;
      const cached = (this.#options = cachedOptions(key));
      try {
        const client = this.#client();
        const settings = await client.getAccountAuthenticationSettings({ signal });
        const profiles = await client.listOidcProfiles(settings.relationships.authentication_realm.data.id, { signal });
        this.#options = [settings.meta.client_id, profiles];
      } catch (error) {
        if (!cached) this.#fail(error, signal);
        return;
      }
      try {
        sessionStorage.setItem(key, JSON.stringify(this.#options));
      } catch {
        // full or blocked storage: the buttons work, the next page loads them again
      }
    },
  });

  override connectedCallback(): void {
    super.connectedCallback();
    // Read (and cleared from the address bar) at once, so a second element or a reload never sees it again.
    const callback = takeCallbackFromLocation();
    if (callback) {
      this.#callback = callback;
      this.#failure = undefined;
      this.requestUpdate();
    }
    // without options it may have lost its load on leaving (see disconnectedCallback) and would stay blank
    if (this.hasUpdated && !this.#options) void this.#task.run();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    // A move (removed and put back in the same task, as frameworks do) must not lose a sign-in whose code is
    // already spent; only an element that is really gone stops its work, and then reports nothing.
    queueMicrotask(() => {
      if (!this.isConnected) {
        this.#exchange?.abort();
        this.#task.abort();
      }
    });
  }

  protected override willUpdate(): void {
    // Finished here rather than on connecting: a host may set base-url and client-id after connecting.
    const callback = this.#callback;
    if (callback && this.baseUrl && this.clientId) {
      this.#callback = undefined;
      void this.#complete(callback);
    }
  }

  /** Sends the browser to the identity provider. Replaced in tests and by hosts that open their own window. */
  protected navigate(url: string): void {
    location.assign(url);
  }

  /** Ends the session (as the Sign out button does). */
  signOut(): void {
    this.#session.session?.signOut();
  }

  #retry = (): void => {
    this.#failure = undefined;
    void this.#refocus();
  };

  /** The button just pressed is gone after the next render: focus stays in the element rather than fall to the page. */
  async #refocus(): Promise<void> {
    this.requestUpdate();
    await this.updateComplete;
    const root = this.renderRoot;
    (root.querySelector<HTMLElement>('[part~=button]') ?? root.querySelector<HTMLElement>('[part~=base]'))?.focus();
  }

  async #complete(callback: SignInCallback): Promise<void> {
    const { signal } = (this.#exchange = new AbortController());
    try {
      const detail = await completeSignIn(callback, { client: this.#client(), clientId: this.clientId, signal });
      signal.throwIfAborted();
      this.#session.session?.signIn(detail);
      this.dispatchEvent(new SignedInEvent(detail));
    } catch (error) {
      this.#fail(error, signal);
    }
    this.#exchange = undefined;
    this.requestUpdate();
  }

  #client(): StorefrontClient {
    const client = new StorefrontClient({ baseUrl: this.baseUrl, fetch: this.fetch });
    return client.withToken(this.accessToken ?? implicitTokenSource(client, this.clientId));
  }

  /** Reports and shows a failure; an abort (the element left the page) leaves nothing behind. */
  #fail(error: unknown, signal?: AbortSignal): void {
    if (signal?.aborted || isAbortError(error)) return;
    // A refused implicit token is not kept: a retry asks for a fresh one.
    if ((this.#failure = this.reportError(error)).status == 401 && !this.accessToken) forgetImplicitTokens();
  }

  async #start(profile: OidcProfile, authorizationClientId: string): Promise<void> {
    this.#starting = profile.id;
    this.requestUpdate();
    try {
      const { url } = await startSignIn({
        profile,
        authorizationClientId,
        clientId: this.clientId,
        baseUrl: this.baseUrl,
        redirectUri: this.redirectUri || defaultRedirectUri(),
        display: this.display,
        prompt: this.prompt,
        uiLocales: this.uiLocales,
      });
      const event = new SignInRedirectEvent({ profileId: profile.id, url });
      if (this.dispatchEvent(event)) this.navigate(url);
    } catch (error) {
      this.#fail(error);
    }
    this.#starting = undefined;
    this.requestUpdate();
  }

  override render(): TemplateResult {
    const session = this.#session.session;
    const options = this.#options;
    const completing = this.#callback || this.#exchange;
    const loading = !options && this.#task.status == TaskStatus.PENDING;
    return html`<div part="base" tabindex="-1" aria-busy=${!!(completing || loading)}>
      ${
        completing
          ? renderLoading(this.completingText)
          : this.#failure
            ? renderError(this.#failure, this.#retry, this.retryLabel)
            : session?.signedIn
              ? this.#renderSignedIn(session)
              : [
                  this.#expired ? html`<p part="message notice" role="status">${this.expiredText}</p>` : nothing,
                  loading
                    ? renderLoading(this.loadingText)
                    : options?.[1].length
                      ? html`<div part="buttons" role="group" aria-label=${this.signInOptionsLabel}>
                          ${options[1].map(
                            (profile) =>
                              html`<button
                                part="button"
                                class="primary"
                                type="button"
                                ?disabled=${!!this.#starting}
                                aria-busy=${this.#starting == profile.id}
                                @click=${() => this.#start(profile, options[0])}
                              >
                                ${
                                  profile.name?.trim()
                                    ? fill(this.signInLabel, { name: profile.name })
                                    : this.signInFallbackLabel
                                }
                              </button>`,
                          )}
                        </div>`
                      : options && html`<p part="message not-configured" role="status">${this.notConfiguredText}</p>`,
                ]
      }
    </div>`;
  }

  #renderSignedIn(session: MemberSession): TemplateResult {
    const selected = session.selectedAccount;
    const count = session.accounts.length;
    return html`<div part="signed-in">
      <span part="status signed-in-as" role="status"
        >${
          selected
            ? fill(this.signedInForText, { account: selected.accountName })
            : count > 1
              ? fill(this.signedInAccountsText, { count })
              : this.signedInText
        }</span
      >
      <button part="sign-out" type="button" @click=${() => (this.signOut(), this.#refocus())}>
        ${this.signOutLabel}
      </button>
    </div>`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'account-sign-in': AccountSignIn;
  }
}
