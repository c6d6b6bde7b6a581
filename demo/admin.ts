import '../src/define-operator.js';
import type { AccountMembers, AccountMemberships } from '../src/index.js';
import { startEventLog } from './event-log.js';

startEventLog(document.querySelector('#log')!, document.querySelector('#clear-log')!, [
  'member-selected',
  'membership-created',
  'storefront-error',
]);

interface CachedToken {
  token: Promise<string>;
  renewAt: number;
}
let cached: CachedToken | undefined;

/** Asks the demo server (the stand-in for the store's back end) for an operator token, reused until near expiry. */
function operatorToken(): Promise<string> {
  if (!cached || cached.renewAt <= Date.now()) {
    const entry: CachedToken = { renewAt: Number.POSITIVE_INFINITY, token: Promise.resolve('') };
    entry.token = requestOperatorToken(entry);
    entry.token.catch(() => {
      if (cached === entry) cached = undefined;
    });
    cached = entry;
  }
  return cached.token;
}

async function requestOperatorToken(entry: CachedToken): Promise<string> {
  const answer = await fetch('/demo-api/operator-token', { method: 'POST' });
  if (!answer.ok) throw new Error(`The demo server could not get an operator token (HTTP ${answer.status}).`);
  const body = (await answer.json()) as { access_token: string; expires_in: number };
  entry.renewAt = Date.now() + (body.expires_in - 30) * 1000;
  return body.access_token;
}

const members = document.querySelector<AccountMembers>('account-members')!;
const memberships = document.querySelector<AccountMemberships>('account-memberships')!;
members.accessToken = operatorToken;
memberships.accessToken = operatorToken;

// The interface names no account listing; the reference service offers one to operators (GET /v2/accounts).
const accountSelect = document.querySelector<HTMLSelectElement>('#account')!;
const answer = await fetch(`${members.baseUrl}/v2/accounts?page[limit]=100`, {
  headers: { Authorization: `Bearer ${await operatorToken()}`, Accept: 'application/json' },
});
const accounts = answer.ok ? ((await answer.json()) as { data: { id: string; name: string }[] }).data : [];
accountSelect.replaceChildren(...accounts.map(({ id, name }) => new Option(name, id)));
const showAccount = () => (memberships.accountId = accountSelect.value);
accountSelect.addEventListener('change', showAccount);
showAccount();
