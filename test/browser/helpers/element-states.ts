/**
 * Each element in its main states against the reference service, for the theme and layout tests: registered
 * through the package's own `define`, placed in the page's document as a store page places them.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import '../../../src/define.js';
import '../../../src/define-operator.js';
import '../../../src/elements/account-menu/define.js';
import { MemberSession } from '../../../src/auth/session.js';
import type {
  AccountMembers,
  AccountMemberships,
  AccountPicker,
  AccountSignIn,
  CatalogList,
  AccountMenu,
} from '../../../src/index.js';
import { SERVICE_URL, fixtureId, implicitToken, operatorToken } from './service.js';
import { cleanUpSignIn } from './sign-in-flow.js';
import { maybePart, part, parts, settled } from './table.js';

/** The store's client (implicit grant) of the fixtures. */
const CLIENT_ID = 'storefront';
/** The session these tests sign a made-up member in to: the picker's, apart from the sign-in buttons'. */
const MEMBER_CLIENT_ID = 'theme-tests';

/** Forgets sessions, cached tokens and the cached sign-in configuration between tests. */
export const forgetSessions = cleanUpSignIn;

/** `<account-sign-in>` signed out, with the button of the fixture's OIDC profile. */
export async function signInButtons(): Promise<AccountSignIn> {
  const el = await fixture<AccountSignIn>(
    html`<account-sign-in base-url=${SERVICE_URL} client-id=${CLIENT_ID} storage="memory"></account-sign-in>`,
  );
  await waitUntil(() => maybePart(el, 'button'), 'no sign-in button', { timeout: 8000 });
  return el;
}

/** `<account-sign-in>` showing its error (the service cannot be reached: a closed port). */
export async function signInError(): Promise<AccountSignIn> {
  const el = await fixture<AccountSignIn>(
    html`<account-sign-in base-url="http://127.0.0.1:9" client-id=${CLIENT_ID} storage="memory"></account-sign-in>`,
  );
  await waitUntil(() => maybePart(el, 'error'), 'no error shown', { timeout: 8000 });
  return el;
}

/** A member of the given accounts signed in to the shared session (as `<account-sign-in>` would do it). */
export function signInMember(...accountNames: string[]): MemberSession {
  const session = MemberSession.for(MEMBER_CLIENT_ID, 'memory');
  const expires = new Date(Date.now() + 3_600_000).toISOString();
  session.signIn({
    accountMemberId: 'member-1',
    accounts: accountNames.map((accountName, i) => ({ accountId: `a${i + 1}`, accountName, token: 't', expires })),
  });
  return session;
}

/** `<account-sign-in>` signed in (through the shared session it shares with the picker). */
export async function signedIn(accountName = 'Analytical Engines Ltd'): Promise<AccountSignIn> {
  signInMember(accountName);
  const el = await fixture<AccountSignIn>(
    html`<account-sign-in base-url=${SERVICE_URL} client-id=${MEMBER_CLIENT_ID} storage="memory"></account-sign-in>`,
  );
  await waitUntil(() => maybePart(el, 'sign-out'), 'not signed in', { timeout: 8000 });
  return el;
}

/** `<account-menu>` of a member of `names`, the second one chosen, its panel open. */
export async function menuOpen(names: string[]): Promise<AccountMenu> {
  signInMember(...names).select('a2');
  const el = await fixture<AccountMenu>(
    html`<account-menu base-url=${SERVICE_URL} client-id=${MEMBER_CLIENT_ID} storage="memory"></account-menu>`,
  );
  part(el, 'trigger').click();
  await waitUntil(() => maybePart(el, 'list'), 'the panel', { timeout: 8000 });
  return el;
}

/** `<account-picker>` signed out (its hint). */
export function pickerSignedOut(): Promise<AccountPicker> {
  return fixture<AccountPicker>(html`<account-picker client-id=${MEMBER_CLIENT_ID} storage="memory"></account-picker>`);
}

/** `<account-picker>` listing `names`, the second one chosen. */
export async function pickerWithAccounts(names: string[]): Promise<AccountPicker> {
  signInMember(...names);
  const el = await pickerSignedOut();
  parts(el, 'item')[1].click();
  await el.updateComplete;
  return el;
}

/** `<catalog-list>` with the store-wide catalogs (the host gives the implicit token: no session changes them). */
export async function catalogList(): Promise<CatalogList> {
  const el = await fixture<CatalogList>(
    html`<catalog-list base-url=${SERVICE_URL} .accessToken=${await implicitToken()}></catalog-list>`,
  );
  await waitUntil(() => parts(el, 'item').length > 0, 'no catalogs shown', { timeout: 8000 });
  await el.updateComplete;
  return el;
}

/** Opens the release panel of the first catalog and waits for its releases. */
export async function openReleases(el: CatalogList): Promise<HTMLElement> {
  part(el, 'expand').click();
  await waitUntil(() => maybePart(el, 'release'), 'no releases shown', { timeout: 8000 });
  return part(el, 'releases');
}

/** `<catalog-list>` that the service refuses (a forged token): its error and retry. */
export async function catalogListError(): Promise<CatalogList> {
  const el = await fixture<CatalogList>(
    html`<catalog-list base-url=${SERVICE_URL} .accessToken=${'forged'}></catalog-list>`,
  );
  await waitUntil(() => maybePart(el, 'error'), 'no error shown', { timeout: 8000 });
  return el;
}

/** `<account-members>` with the fixture members, the first one chosen. */
export async function members(): Promise<AccountMembers> {
  const el = await fixture<AccountMembers>(
    html`<account-members base-url=${SERVICE_URL} .accessToken=${await operatorToken()}></account-members>`,
  );
  await settled(el);
  part(el, 'row-button').click();
  await el.updateComplete;
  return el;
}

/** `<account-memberships>` of the fixture account Harvard. */
export async function memberships(): Promise<AccountMemberships> {
  const el = await fixture<AccountMemberships>(
    html`<account-memberships
      base-url=${SERVICE_URL}
      account-id=${await fixtureId('account:harvard')}
      .accessToken=${await operatorToken()}
    ></account-memberships>`,
  );
  await settled(el);
  return el;
}
