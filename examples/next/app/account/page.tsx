import { headers } from 'next/headers';
import { sessions } from '../../lib/sessions';
import { AccountArea } from './account-area';

// who is signed in is read for each request, from the session cookie
export const dynamic = 'force-dynamic';

interface CatalogList {
  data: Array<{ id: string; attributes: { name: string } }>;
}

/** The chosen account's catalogs, read on the server with that account's token (which stays here). */
async function catalogsOf(request: Request): Promise<string[]> {
  const answer = await sessions.accountFetch(request, '/catalogs');
  return answer.ok ? ((await answer.json()) as CatalogList).data.map((catalog) => catalog.attributes.name) : [];
}

export default async function AccountPage() {
  const request = new Request('http://store.invalid/account', { headers: await headers() });
  const session = await sessions.getSession(request);
  const account = session?.accounts?.find((candidate) => candidate.accountId === session.selectedAccountId);
  const catalogs = account ? await catalogsOf(request) : [];
  return (
    <AccountArea
      member={session?.member?.name ?? session?.member?.email ?? null}
      accountName={account?.accountName ?? null}
      catalogs={catalogs}
    />
  );
}
