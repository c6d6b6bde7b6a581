/**
 * storefront-reference-service: the account sign-in, account membership and catalog API of Elastic Path
 * Commerce Cloud with an embedded OpenID Connect identity provider, for a store's own tests.
 *
 * ```js
 * import { startService } from 'storefront-reference-service';
 * const service = await startService({ port: 0, fixtures: 'test/store.fixtures.json' });
 * // ... tests against service.baseUrl ...
 * await service.close();
 * ```
 */

/**
 * Attempts per thing tried (a client id, an email) and who tries it (a client address, a browser) in a window: every
 * attempt (over it: 429), and failed ones (wrong client, secret or password; over it: slowed to this pace).
 */
export interface RateLimit {
  attempts: number;
  failures: number;
  windowMs: number;
}

/**
 * Failures at one thing tried (a client id, an email) from everywhere, or from one client address across things, in
 * a `RateLimit`'s window: past it, the attempts it counts are slowed to this pace, one at a time.
 */
export interface SharedLimit {
  failures: number;
}

/** Every bound of the service (DEFAULT_LIMITS has the values it starts with). */
export interface Limits {
  /** Sign-ins started and not yet finished, in all, per browser and per client address. */
  pendingSignIns: number;
  pendingSignInsPerBrowser: number;
  pendingSignInsPerAddress: number;
  /**
   * The embedded identity provider's sessions, login forms, grants and codes, in all, per client address and per
   * browser (its cookie at the identity provider).
   */
  idpEntries: number;
  idpEntriesPerAddress: number;
  idpEntriesPerBrowser: number;
  /**
   * `POST /oauth/access_token` per client address and client id; the store's public client asking for an implicit
   * token is not counted. Over a failure budget, attempts are slowed, not refused.
   */
  tokenGrant: RateLimit;
  /** Failed token requests for one client id from every address. */
  tokenGrantPerClient: SharedLimit;
  /** The embedded identity provider's login form per browser and email. */
  login: RateLimit;
  /** Wrong passwords for one email from browsers that never signed in as it. */
  loginPerEmail: SharedLimit;
  /** Wrong passwords from one client address across emails (spraying). */
  loginPerAddress: SharedLimit;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  /** How long a call to an identity provider (discovery, code exchange, UserInfo) may take. */
  outboundTimeoutMs: number;
  sweepIntervalMs: number;
}

/** An ISO 8601 instant, e.g. `2025-01-06T09:00:00.000Z`. */
export type Timestamp = string;

/** Items may give their timestamps; left out, they are a minute apart in the order of the file. */
export interface Timestamps {
  created_at?: Timestamp;
  updated_at?: Timestamp;
}

/** A store's data: the format of a fixtures file (fixtures.schema.json describes it too). Ids are UUIDs. */
export interface Fixtures {
  $schema?: string;
  /** The store's API clients: any may get an implicit token; one with a secret, an operator token. */
  clients: Array<{ client_id: string; client_secret?: string; name?: string }>;
  /** Store addresses a sign-in may come back to, besides any loopback page. */
  redirect_uris?: string[];
  /** Left out: stable ids, and the first client without a secret. */
  account_authentication_settings?: {
    id?: string;
    authentication_realm_id?: string;
    client_id?: string;
    /** How long an account management token lasts, in seconds (default a day); `tokenTtl` overrides it. */
    account_management_authentication_token_timeout_secs?: number;
  };
  /** `parent_id`: the account this one is a subaccount of (another of `accounts`). */
  accounts?: Array<{ id: string; name: string; legal_name: string; parent_id?: string } & Timestamps>;
  account_members?: Array<{ id: string; name: string; email: string } & Timestamps>;
  account_memberships?: Array<{ id: string; account_id: string; account_member_id: string } & Timestamps>;
  /** The people of the embedded identity provider. */
  idp_users?: Array<{ email: string; password: string; name: string; email_verified?: boolean }>;
  /**
   * Without `discovery_url`: the embedded identity provider. With it: any OpenID Connect provider, with the
   * service's `client_id` and `client_secret` there (client_secret_basic), checked at start.
   */
  oidc_profiles?: Array<
    {
      id: string;
      name: string;
      discovery_url?: string;
      client_id?: string;
      client_secret?: string;
      /** Sign in people whose email the provider has not verified (`email_verified` not `true`); default false. */
      allow_unverified_email?: boolean;
    } & Timestamps
  >;
  catalogs?: Array<
    {
      id: string;
      name: string;
      description?: string;
      hierarchy_ids?: string[];
      pricebook_id?: string;
      pricebook_ids?: Array<{ id: string; priority: number }>;
      locales?: Record<string, Record<string, string>>;
      owner?: 'store' | 'organization';
      /** None: store-wide. Otherwise seen by the account tokens of the accounts they name. */
      rules?: Array<{ id?: string; name?: string; description?: string; account_ids: string[] }>;
      /** Oldest first; the first is a full publish. */
      releases?: Array<{ id: string; is_full_publish?: boolean; is_full_delta?: boolean; published_at?: Timestamp }>;
    } & Timestamps
  >;
}

