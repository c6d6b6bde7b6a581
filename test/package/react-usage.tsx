// Type-checked (never run) by test/package/react.test.js: how a React 19 app uses the elements with
// `storefront-elements/react`. Each @ts-expect-error is a mistake the typings must catch.
import type {} from 'storefront-elements/react';
import type { AccountSignIn, MemberSelectedEvent } from 'storefront-elements';
import { useRef, useState } from 'react';

export function Storefront({ operatorToken }: { operatorToken: string }) {
  const signIn = useRef<AccountSignIn>(null);
  const [token, setToken] = useState<string>();
  return (
    <main>
      <account-sign-in
        ref={signIn}
        base-url="http://localhost:8787"
        client-id="storefront"
        redirect-uri="http://localhost:5173/"
        ui-locales="en"
        storage="memory"
        mode="popup"
        sign-out="everywhere"
        class="sign-in"
        onsigned-in={(event) => event.detail.restored || setToken(event.detail.accounts[0]?.token)}
        onsign-in-redirect={(event) => event.detail.url.length > 0 && event.preventDefault()}
        onsigned-out={(event) => event.detail.reason === 'elsewhere'}
        onstorefront-error={(event) => console.warn(event.detail.error.code)}
      >
        <span slot="heading">Welcome</span>
      </account-sign-in>
      <account-picker
        client-id="storefront"
        onaccount-selected={(event) => event.detail.restored || setToken(event.detail.token)}
      />
      <catalog-list
        baseUrl="http://localhost:8787"
        clientId="storefront"
        page-size={50}
        accessToken={async () => token ?? ''}
        oncatalog-selected={(event) => console.log(event.detail.catalog)}
        texts={{
          emptyText: 'Noch keine Kataloge.',
          listLabel: 'Kataloge',
          releasesCountText: { one: '{count} Version', other: '{count} Versionen' },
        }}
      />
      <account-members
        base-url="http://localhost:8787"
        accessToken={operatorToken}
        filter-field="email"
        page={2}
        onmember-selected={(event) => console.log(event.detail.member)}
      />
      <account-memberships
        account-id="a1"
        accessToken={operatorToken}
        onmembership-created={(event) => console.log(event.detail.membership, event.detail.member)}
      />

      {/* @ts-expect-error mode is 'redirect' or 'popup' */}
      <account-sign-in mode="window" />
      {/* @ts-expect-error sign-out is 'local' or 'everywhere' */}
      <account-sign-in sign-out="all" />
      {/* @ts-expect-error storage is 'session' or 'memory' */}
      <account-picker storage="local" />
      {/* @ts-expect-error the handler receives that element's event type */}
      <account-picker onaccount-selected={(event: MemberSelectedEvent) => event} />
      {/* @ts-expect-error methods are not props */}
      <account-sign-in signOut={() => undefined} />
      {/* @ts-expect-error property values are typed */}
      <catalog-list accessToken={42} />
      {/* @ts-expect-error a text is a string (or plural forms) */}
      <catalog-list texts={{ emptyText: 42 }} />
      {/* @ts-expect-error texts are the element's own: a misspelt key is refused */}
      <catalog-list texts={{ emptyTxt: 'Nothing yet.' }} />
      {/* @ts-expect-error unknown camelCase props are refused (kebab-case attributes are not checked by TypeScript) */}
      <catalog-list pageSizes={3} />
    </main>
  );
}
