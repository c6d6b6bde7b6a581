/** Shared steps of the <catalog-list> tests: real sign-in for account tokens, fixtures, readers. */
import { createAccountManagementTokens } from '../../../src/api/account-tokens.js';
import { getAccountAuthenticationSettings, listOidcProfiles } from '../../../src/api/client.js';
import { connect } from '../../../src/api/connection.js';
import { waitUntil } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import type { AccountManagementTokenResponse, Catalog } from '../../../src/api/types.js';
import { createPkcePair, createState } from '../../../src/auth/pkce.js';
import { buildAuthorizationUrl } from '../../../src/auth/sign-in.js';
import type { CatalogList } from '../../../src/elements/catalog-list/catalog-list.js';
import type { AccountSession } from '../../../src/events.js';
import { SERVICE_URL, implicitToken } from '../helpers/service.js';
import { maybePart, parts } from '../helpers/table.js';

/** Fixture catalog names (test/support/fixtures.js), in the service's order. */
export const CATALOG_NAMES = {
  essentials: 'Everyday Essentials',
  seasonal: 'Seasonal Collection',
  clearance: 'Clearance',
  engineParts: 'Analytical Engine Parts',
  labSupplies: 'Harvard Lab Supplies',
  tradePricing: 'Trade Partner Pricing',
} as const;

const N = CATALOG_NAMES;
/** What each caller may view, by the fixture catalog rules. */
export const VISIBLE = {
  storeWide: [N.essentials, N.seasonal, N.clearance],
  analytical: [N.essentials, N.seasonal, N.clearance, N.engineParts, N.tradePricing],
  harvard: [N.essentials, N.seasonal, N.clearance, N.labSupplies],
  all: [N.essentials, N.seasonal, N.clearance, N.engineParts, N.labSupplies, N.tradePricing],
};

const signIns = new Map<string, Promise<AccountManagementTokenResponse>>();

/** Signs in at the identity provider for real and exchanges the code for account management tokens. */
export function signInAs(login: string): Promise<AccountManagementTokenResponse> {
  let pending = signIns.get(login);
  if (!pending) {
    pending = signIn(login);
    signIns.set(login, pending);
  }
  return pending;
}

async function signIn(login: string): Promise<AccountManagementTokenResponse> {
  const connection = connect({ baseUrl: SERVICE_URL, accessToken: await implicitToken() });
  const settings = await getAccountAuthenticationSettings(connection);
  const [profile] = await listOidcProfiles(connection, settings.relationships.authentication_realm.data.id);
  const { codeVerifier, codeChallenge } = await createPkcePair();
  const state = createState();
  const redirectUri = `${location.origin}/callback`;
  const url = buildAuthorizationUrl({
    endpoint: profile.links['authorization-endpoint'],
    clientId: settings.meta.client_id,
    redirectUri,
    state,
    codeChallenge,
  });
  const landed = new URL((await executeServerCommand('idp-sign-in', { url, login, password: 'password' })) as string);
  const code = landed.searchParams.get('code');
  if (!code || landed.searchParams.get('state') !== state) throw new Error(`sign-in failed: ${landed.href}`);
  return createAccountManagementTokens(connection, { code, redirectUri, codeVerifier });
}

export function sessionAccounts(answer: AccountManagementTokenResponse): AccountSession[] {
  return answer.data.map((t) => ({
    accountId: t.account_id,
    accountName: t.account_name,
    token: t.token,
    expires: t.expires,
  }));
}

export function accountNamed(answer: AccountManagementTokenResponse, name: string): AccountSession {
  const found = sessionAccounts(answer).find((a) => a.accountName === name);
  if (!found) throw new Error(`no account ${name}`);
  return found;
}

export function isBusy(el: CatalogList): boolean {
  return el.shadowRoot?.querySelector('[part~="base"]')?.getAttribute('aria-busy') === 'true';
}

/** Waits until the element has rendered and every load it started has ended. */
export async function loaded(el: CatalogList): Promise<void> {
  await el.updateComplete;
  await waitUntil(() => !isBusy(el), '<catalog-list> kept loading', { timeout: 8000 });
  await el.updateComplete;
}

/** Names of the rendered rows, top to bottom. */
export function shownNames(el: CatalogList): string[] {
  return parts(el, 'item')
    .sort((a, b) => Number(a.dataset.index) - Number(b.dataset.index))
    .map((item) => item.querySelector('[part~="name"]')?.textContent?.trim() ?? '');
}

export function item(el: CatalogList, name: string): HTMLElement {
  const found = parts(el, 'item').find((i) => i.querySelector('[part~="name"]')?.textContent?.trim() === name);
  if (!found) throw new Error(`no row ${name}; rows: ${shownNames(el).join(', ')}`);
  return found;
}

export function inItem<T extends HTMLElement = HTMLElement>(row: HTMLElement, part: string): T {
  const found = row.querySelector<T>(`[part~="${part}"]`);
  if (!found) throw new Error(`no part ${part} in the row`);
  return found;
}

export function errorText(el: CatalogList): string | undefined {
  return maybePart(el, 'error-message')?.textContent?.trim();
}

/** A fetch that passes every request on to the real service and remembers the URLs and signals. */
export function observedFetch(onCall?: (url: string, index: number) => void | Promise<void>): {
  fetch: typeof fetch;
  urls: string[];
  signals: (AbortSignal | undefined)[];
} {
  const urls: string[] = [];
  const signals: (AbortSignal | undefined)[] = [];
  const wrapped = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    urls.push(url);
    signals.push(init?.signal ?? undefined);
    const answer = fetch(input, init);
    await onCall?.(url, urls.length - 1);
    return answer;
  };
  return { fetch: wrapped as typeof fetch, urls, signals };
}

/** `count` made-up catalogs shaped like the API's. */
export function syntheticCatalogs(count: number): Catalog[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    type: 'catalog',
    attributes: {
      name: `Catalog ${i + 1}`,
      description: `Synthetic catalog number ${i + 1}`,
      hierarchy_ids: [],
      created_at: '2025-01-06T09:00:00.000',
      updated_at: '2025-01-06T09:30:00.000',
      owner: 'store',
    },
    relationships: {
      releases: { links: { related: `${SERVICE_URL}/catalogs/synthetic-${i}/releases` }, meta: { count: i % 4 } },
    },
  }));
}
