import { initialState, TaskStatus } from '@lit/task';
import { html, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import type { StorefrontError } from '../../api/errors.js';
import type { OidcProfile } from '../../api/types.js';
import type { MemberSession, SessionChange } from '../../auth/session.js';
import {
  type SignInCallback,
  completeSignIn,
  defaultRedirectUri,
  startSignIn,
  takeCallbackFromLocation,
} from '../../auth/sign-in.js';
import { SignInRedirectEvent, SignedInEvent, SignedOutEvent } from '../../events.js';
import { navigation } from '../../internal/navigation.js';
import { ShopperElement } from '../../internal/shopper-element.js';
import { renderError, renderLoading } from '../../internal/status.js';
import { readStored, signInOptionsKey, writeStored } from '../../internal/storage.js';
import { StorefrontElement } from '../../internal/storefront-element.js';
import type { TextProperties } from '../../internal/texts.js';
import { accountSignInStyles } from './account-sign-in.styles.js';
import { type AccountSignInTexts, accountSignInTexts } from './account-sign-in.texts.js';

/** The public configuration a sign-in needs: `meta.client_id` of the settings, and the OIDC profiles. */
type SignInOptions = [authorizationClientId: string, profiles: OidcProfile[]];

/** The options kept for the tab, when they are there in their shape (else a cold start). */
function keptOptions(key: string): SignInOptions | undefined {
  const value = readStored(key) as SignInOptions | undefined;
  return typeof value?.[0] == 'string' && Array.isArray(value[1]) ? value : undefined;
}

/** The texts of the catalog are properties too (StorefrontElement makes them from `static texts`). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export interface AccountSignIn extends TextProperties<AccountSignInTexts> {}

/**
 * Signs a shopper in through the store's identity provider (OpenID Connect, Authorization Code Flow with PKCE
 * S256) and ends with account management tokens in the page's shared session. Shows one button per OIDC profile
 * of the store; when the page is the redirect URI, finishes the sign-in the address bar brings back.
 * The settings and profiles (public configuration, never tokens) are kept for the tab: a later page shows the
 * kept buttons at once and refreshes them in the background.
 *
 * @summary Sign-in button(s) for the store's identity provider, and the signed-in state with "Sign out".
 *
 * @fires sign-in-redirect - Before leaving for the identity provider; `detail` is `{profileId, url}`.
 *   Cancelable: `preventDefault()` keeps the page.
 * @fires signed-in - The sign-in finished; `detail` is
 *   `{accountMemberId, accounts: [{accountId, accountName, token, expires}]}`.
 * @fires signed-out - The session ended; `detail.reason` is `user` (Sign out pressed), `expired`, `rejected`
 *   (the service refused an account token) or `elsewhere` (signed out in another tab).
 * @fires storefront-error - Something failed; `detail.error.code` is `state_mismatch`, `idp_error`,
 *   `unsafe_endpoint`, `http_error` (with `status`), `network_error` or `invalid_response`.
 *
 * @csspart base - The wrapper; `aria-busy` while loading.
 * @csspart buttons - The group of sign-in buttons.
 * @csspart button - Each sign-in button (one per OIDC profile).
 * @csspart status - The signed-in line; also named `signed-in-as`.
 * @csspart signed-in-as - The signed-in line.
 * @csspart sign-out - The Sign out button.
 * @csspart message - A calm message: sign-in not configured (`not-configured`), or why the session ended
 *   (`notice`).
 * @csspart loading - The loading status; `spinner` is its spinner and `loading-label` its text.
 * @csspart spinner - The spinner.
 * @csspart error - An error, with `error-message` and the `retry` button.
 * @csspart error-message - The text of an error.
 * @csspart retry - The retry button of an error.
 *
 * @cssproperty [--storefront-color-text=light-dark(#1f2328, #e6edf3)] - Text colour.
 * @cssproperty [--storefront-color-muted=light-dark(#5e6164, #acb2b8)] - Calm messages (not configured, session ended).
 *   Mixed from text and surface unless set.
 * @cssproperty [--storefront-color-surface=light-dark(#fff, #161b22)] - Background of the Sign out and Retry buttons.
 * @cssproperty [--storefront-color-border=light-dark(#cecfd0, #444950)] - Borders of buttons, the spinner.
 *   Mixed from text and surface unless set.
 * @cssproperty [--storefront-color-accent=light-dark(#0b5cad, #58a6ff)] - Sign-in buttons.
 * @cssproperty [--storefront-color-accent-text=light-dark(#fff, #161b22)] - Text on sign-in buttons. The surface colour
 *   unless set.
 * @cssproperty [--storefront-color-danger=light-dark(#b42318, #ff7b72)] - Errors.
 * @cssproperty [--storefront-color-focus=light-dark(#0b5cad, #58a6ff)] - Focus ring. The accent unless set.
 * @cssproperty [--storefront-font-family=system-ui, sans-serif] - Font.
 * @cssproperty [--storefront-font-size=0.95rem] - Font size.
 * @cssproperty [--storefront-radius=6px] - Corner radius.
 * @cssproperty [--storefront-space=0.5rem] - Spacing unit of every gap and padding.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class AccountSignIn extends ShopperElement {
  static override defaultTag = 'account-sign-in';
  static override styles = [...StorefrontElement.styles, accountSignInStyles];
  static override texts = accountSignInTexts;

  /** Where the identity provider sends the shopper back; defaults to this page's address without query and hash. */
  @property({ attribute: 'redirect-uri' }) redirectUri = '';
  /** Forwarded to the identity provider as `display` (how the login is shown). */
  @property() display = '';
  /** Forwarded to the identity provider as `prompt` (e.g. `login` to ask for the password again). */
  @property() prompt = '';
  /** Forwarded to the identity provider as `ui_locales` (language of the login screen), e.g. `fr en`. */
  @property({ attribute: 'ui-locales' }) uiLocales = '';

  /** The callback taken from the address bar, until base-url and client-id are there to finish it. */
  @state() private callback?: SignInCallback;
  /** The buttons' configuration known before the load under way: kept by the tab, or loaded earlier. */
  @state() private known?: SignInOptions;
  /** Why the last session ended, when it was not the shopper's doing; said above the buttons. */
  @state() private ended?: 'expired' | 'rejected';
  /** The profile whose sign-in is being prepared. */
  @state() private starting?: string;
  /** A sign-in that could not start or finish; replaces the buttons until retried. */
  @state() private failure?: StorefrontError;

  /** The settings and profiles, whenever the buttons are to be shown. */
  readonly #options = this.connection.task({
    args: () => [...this.connection.args, this.#wantsOptions()],
    task: async (_, { signal }): Promise<SignInOptions | typeof initialState> => {
      const client = this.connection.client();
      if (!client || !this.#wantsOptions()) return initialState;
      const settings = await client.getAccountAuthenticationSettings({ signal });
      const realm = settings.relationships.authentication_realm.data.id;
      const options: SignInOptions = [settings.meta.client_id, await client.listOidcProfiles(realm, { signal })];
      // a full or blocked storage keeps nothing: the buttons work, the next page loads them again
      writeStored(signInOptionsKey(this.baseUrl, this.clientId), options);
      return options;
    },
    onComplete: (options) => (this.known = options),
    // with known buttons, a failed refresh changes nothing the shopper sees
    onError: (error) => this.known || this.reportError(error),
  });

  /** The exchange of the code the callback brought for account tokens. */
  readonly #exchange = this.connection.task({
    autoRun: false,
    task: async ([callback]: [SignInCallback], { signal }) => {
      const client = this.connection.client()!;
      const detail = await completeSignIn(callback, { client, clientId: this.clientId, signal });
      signal.throwIfAborted();
      return detail;
    },
    onComplete: (detail) => {
      this.connection.session?.signIn(detail);
      this.dispatchEvent(new SignedInEvent(detail));
    },
    onError: (error) => (this.failure = this.reportError(error)),
  });

  /** Ends the session (as the Sign out button does). */
  signOut(): void {
    this.connection.session?.signOut();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Read (and cleared from the address bar) at once, so a second element or a reload never sees it again.
    const callback = takeCallbackFromLocation();
    if (callback) {
      this.callback = callback;
      this.failure = undefined;
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('baseUrl') || changed.has('clientId')) {
      this.known = keptOptions(signInOptionsKey(this.baseUrl, this.clientId));
    }
    // Finished here rather than on connecting: a host may set base-url and client-id after connecting.
    const callback = this.callback;
    if (callback && this.baseUrl && this.clientId) {
      this.callback = undefined;
      void this.#exchange.run([callback]);
    }
  }

  protected override sessionChanged(change: SessionChange): void {
    if (change.type != 'signed-out') return;
    const { reason } = change;
    this.ended = reason == 'expired' || reason == 'rejected' ? reason : undefined;
    this.dispatchEvent(new SignedOutEvent({ reason }));
  }

  /** The buttons are wanted while nobody is signed in and no sign-in is being finished. */
  #wantsOptions(): boolean {
    return !!this.clientId && !this.#completing() && !this.connection.session?.signedIn;
  }

  #completing(): boolean {
    return !!this.callback || this.#exchange.status == TaskStatus.PENDING;
  }

  #retry = (): void => {
    if (this.failure) this.failure = undefined;
    else void this.#options.run();
    void this.#refocus();
  };

  /** The button just pressed is gone after the next render: focus stays in the element rather than fall to the page. */
  async #refocus(): Promise<void> {
    await this.updateComplete;
    const root = this.renderRoot;
    (root.querySelector<HTMLElement>('[part~=button]') ?? root.querySelector<HTMLElement>('[part~=base]'))?.focus();
  }

  async #start(profile: OidcProfile, authorizationClientId: string): Promise<void> {
    this.starting = profile.id;
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
      if (this.dispatchEvent(event)) navigation.assign(url);
    } catch (error) {
      this.failure = this.reportError(error);
    }
    this.starting = undefined;
  }

  override render(): TemplateResult {
    const session = this.connection.session;
    const completing = this.#completing();
    const loading = !this.known && this.#options.status == TaskStatus.PENDING;
    return html`<div part="base" tabindex="-1" aria-busy=${completing || loading}>
      ${
        completing
          ? renderLoading(this.completingText)
          : this.failure
            ? renderError(this.failure, this.#retry, this)
            : session?.signedIn
              ? this.#renderSignedIn(session)
              : [
                  this.#renderNotice(),
                  this.#options.render({
                    pending: () => this.#renderButtons(this.known) ?? renderLoading(this.loadingText),
                    complete: (options) => this.#renderButtons(options),
                    error: (error) => this.#renderButtons(this.known) ?? renderError(error, this.#retry, this),
                  }),
                ]
      }
    </div>`;
  }

  /** Why the last session ended, when the shopper did not end it. */
  #renderNotice(): TemplateResult | typeof nothing {
    const notice = this.ended == 'expired' ? this.expiredText : this.ended == 'rejected' ? this.rejectedText : '';
    return notice ? html`<p part="message notice" role="status">${notice}</p>` : nothing;
  }

  /** One button per profile, or the sentence of a store without any; nothing without options. */
  #renderButtons(options?: SignInOptions): TemplateResult | undefined {
    if (!options) return;
    const [authorizationClientId, profiles] = options;
    if (!profiles.length) return html`<p part="message not-configured" role="status">${this.notConfiguredText}</p>`;
    return html`<div part="buttons" role="group" aria-label=${this.signInOptionsLabel}>
      ${profiles.map(
        (profile) =>
          html`<button
            part="button"
            class="primary"
            type="button"
            ?disabled=${!!this.starting}
            aria-busy=${this.starting == profile.id}
            @click=${() => this.#start(profile, authorizationClientId)}
          >
            ${profile.name?.trim() ? this.fill(this.signInLabel, { name: profile.name }) : this.signInFallbackLabel}
          </button>`,
      )}
    </div>`;
  }

  #renderSignedIn(session: MemberSession): TemplateResult {
    const selected = session.selectedAccount;
    const count = session.accounts.length;
    return html`<div part="signed-in">
      <span part="status signed-in-as" role="status"
        >${
          selected
            ? this.fill(this.signedInForText, { account: selected.accountName })
            : count > 1
              ? this.fill(this.signedInAccountsText, { count })
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
