// The parts of oidc-provider the service uses, typed (the package ships no types of its own).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface Grant {
    jti: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (properties: { clientId: string; accountId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export interface Context {
    oidc: {
      client: { clientId: string };
      session: { accountId?: string; grantIdFor(clientId: string, grantId?: string): string | undefined };
      result?: { consent?: { grantId?: string } };
      provider: Provider;
    };
    type: string;
    body: unknown;
    status: number;
    path: string;
    set(field: string, value: string): void;
  }

  export interface InteractionDetails {
    uid: string;
    prompt: { name: string };
    params: Record<string, string | undefined>;
    grantId?: string;
    session?: { accountId: string };
  }

  export interface Adapter {
    upsert(id: string, payload: Record<string, unknown>, expiresIn?: number): Promise<void>;
    find(id: string): Promise<Record<string, unknown> | undefined>;
    findByUid(uid: string): Promise<Record<string, unknown> | undefined>;
    findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface Configuration {
    adapter?: (model: string) => Adapter;
    clients?: Array<Record<string, unknown>>;
    jwks?: { keys: Array<Record<string, unknown>> };
    cookies?: { keys: string[] };
    pkce?: { required: () => boolean };
    scopes?: string[];
    claims?: Record<string, string[]>;
    conformIdTokenClaims?: boolean;
    features?: {
      devInteractions?: { enabled: boolean };
      rpInitiatedLogout?: {
        enabled: boolean;
        /** The page asking to confirm a logout; `form` is the form (with its anti-forgery field) to submit. */
        logoutSource?: (ctx: Context, form: string) => Promise<void>;
        postLogoutSuccessSource?: (ctx: Context) => Promise<void>;
      };
    };
    responseTypes?: string[];
    ttl?: Record<string, number>;
    interactions?: { url: (ctx: Context, interaction: { uid: string }) => string };
    clientBasedCORS?: () => boolean;
    loadExistingGrant?: (ctx: Context) => Promise<Grant | undefined>;
    findAccount?: (
      ctx: Context,
      sub: string,
    ) => Promise<{ accountId: string; claims(): Promise<Record<string, unknown>> } | undefined>;
    renderError?: (ctx: Context, out: { error?: unknown; error_description?: unknown }) => Promise<void>;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    /** Adds a koa middleware around oidc-provider's own. */
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void>): this;
    /** Trust X-Forwarded-Host and X-Forwarded-Proto (koa's setting). */
    proxy: boolean;
    Grant: GrantConstructor;
    /** The class of this provider's clients; its prototype decides where a logout may send the browser back. */
    Client: { prototype: { postLogoutRedirectUriAllowed(uri: string): boolean } };
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
  }
}