export interface ServiceOptions {
  /** Default 8787; 0 picks a free one (see `RunningService.port`). */
  port?: number;
  /** Address to bind; default 127.0.0.1. */
  host?: string;
  /** The address clients reach the service at, for the links it writes; default `http://localhost:<port>`. */
  baseUrl?: string;
  /** The store's data: a fixtures file's path, or the fixtures themselves; default the built-in example store. */
  fixtures?: string | URL | Fixtures;
  /** Keep the store in this file (created from the fixtures when it does not exist). */
  dataFile?: string;
  /** With `dataFile`: flush every write to the device. */
  syncWrites?: boolean;
  /**
   * With `dataFile` naming a data file of 0.1.0: import it over damaged lines of it or its journal by dropping them,
   * each one logged (the old files are kept as `<dataFile>.0.1.0`). Without it, damaged data refuses the start,
   * naming the file and line.
   */
  repair?: boolean;
  /** More redirect URIs to accept, besides the fixtures' and any loopback page. */
  redirectUris?: string[];
  /**
   * Reverse proxies (an address, or a CIDR range like `10.0.0.0/8`) whose `X-Forwarded-For` names the client;
   * the limits then count each client apart. Default none: the connection's address is the client's.
   */
  trustProxy?: string[];
  /**
   * How long account management tokens last, in seconds (`--token-ttl`); default the fixtures' settings
   * (`account_management_authentication_token_timeout_secs`), else a day.
   */
  tokenTtl?: number;
  /** Do not log unexpected errors. */
  quiet?: boolean;
  /**
   * Whether the embedded identity provider's login page lists its users and their passwords
   * (`--show-test-users`): by default only for the built-in example store, never for fixtures of your own (a page
   * anyone who reaches the service can read).
   */
  showTestUsers?: boolean;
  limits?: Partial<Limits>;
  /**
   * With `dataFile`: the threads that answer the members lists, each with its own connection to the file (default:
   * one per core, 2 to 4); 0 answers them on the service's own thread, as a store in memory is.
   */
  listThreads?: number;
  /** Called once the port listens, before the service is ready (it answers 503 until then). */
  onListening?: (baseUrl: string) => void | Promise<void>;
}

export interface RunningService {
  /** Where the service answers, e.g. `http://localhost:41234`: the base URL of every address of the API. */
  baseUrl: string;
  /** The embedded identity provider's issuer (`<baseUrl>/idp`). */
  issuer: string;
  port: number;
  /** Stops listening, ends open connections and writes what is pending to the data file. */
  close(): Promise<void>;
  /** Puts the store back to its fixtures and forgets every sign-in in progress (between tests). */
  reset(): Promise<void>;
  stats(): { pendingSignIns: number; issuedCodes: number; idpEntries: number };
}

/**
 * Starts the service; resolves once it answers, identity provider included. Rejects with a FixturesError
 * for fixtures that do not fit, and an IdentityProviderError for an external identity provider that fails
 * one of the spec's requirements.
 */
export declare function startService(options?: ServiceOptions): Promise<RunningService>;

export declare const DEFAULT_LIMITS: Readonly<Limits>;

/** The address links are written with when no base URL is configured. */
export declare function defaultBaseUrl(host: string, port: number): string;

/** A base URL as the service uses it (scheme, host and port); throws an Error saying what is wrong. */
export declare function checkBaseUrl(value: string): string;

/** Fixtures the service refuses to start with; `problems` names each by its path (`accounts[2].name: required`). */
export declare class FixturesError extends Error {
  constructor(source: string, problems: string[]);
  readonly problems: string[];
}

/** An OIDC profile whose identity provider fails one of the spec's requirements; the message names it. */
export declare class IdentityProviderError extends Error {
  constructor(sentences: string[]);
}
