// The store's own script: who the shopper acts for, in the page's own words (as text, never as markup).
const shopper = document.getElementById('shopper');
document.addEventListener('account-selected', (event) => {
  shopper.textContent = `Shopping for ${event.detail.accountName}`;
});
document.addEventListener('signed-out', () => (shopper.textContent = 'Browsing as a guest'));
