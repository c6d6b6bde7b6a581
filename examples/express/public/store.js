// The store's own script: the header follows the account chosen in the picker (as text, never as markup), and
// the server's list of the account's catalogs goes once it no longer matches the account or the session.
const member = document.getElementById('member');
const shoppingFor = document.getElementById('shopping-for');
const accountCatalogs = document.getElementById('account-catalogs');

document.addEventListener('account-selected', (event) => {
  if (shoppingFor) shoppingFor.textContent = `Shopping for ${event.detail.accountName}`;
  if (accountCatalogs && shoppingFor?.dataset.accountId !== event.detail.accountId) accountCatalogs.hidden = true;
});

document.addEventListener('signed-out', () => {
  member.textContent = 'Browsing as a guest';
  shoppingFor?.remove();
  if (accountCatalogs) accountCatalogs.hidden = true;
});
