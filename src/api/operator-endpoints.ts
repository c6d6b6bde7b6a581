import { type RequestOptions, checkAborted } from './http.js';
import { type ListQuery, type MemberFilterAttribute, type MembershipFilterAttribute, toSearchParams } from './query.js';
import { ServiceClient, list, valid, withQuery } from './service-client.js';
import type { AccountMember, AccountMembership, ListEnvelope, MembershipListEnvelope } from './types.js';

/**
 * The store operator's endpoints: account members, account memberships and unassigned members, read with an
 * operator token. The operator elements call through this client, so that their bundle carries none of the
 * shopper's endpoints (and the shopper bundle none of these, nor the filter and sort query builder); OperatorClient
 * has these beside the shopper's.
 */
export class OperatorEndpointsClient extends ServiceClient {
  /**
   * `GET /v2/accounts/:id/account-memberships/unassigned-account-members`: every store member without a
   * membership in the account. When the answer is paged (`links.next`), the following pages are fetched too.
   */
  async listUnassignedMembers(accountId: string, options: RequestOptions = {}): Promise<AccountMember[]> {
    const url = `v2/accounts/${encodeURIComponent(accountId)}/account-memberships/unassigned-account-members`;
    const members: AccountMember[] = [];
    for await (const page of this.pages<AccountMember>((o) => this.getLink(url, o), options)) members.push(...page);
    // pages() ends quietly on abort; this list must not look complete
    checkAborted(options.signal);
    return members;
  }

  /** `POST /v2/accounts/:id/account-memberships`: makes an unassigned member a member of the account. */
  async createMembership(
    accountId: string,
    accountMemberId: string,
    options?: RequestOptions,
  ): Promise<AccountMembership> {
    const data = (
      await this.send(`v2/accounts/${encodeURIComponent(accountId)}/account-memberships`, options, {
        data: { type: 'account_membership', account_member_id: accountMemberId },
      })
    )?.data;
    return valid(data, data && typeof data === 'object' && !Array.isArray(data));
  }

  /** `GET /v2/accounts/:accountID/account-memberships` with filter (`account_member_id`), sort, page, include. */
  async listMemberships(
    accountId: string,
    query: ListQuery<MembershipFilterAttribute> = {},
    options?: RequestOptions,
  ): Promise<MembershipListEnvelope> {
    const path = `v2/accounts/${encodeURIComponent(accountId)}/account-memberships`;
    return list(await this.send(withQuery(path, toSearchParams(query)), options));
  }

  /** `GET /v2/account-members` with filter (`email`, `name`), sort and page. */
  async listMembers(
    query: ListQuery<MemberFilterAttribute> = {},
    options?: RequestOptions,
  ): Promise<ListEnvelope<AccountMember>> {
    return list(await this.send(withQuery('v2/account-members', toSearchParams(query)), options));
  }
}
