// The store page's own script: the two files of the one-tag setup, then the service's address and the operator's
// token (which a real operator page gets from its own back end) from the test's config.
import '/storefront-elements.js';
import '/storefront-operator.js';

const { service, operatorToken, accountId } = await (await fetch('/config.json')).json();
for (const element of document.querySelectorAll(
  'account-menu, account-sign-in, catalog-list, account-members, account-memberships',
)) {
  element.baseUrl = service;
}
for (const element of document.querySelectorAll('account-members, account-memberships')) {
  element.accessToken = operatorToken;
}
document.querySelector('account-memberships').accountId = accountId;
