// Type-checked (never run) by test/package/react.test.js: how a React 19 app uses the elements, through the
// components of `storefront-elements/react` and as tags in TSX with the generated `storefront-elements/jsx`
// typings. Each @ts-expect-error is a mistake the typings must catch.
import type {} from 'storefront-elements/jsx';
import type { CatalogSelectedEvent, MemberSelectedEvent, SignedInEvent } from 'storefront-elements';
import {
  AccountMembers,
  AccountMemberships,
  AccountPicker,
  AccountSignIn,
  CatalogList,
} from 'storefront-elements/react';
import { useRef, useState } from 'react';

export function Storefront({ operatorToken }: { operatorToken: string }) {
  const signIn = useRef<InstanceType<typeof import('storefront-elements').AccountSignIn>>(null);
  const [token, setToken] = useState<string>();
  return (
    <main>
      <AccountSignIn
        ref={signIn}
        baseUrl="http://localhost:8787"
        clientId="storefront"
        redirectUri="http://localhost:5173/"
        mode="popup"
        signOutScope="everywhere"
        storage="memory"
        className="sign-in"
        onSignedIn={(event) => event.detail.restored || setToken(event.detail.accounts[0]?.token)}
        onSignInRedirect={(event) => event.detail.url.length > 0 && event.preventDefault()}
        onSignedOut={(event) => event.detail.reason === 'elsewhere'}
        onStorefrontError={(event) => console.warn(event.detail.error.code)}
      />
      <AccountPicker clientId="storefront" onAccountSelected={(event) => setToken(event.detail.token)} />
      <CatalogList
        baseUrl="http://localhost:8787"
        clientId="storefront"
        pageSize={50}
        accessToken={async () => token ?? ''}
        onCatalogSelected={(event) => console.log(event.detail.catalog.attributes.name)}
        texts={{
          emptyText: 'Noch keine Kataloge.',
          listLabel: 'Kataloge',
          releasesCountText: { one: '{count} Version', other: '{count} Versionen' },
        }}
      />
      <AccountMembers
        baseUrl="http://localhost:8787"
        accessToken={operatorToken}
        filterField="email"
        page={2}
        onMemberSelected={(event) => console.log(event.detail.member.email)}
      />
      <AccountMemberships
        accountId="a1"
        accessToken={operatorToken}
        onMembershipCreated={(event) => console.log(event.detail.membership, event.detail.member)}
      />

      {/* the tags themselves, as React 19 passes props to custom elements */}
      <account-sign-in
        base-url="http://localhost:8787"
        client-id="storefront"
        mode="redirect"
        onsigned-in={(event) => console.log(event.detail.accountMemberId)}
      />
      <catalog-list page-size={25} oncatalog-selected={(event) => console.log(event.detail.catalog.id)} />

      {/* @ts-expect-error mode is 'redirect' or 'popup' */}
      <AccountSignIn mode="window" />
      {/* @ts-expect-error pageSize is a number */}
      <CatalogList pageSize="many" />
      {/* @ts-expect-error the handler receives that element's event */}
      <AccountPicker onAccountSelected={(event: MemberSelectedEvent) => event.detail.member} />
      {/* @ts-expect-error the handler receives that element's event */}
      <CatalogList onCatalogSelected={(event: SignedInEvent) => event.detail.accounts} />
      {/* @ts-expect-error a text is a string (or plural forms) */}
      <CatalogList texts={{ emptyText: 42 }} />
      {/* @ts-expect-error texts are the element's own: a misspelt key is refused */}
      <CatalogList texts={{ emptyTxt: 'Nothing yet.' }} />
      {/* @ts-expect-error mode is 'redirect' or 'popup' */}
      <account-sign-in mode="window" />
      {/* @ts-expect-error page-size is a number */}
      <catalog-list page-size="many" />
      {/* @ts-expect-error the handler receives that element's event */}
      <account-picker onaccount-selected={(event: CatalogSelectedEvent) => event.detail.catalog} />
    </main>
  );
}
