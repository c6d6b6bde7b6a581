/**
 * Store access tokens, settings, OIDC profiles and the account management token exchange.
 *
 * Creating an OIDC profile (operator token):
 *   POST /v2/authentication-realms/:realm/oidc-profiles
 *   {"data": {"type": "oidc_profile", "name": "My IdP",
 *             "discovery_url": "https://idp.example/.well-known/openid-configuration",
 *             "client_id": "...", "client_secret": "..."}}
 * → 201 with the profile (the secret is never shown again).
 */
import { badRequest, HttpError, notFound, unprocessable } from '../http/errors.js';
import { CLIENTS } from '../domain/fixtures.js';
import { readForm, readJson } from '../http/util.js';
import { isLoopback } from '../idp/sign-in.js';
import { dataOfType, requiredString } from '../http/validate.js';

/**
 * @param {import('../domain/store.js').ProfileRecord} p
 * @param {string} base
 * @param {string} issuer
 */
export function profileResource(p, base, issuer) {
  return {
    id: p.id,
    type: 'oidc_profile',
    name: p.name,
    discovery_url: p.embedded ? `${issuer}/.well-known/openid-configuration` : p.discovery_url,
    client_id: p.client_id,
    meta: { timestamps: { created_at: p.created_at, updated_at: p.updated_at } },
    links: {
      'self': `${base}/v2/authentication-realms/${p.realm_id}/oidc-profiles/${p.id}`,
      'authorization-endpoint': `${base}/oidc/authorize?profile_id=${encodeURIComponent(p.id)}`,
      'callback-endpoint': `${base}/oidc/callback`,
    },
  };
}

/** @param {import('../http/app.js').Ctx} ctx */
function realmOf(ctx) {
  const realm = ctx.service.store.settings.realm_id;
  if (ctx.params.realm !== realm) throw notFound(`The authentication realm ${ctx.params.realm} was not found`);
  return realm;
}

/** @type {import('../http/app.js').Route[]} */
export const authRoutes = [
  {
    method: 'POST',
    path: '/oauth/access_token',
    async handler(ctx) {
      const limiter = ctx.service.rateLimits.tokenGrant;
      limiter.attempt(ctx.client);
      const form = await readForm(ctx.req);
      const grant = form.get('grant_type');
      const clientId = form.get('client_id');
      /** A wrong client or secret counts against the address, so guessing meets 429 soon. */
      const refused = (/** @type {string} */ detail) => {
        limiter.failed(ctx.client);
        return new HttpError(401, detail, { title: 'Unauthorized' });
      };
      if (!grant) throw badRequest('grant_type is required (implicit or client_credentials)');
      if (grant === 'implicit') {
        if (clientId !== CLIENTS.storefront.clientId) throw refused('Unknown client_id for the implicit grant');
        return { status: 200, body: await ctx.service.tokens.accessToken('implicit', clientId) };
      }
      if (grant === 'client_credentials') {
        if (clientId !== CLIENTS.admin.clientId || form.get('client_secret') !== CLIENTS.admin.clientSecret) {
          throw refused('Invalid client_id or client_secret');
        }
        return { status: 200, body: await ctx.service.tokens.accessToken('client_credentials', clientId) };
      }
      throw badRequest(`Unsupported grant_type "${grant}": use implicit or client_credentials`);
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
        body: {
          data: {
            id: s.id,
            type: 'account_authentication_settings',
            relationships: { authentication_realm: { data: { id: s.realm_id, type: 'authentication_realm' } } },
            meta: { client_id: s.client_id },
            links: { self: `${ctx.base}/v2/settings/account-authentication` },
          },
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/v2/authentication-realms/:realm/oidc-profiles/?',
    async handler(ctx) {
      await ctx.auth('implicit', 'operator');
      const realm = realmOf(ctx);
      const data = ctx.service.store
        .profilesOfRealm(realm)
        .map((p) => profileResource(p, ctx.base, ctx.service.issuer));
      return {
        status: 200,
        body: { data, links: { self: `${ctx.base}/v2/authentication-realms/${realm}/oidc-profiles` } },
      };
    },
  },
  {
    method: 'POST',
    path: '/v2/authentication-realms/:realm/oidc-profiles/?',
    async handler(ctx) {
      await ctx.auth('operator');
      const realm = realmOf(ctx);
      const data = dataOfType(await readJson(ctx.req), 'oidc_profile');
      const name = requiredString(data, 'name');
      const discoveryUrl = requiredString(data, 'discovery_url');
      const clientId = requiredString(data, 'client_id');
      const clientSecret = requiredString(data, 'client_secret');
      let url;
      try {
        url = new URL(discoveryUrl);
      } catch {
        throw unprocessable('data.discovery_url must be an absolute URL');
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') {
        throw unprocessable('data.discovery_url must be an http(s) URL');
      }
      // the sign-in leg only talks plain http to a loopback identity provider (oauth4webapi refuses the rest)
      if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
        throw unprocessable(
          'data.discovery_url must be an https URL (http is accepted only for localhost, 127.0.0.1 and [::1])',
        );
      }
      const profile = await ctx.service.store.createProfile({
        realm_id: realm,
        name,
        discovery_url: url.href,
        client_id: clientId,
        client_secret: clientSecret,
      });
      return { status: 201, body: { data: profileResource(profile, ctx.base, ctx.service.issuer) } };
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
        throw notFound(`The OIDC profile ${ctx.params.profile} was not found`);
      return { status: 200, body: { data: profileResource(profile, ctx.base, ctx.service.issuer) } };
    },
  },
  {
    method: 'POST',
    path: '/v2/account-members/tokens',
    async handler(ctx) {
      await ctx.auth('implicit', 'operator');
      const data = dataOfType(await readJson(ctx.req), 'account_management_authentication_token');
      const mechanism = requiredString(data, 'authentication_mechanism');
      if (mechanism !== 'oidc') throw unprocessable(`Unsupported authentication_mechanism "${mechanism}": use oidc`);
      const code = requiredString(data, 'oauth_authorization_code');
      const redirectUri = requiredString(data, 'oauth_redirect_uri');
      const verifier = requiredString(data, 'oauth_code_verifier');
      const memberId = ctx.service.signIn.redeemCode(code, redirectUri, verifier);
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
      return { status: 200, body: { meta: { account_member_id: memberId }, data: issued } };
    },
  },
];
