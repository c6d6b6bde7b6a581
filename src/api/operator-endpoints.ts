/**
 * The store operator's endpoints, one function each over a Connection with an operator token: account members,
 * account memberships and unassigned members. The operator elements' bundle takes these alone, the shopper
 * bundle none of them (nor the filter and sort query builder).
 */
import { type Connection, list, request, valid, withQuery } from './connection.js';
import { getLink, pages } from './pages.js';
import { type RequestOptions, checkAborted } from './http.js';
import { type ListQuery, type MemberFilterAttribute, type MembershipFilterAttribute, toSearchParams } from './query.js';
import type { AccountMember, AccountMembership, ListEnvelope, MembershipListEnvelope } from './types.js';

const membershipsPath = (accountId: string) => `v2/accounts/${encodeURIComponent(accountId)}/account-memberships`;

/**
 * `GET /v2/accounts/:id/account-memberships/unassigned-account-members`: every store member without a
 * membership in the account. When the answer is paged (`links.next`), the following pages are fetched too.
 */
export async function listUnassignedMembers(
  connection: Connection,
  accountId: string,
  options: RequestOptions = {},
): Promise<AccountMember[]> {
  const url = `${membershipsPath(accountId)}/unassigned-account-members`;
  const members: AccountMember[] = [];
  const first = (o: RequestOptions) => getLink<ListEnvelope<AccountMember>>(connection, url, o);
  for await (const page of pages(connection, first, options)) members.push(...page);
  // pages() ends quietly on abort; this list must not look complete
  checkAborted(options.signal);
  return members;
}

/** `POST /v2/accounts/:id/account-memberships`: makes an unassigned member a member of the account. */
export async function createMembership(
  connection: Connection,
  accountId: string,
  accountMemberId: string,
  options?: RequestOptions,
): Promise<AccountMembership> {
  const body = { data: { type: 'account_membership', account_member_id: accountMemberId } };
  const data = (await request(connection, membershipsPath(accountId), { ...options, body }))?.data;
  return valid(data, data && typeof data === 'object' && !Array.isArray(data));
}

/** `GET /v2/accounts/:accountID/account-memberships` with filter (`account_member_id`), sort, page, include. */
export async function listMemberships(
  connection: Connection,
  accountId: string,
  query: ListQuery<MembershipFilterAttribute> = {},
  options?: RequestOptions,
): Promise<MembershipListEnvelope> {
  return list(await request(connection, withQuery(membershipsPath(accountId), toSearchParams(query)), options));
}

/** `GET /v2/account-members` with filter (`email`, `name`), sort and page. */
export async function listMembers(
  connection: Connection,
  query: ListQuery<MemberFilterAttribute> = {},
  options?: RequestOptions,
): Promise<ListEnvelope<AccountMember>> {
  return list(await request(connection, withQuery('v2/account-members', toSearchParams(query)), options));
}
