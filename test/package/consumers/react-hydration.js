// The client side of test/package/react-hydration.test.js: hydrates the server-rendered components when the test
// says so, recording what their handlers hear.
import { createElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AccountPicker, AccountSignIn } from 'storefront-elements/react';

export function storefront(props, heard) {
  return createElement(
    'div',
    null,
    createElement(AccountSignIn, {
      baseUrl: props.baseUrl,
      clientId: 'storefront',
      onSignedIn: (event) => heard.signedIn.push(event.detail),
    }),
    createElement(AccountPicker, {
      clientId: 'storefront',
      onAccountSelected: (event) => heard.accountSelected.push(event.detail),
    }),
  );
}

window.hydrate = (props) => {
  const heard = (window.heard = { signedIn: [], accountSelected: [] });
  hydrateRoot(document.getElementById('root'), storefront(props, heard));
};
