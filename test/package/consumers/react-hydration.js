// The client side of test/package/react-hydration.test.js: hydrates the server-rendered components when the test
// says so, recording what their handlers hear.
import { createElement, useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { AccountPicker, AccountSignIn } from 'storefront-elements/react';

/** Tells the page once React has hydrated the tree (effects run after hydration). */
function Hydrated() {
  useEffect(() => {
    window.hydrated = true;
  }, []);
  return null;
}

export function storefront(props, heard) {
  return createElement(
    'div',
    null,
    createElement(Hydrated),
    createElement(AccountSignIn, {
      baseUrl: props.baseUrl,
      clientId: 'storefront',
      storage: props.storage,
      onSignedIn: (event) => heard.signedIn.push(event.detail),
    }),
    createElement(AccountPicker, {
      clientId: 'storefront',
      storage: props.storage,
      onAccountSelected: (event) => heard.accountSelected.push(event.detail),
    }),
  );
}

window.hydrate = (props) => {
  const heard = (window.heard = { signedIn: [], accountSelected: [] });
  hydrateRoot(document.getElementById('root'), storefront(props, heard), {
    onRecoverableError: (error) => (window.hydrationErrors ??= []).push(String(error)),
  });
};
