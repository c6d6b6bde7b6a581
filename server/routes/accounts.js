/** Accounts, account members and account memberships (operator tokens). */
import {
  badRequest,
  forbidden,
  HttpError,
  notFound,
  quoted,
  shortened,
  unauthorized,
  unprocessable,
} from '../http/errors.js';
import { readJson, RESOURCE_BODY } from '../http/util.js';
import { pageEnvelope, parsePage, parseSort, readFilter, singleParam } from '../http/list-params.js';
import { accountResource, memberResource, membershipResource, single } from './resources.js';
import { SORT_ATTRIBUTES } from '../domain/store.js';
import { dataOfType, requiredString, UUID_RE } from '../http/validate.js';

const MEMBER_FILTER_ATTRIBUTES = ['email', 'name'];
const MEMBERSHIP_FILTER_ATTRIBUTES = ['account_member_id'];

/**
 * @param {import('../http/app.js').Ctx} ctx
 * @param {string} id
 */
function accountOr404(ctx, id) {
  const account = ctx.service.store.account(id);
  if (!account) throw notFound(`The account ${shortened(id)} was not found`);
  return account;
}

/**
 * An operator, for the lists of account members. The spec's error table gives a caller not allowed to
 * list account members 401 Unauthorized without detail, so a token of another kind gets that, not a 403.
 * @param {import('../http/app.js').Ctx} ctx
 */
async function memberListCaller(ctx) {
  try {
    return await ctx.auth('operator');
  } catch (error) {
    if (error instanceof HttpError && error.status === 403) throw unauthorized();
    throw error;
  }
}

/**
 * Lists members (all, or those without a membership in an account) with filter, sort and page. The matches of
 * one query are kept until the store changes, so paging through a large filtered list does not count it again.
 * @param {import('../http/app.js').Ctx} ctx
 * @param {string} [outsideAccount]
 */
async function listMembers(ctx, outsideAccount) {
  const q = ctx.url.searchParams;
  const page = parsePage(q);
  const { attribute, descending } = parseSort(q, SORT_ATTRIBUTES);
  const exprs = readFilter(q, MEMBER_FILTER_ATTRIBUTES);
  const key = `${outsideAccount ?? ''}|${attribute}|${descending}|${q.get('filter') ?? ''}`;
  const query = { exprs, attribute, descending, outsideAccount };
  const { total, rows } = await ctx.service.memberLists.page(query, key, page.offset, page.limit);
  return {
    status: 200,
    body: {
      data: rows.map((m) => memberResource(m, ctx.base)),
      ...pageEnvelope({ total, ...page, url: ctx.url }),
    },
  };
}

/** @type {import('../http/app.js').Route[]} */
export const accountRoutes = [
  {
    method: 'GET',
    path: '/v2/accounts',
    async handler(ctx) {
      await ctx.auth('operator');
      const page = parsePage(ctx.url.searchParams);
      const all = ctx.service.store.accounts;
      return {
        status: 200,
        body: {
          data: all
            .slice(page.offset, page.offset + page.limit)
            .map((a) => accountResource(a, ctx.base, ctx.service.store.ancestors(a))),
          ...pageEnvelope({ total: all.length, ...page, url: ctx.url }),
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/v2/accounts/:id',
    async handler(ctx) {
      const who = await ctx.auth('operator', 'account');
      if (who.kind === 'account' && who.accountId !== ctx.params.id) {
        throw forbidden('An account management token may only read its own account');
      }
      const account = accountOr404(ctx, ctx.params.id);
      return { status: 200, body: single(accountResource(account, ctx.base, ctx.service.store.ancestors(account))) };
    },
  },
  {
    method: 'GET',
    path: '/v2/accounts/:id/account-memberships/unassigned-account-members',
    async handler(ctx) {
      await memberListCaller(ctx);
      accountOr404(ctx, ctx.params.id);
      return listMembers(ctx, ctx.params.id);
    },
  },
  {
    method: 'GET',
    path: '/v2/accounts/:id/account-memberships',
    async handler(ctx) {
      await ctx.auth('operator');
      accountOr404(ctx, ctx.params.id);
      const { store } = ctx.service;
      const q = ctx.url.searchParams;
      const page = parsePage(q);
      const { attribute, descending } = parseSort(q, SORT_ATTRIBUTES);
      const exprs = readFilter(q, MEMBERSHIP_FILTER_ATTRIBUTES);
      const include = singleParam(q, 'include');
      // account_members is the spelling the vendor's SDK declares
      if (include !== null && include !== 'account_member' && include !== 'account_members') {
        throw badRequest(`Unknown include ${quoted(include)}: only account_member is supported`);
      }
      const matched = store.findMemberships(ctx.params.id, { exprs, attribute, descending });
      const { total } = matched;
      const items = matched.page(page.offset, page.limit);
      /** @type {Record<string, unknown>} */
      const body = {
        data: items.map((ms) => membershipResource(ms, ctx.base)),
        ...pageEnvelope({ total, ...page, url: ctx.url }),
      };
      if (include !== null) {
        const seen = new Set();
        const members = [];
        for (const ms of items) {
          const m = store.member(ms.account_member_id);
          if (m && !seen.has(m.id)) {
            seen.add(m.id);
            members.push(memberResource(m, ctx.base));
          }
        }
        body.included = { account_members: members };
      }
      return { status: 200, body };
    },
  },
  {
    method: 'POST',
    path: '/v2/accounts/:id/account-memberships',
    body: RESOURCE_BODY,
    async handler(ctx) {
      await ctx.auth('operator');
      accountOr404(ctx, ctx.params.id);
      const data = dataOfType(await readJson(ctx.req), 'account_membership');
      const memberId = requiredString(data, 'account_member_id');
      if (!UUID_RE.test(memberId)) throw unprocessable('data.account_member_id must be a UUID');
      if (!ctx.service.store.member(memberId))
        throw unprocessable(`The account member ${shortened(memberId)} does not exist`);
      const ms = await ctx.service.store.createMembership(ctx.params.id, memberId);
      return { status: 201, body: single(membershipResource(ms, ctx.base)) };
    },
  },
  {
    method: 'GET',
    path: '/v2/accounts/:id/account-memberships/:membership',
    async handler(ctx) {
      await ctx.auth('operator');
      accountOr404(ctx, ctx.params.id);
      const ms = ctx.service.store.membership(ctx.params.id, ctx.params.membership);
      if (!ms) throw notFound(`The account membership ${shortened(ctx.params.membership)} was not found`);
      return { status: 200, body: single(membershipResource(ms, ctx.base)) };
    },
  },
  {
    method: 'GET',
    path: '/v2/account-members',
    async handler(ctx) {
      await memberListCaller(ctx);
      return listMembers(ctx);
    },
  },
  {
    method: 'GET',
    path: '/v2/account-members/:id',
    async handler(ctx) {
      // the vendor's permission table lets a member's own account token (beside the implicit bearer) read the
      // member; any other member reads as not found to it
      const caller = await ctx.auth('operator', 'account');
      const own = caller.kind !== 'account' || caller.accountMemberId === ctx.params.id;
      const m = own ? ctx.service.store.member(ctx.params.id) : undefined;
      if (!m) throw notFound(`The account member ${shortened(ctx.params.id)} was not found`);
      return { status: 200, body: single(memberResource(m, ctx.base)) };
    },
  },
];
