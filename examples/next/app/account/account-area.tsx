'use client';
import { useRouter } from 'next/navigation';
import { AccountPicker, AccountSignIn, CatalogList } from 'storefront-elements/react';

interface Props {
  /** Rendered on the server from the session: the member's name, the chosen account, its catalogs. */
  member: string | null;
  accountName: string | null;
  catalogs: string[];
}

export function AccountArea({ member, accountName, catalogs }: Props) {
  const router = useRouter();
  // the server renders for the session: a change made in the page is rendered again there (one the page came with
  // on load, `restored`, is already in what the server rendered)
  const refresh = (event: { detail: { restored?: boolean } | object }) => {
    if (!('restored' in event.detail && event.detail.restored)) router.refresh();
  };
  return (
    <>
      <header className="store-header">
        <strong className="store-name">Analytical Goods</strong>
        <p id="signed-in-as">{member ? `${member}${accountName ? ` · ${accountName}` : ''}` : 'Browsing as a guest'}</p>
        <AccountSignIn sessionEndpoint="/storefront" onSignedIn={refresh} onSignedOut={refresh} />
      </header>
      <main className="store-main">
        <h1>Your account</h1>
        <section aria-labelledby="server-catalogs-heading">
          <h2 id="server-catalogs-heading">
            {accountName ? `Catalogs of ${accountName}` : 'Choose an account to see its catalogs'}
          </h2>
          <ul id="server-catalogs">
            {catalogs.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </section>
        <CatalogList sessionEndpoint="/storefront" />
        <aside aria-label="Your account">
          <AccountPicker sessionEndpoint="/storefront" onAccountSelected={refresh} />
        </aside>
      </main>
    </>
  );
}
