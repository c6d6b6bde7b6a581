import '../src/define-operator.js';
import type { AccountMembers, AccountMemberships } from '../src/index.js';
import { startEventLog } from './event-log.js';
import { operatorAccounts, operatorToken } from './operator-token.js';

startEventLog(document.querySelector('#log')!, document.querySelector('#clear-log')!, [
  'member-selected',
  'membership-created',
  'storefront-error',
]);

const members = document.querySelector<AccountMembers>('account-members')!;
const memberships = document.querySelector<AccountMemberships>('account-memberships')!;
members.accessToken = operatorToken;
memberships.accessToken = operatorToken;

const accountSelect = document.querySelector<HTMLSelectElement>('#account')!;
const accounts = await operatorAccounts(members.baseUrl);
accountSelect.replaceChildren(...accounts.map(({ id, name }) => new Option(name, id)));
const showAccount = () => (memberships.accountId = accountSelect.value);
accountSelect.addEventListener('change', showAccount);
showAccount();
