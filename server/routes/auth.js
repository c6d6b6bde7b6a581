/**
 * Store access tokens, settings, OIDC profiles and the account management token exchange.
 *
 * Creating an OIDC profile (operator token):
 *   POST /v2/authentication-realms/:realm/oidc-profiles
 *   {"data": {"type": "oidc-profile", "name": "My IdP",
 *             "discovery_url": "https://idp.example/.well-known/openid-configuration",
 *             "client_id": "...", "client_secret": "..."}}
 * → 201 with the profile (the secret is never shown again). `oidc_profile` is taken as the type too.
 *
 * Account management tokens (POST /v2/account-members/tokens), by `authentication_mechanism`:
 * - `oidc`: the code of a sign-in, with its redirect URI and PKCE verifier;
 * - `account_management_authentication_token`: the caller's current account token, in the header
 *   EP-Account-Management-Authentication-Token beside the bearer (or as the bearer), for fresh tokens of
 *   the same member (the vendor's account switch).
 */
import { badRequest, HttpError, notFound, quoted, shortened, unprocessable } from '../http/errors.js';
import { FORM_BODY, readForm, readJson, RESOURCE_BODY } from '../http/util.js';
import { DEFAULT_PAGE_LIMIT, pageEnvelope, parsePage } from '../http/list-params.js';
import { profileResource, single } from './resources.js';
import { discoveryUrlProblem } from '../domain/fixtures-checks.js';
import { sameSecret } from '../domain/secret.js';
import { dataOfType, requiredString } from '../http/validate.js';

const TOKEN_TYPE = 'account_management_authentication_token';

/** @param {import('../http/app.js').Ctx} ctx */
function realmOf(ctx) {
  const realm = ctx.service.store.settings.realm_id;
  if (ctx.params.realm !== realm)
    throw notFound(`The authentication realm ${shortened(ctx.params.realm)} was not found`);
  return realm;
}

