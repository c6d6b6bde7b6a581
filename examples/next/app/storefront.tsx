'use client';
import { useState } from 'react';
import { AccountPicker, AccountSignIn, CatalogList } from 'storefront-elements/react';

export function Storefront({ baseUrl }: { baseUrl: string }) {
  const [shopper, setShopper] = useState('Browsing as a guest');
  return (
    <>
      <header className="store-header">
        <strong className="store-name">Analytical Goods</strong>
        <AccountSignIn
          baseUrl={baseUrl}
          clientId="storefront"
          onSignedIn={(event) => setShopper(`Signed in with ${event.detail.accounts.length} accounts`)}
          onSignedOut={() => setShopper('Browsing as a guest')}
        />
      </header>
      <main className="store-main">
        <h1>Catalogs</h1>
        <p id="shopper">{shopper}</p>
        <CatalogList baseUrl={baseUrl} clientId="storefront" />
        <aside aria-label="Your account">
          <AccountPicker
            clientId="storefront"
            onAccountSelected={(event) => setShopper(`Shopping for ${event.detail.accountName}`)}
          />
        </aside>
        <footer>Prices include VAT.</footer>
      </main>
    </>
  );
}
