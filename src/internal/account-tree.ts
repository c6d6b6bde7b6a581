import type { AccountSession } from '../events.js';

/** One account as a list of the member's accounts shows it: in the store's tree of accounts. */
export interface AccountRow {
  account: AccountSession;
  /** How deep it sits under the accounts shown at the top (0: at the top). */
  level: number;
  /** The names of the accounts above it, the top one first (empty at the top). */
  ancestors: string[];
}

export interface AccountRowsOptions {
  /** The account used last: its branch of the tree comes first. */
  lastUsed?: string;
  /** Text to look for: an account whose name holds it is shown with its sub-accounts (any case). */
  query?: string;
  /** The language the names are compared in (for case). */
  locale?: string;
}

/**
 * The accounts a member may act for, shown the same way in the picker and the menu: each sub-account under its
 * parent (the vendor's `parent_id`) where the member may act for the parent too, else at the top; siblings in the
 * order the service gave them, but the branch of the account used last first. With a query, the accounts whose
 * name holds it and their sub-accounts, each still naming the accounts above it.
 *
 * Hostile data cannot break it: a parent the member may not act for places an account at the top, and so does a
 * loop of parents.
 */
export function accountRows(accounts: readonly AccountSession[], options: AccountRowsOptions = {}): AccountRow[] {
  const byId = new Map(accounts.map((account) => [account.accountId, account]));
  const above = new Map<AccountSession, AccountSession[]>();
  for (const account of accounts) above.set(account, chainAbove(account, byId));

  const children = new Map<AccountSession | undefined, AccountSession[]>();
  for (const account of accounts) {
    const parent = above.get(account)!.at(-1);
    if (!children.has(parent)) children.set(parent, []);
    children.get(parent)!.push(account);
  }

  const last = byId.get(options.lastUsed!);
  const lastBranch = new Set(last ? [...above.get(last)!, last] : []);
  const fold = (text: string) => text.toLocaleLowerCase(options.locale);
  const query = fold(options.query?.trim() ?? '');

  const rows: AccountRow[] = [];
  const visit = (account: AccountSession, shown: boolean) => {
    const ancestors = above.get(account)!;
    shown ||= fold(account.accountName).includes(query);
    if (shown) rows.push({ account, level: ancestors.length, ancestors: ancestors.map((a) => a.accountName) });
    for (const child of firstOf(children.get(account) ?? [], lastBranch)) visit(child, shown);
  };
  for (const root of firstOf(children.get(undefined) ?? [], lastBranch)) visit(root, false);
  return rows;
}

/** The accounts above `account` among the member's, the top one first; none when its parents loop. */
function chainAbove(account: AccountSession, byId: Map<string, AccountSession>): AccountSession[] {
  const chain: AccountSession[] = [];
  const seen = new Set([account]);
  for (let parent = byId.get(account.parentId!); parent; parent = byId.get(parent.parentId!)) {
    if (seen.has(parent)) return [];
    seen.add(parent);
    chain.unshift(parent);
  }
  return chain;
}

/** `siblings` with the one on the way to the account used last moved to the front. */
function firstOf(siblings: AccountSession[], lastBranch: Set<AccountSession>): AccountSession[] {
  const first = siblings.find((sibling) => lastBranch.has(sibling));
  return first ? [first, ...siblings.filter((sibling) => sibling !== first)] : siblings;
}