/** @type {import('../http/app.js').Route[]} */
export const authRoutes = [
  {
    method: 'POST',
    path: '/oauth/access_token',
    body: FORM_BODY,
    async handler(ctx) {
      const form = await readForm(ctx.req);
      const grant = form.get('grant_type');
      const clientId = form.get('client_id') ?? '';
      // as the vendor's application keys: any client's id gets an implicit token; its secret, an operator's
      const client = clientId ? ctx.service.store.client(clientId) : undefined;
      // every shopper's page asks for an implicit token, and anyone may have one: it is not counted
      if (grant === 'implicit' && client) {
        return { status: 200, body: await ctx.service.tokens.accessToken('implicit', client.client_id) };
      }
      // anything else counts for this address and client id, and for the client id from everywhere: guessing is
      // slowed while the other clients, and shoppers, at the same address go on
      const limiter = ctx.service.rateLimits.tokenGrant;
      const attempt = { who: ctx.client, thing: clientId };
      await limiter.attempt(attempt);
      const refused = (/** @type {string} */ detail) => {
        limiter.failed(attempt);
        return new HttpError(401, detail, { title: 'Unauthorized' });
      };
      if (!grant) throw badRequest('grant_type is required (implicit or client_credentials)');
      if (grant === 'implicit') throw refused('Unknown client_id for the implicit grant');
      if (grant === 'client_credentials') {
        if (!client?.client_secret || !sameSecret(form.get('client_secret'), client.client_secret)) {
          throw refused('Invalid client_id or client_secret');
        }
        return { status: 200, body: await ctx.service.tokens.accessToken('client_credentials', client.client_id) };
      }
      throw badRequest(`Unsupported grant_type ${quoted(grant)}: use implicit or client_credentials`);
    },
  },
  {
    method: 'GET',
    path: '/v2/settings/account-authentication',
    async handler(ctx) {
      await ctx.auth('implicit', 'operator');
      const s = ctx.service.store.settings;
      return {
        status: 200,
        body: single({
          id: s.id,
          type: 'account_authentication_settings',
          // what this service does: members come only from sign-ins, no account is made for them, and a
          // member cannot change their own details
          enable_self_signup: false,
          auto_create_account_for_account_members: false,
          account_member_self_management: 'disabled',
          account_management_authentication_token_timeout_secs: ctx.service.tokens.accountTokenTtlSeconds,
          relationships: { authentication_realm: { data: { id: s.realm_id, type: 'authentication_realm' } } },
          meta: { client_id: s.client_id },
          links: { self: `${ctx.base}/v2/settings/account-authentication` },
        }),
      };
    },
  },
  {
    method: 'GET',
    path: '/v2/authentication-realms/:realm/oidc-profiles/?',
    async handler(ctx) {
      await ctx.auth('implicit', 'operator');
      const realm = realmOf(ctx);
      const page = parsePage(ctx.url.searchParams);
      const all = ctx.service.store.profilesOfRealm(realm);
      const { meta, links } = pageEnvelope({ total: all.length, ...page, url: ctx.url });
      return {
        status: 200,
        body: {
          data: all
            .slice(page.offset, page.offset + page.limit)
            .map((p) => profileResource(p, ctx.base, ctx.service.issuer)),
          meta,
          links: { self: `${ctx.base}/v2/authentication-realms/${realm}/oidc-profiles`, ...links },
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/v2/authentication-realms/:realm/oidc-profiles/?',
    body: RESOURCE_BODY,
    async handler(ctx) {
      await ctx.auth('operator');
      const realm = realmOf(ctx);
      const data = dataOfType(await readJson(ctx.req), 'oidc-profile', ['oidc_profile']);
      const name = requiredString(data, 'name');
      const discoveryUrl = requiredString(data, 'discovery_url');
      const clientId = requiredString(data, 'client_id');
      const clientSecret = requiredString(data, 'client_secret');
      const problem = discoveryUrlProblem(discoveryUrl);
      if (problem) throw unprocessable(`data.discovery_url ${problem}`);
      const profile = await ctx.service.store.createProfile({
        realm_id: realm,
        name,
        discovery_url: new URL(discoveryUrl).href,
        client_id: clientId,
        client_secret: clientSecret,
      });
      const resource = profileResource(profile, ctx.base, ctx.service.issuer);
      return { status: 201, body: single(resource, resource.links) };
    },
  },
  {
    method: 'GET',
    path: '/v2/authentication-realms/:realm/oidc-profiles/:profile',
    async handler(ctx) {
      await ctx.auth('implicit', 'operator');
      const realm = realmOf(ctx);
      const profile = ctx.service.store.profile(ctx.params.profile);
      if (!profile || profile.realm_id !== realm)
        throw notFound(`The OIDC profile ${shortened(ctx.params.profile)} was not found`);
      const resource = profileResource(profile, ctx.base, ctx.service.issuer);
      return { status: 200, body: single(resource, resource.links) };
    },
  },
  {
    method: 'POST',
    path: '/v2/account-members/tokens',
    body: RESOURCE_BODY,
    async handler(ctx) {
      const caller = await ctx.auth('implicit', 'operator', 'account');
      const data = dataOfType(await readJson(ctx.req), TOKEN_TYPE);
      const mechanism = requiredString(data, 'authentication_mechanism');
      /** @type {string} */
      let memberId;
      if (mechanism === 'oidc') {
        // the code exchange is a storefront's or back end's; an account token cannot make it
        await ctx.auth('implicit', 'operator');
        const code = requiredString(data, 'oauth_authorization_code');
        const redirectUri = requiredString(data, 'oauth_redirect_uri');
        const verifier = requiredString(data, 'oauth_code_verifier');
        memberId = ctx.service.signIn.redeemCode(code, redirectUri, verifier);
      } else if (mechanism === TOKEN_TYPE) {
        if (caller.kind !== 'account') {
          throw badRequest(
            `The ${TOKEN_TYPE} mechanism needs the current account token in EP-Account-Management-Authentication-Token`,
          );
        }
        memberId = caller.accountMemberId;
      } else {
        throw unprocessable(`Unsupported authentication_mechanism ${quoted(mechanism)}: use oidc or ${TOKEN_TYPE}`);
      }
      const { store, tokens } = ctx.service;
      const accounts = store.accountsOfMember(memberId);
      const issued = await Promise.all(
        accounts.map(async (a) => {
          const t = await tokens.accountToken(memberId, a.id);
          return {
            type: 'account_management_authentication_token',
            account_id: a.id,
            account_name: a.name,
            token: t.token,
            expires: t.expires,
          };
        }),
      );
      // every token in one page, in the list envelope of the vendor's answer (the spec keeps status 200)
      const limit = Math.max(DEFAULT_PAGE_LIMIT, issued.length);
      const { meta, links } = pageEnvelope({ total: issued.length, limit, offset: 0, url: ctx.url });
      return { status: 200, body: { meta: { account_member_id: memberId, ...meta }, data: issued, links } };
    },
  },
];
