// The API page of one element, /api/<tag>.html: api-viewer-element renders the element's part of
// custom-elements.json (attributes, properties, events, parts, custom properties) and a live instance, which the
// templates below wire to the reference service as the storefront and operator pages are.
import 'api-viewer-element';
import '../src/define.js';
import '../src/define-operator.js';
import type { AccountMembers, AccountMemberships } from '../src/index.js';
import { operatorAccounts, operatorToken } from './operator-token.js';

const SHOPPER = ['account-sign-in', 'account-picker', 'catalog-list'];
const OPERATOR = ['account-members', 'account-memberships'];

const serviceUrl = document.body.dataset.serviceUrl!;
const tag = /^\/api\/([a-z-]+)\.html$/.exec(location.pathname)?.[1] ?? SHOPPER[0];
const viewer = document.querySelector('api-viewer')!;

/** A `<template data-element data-target>` of api-viewer-element, holding `element`. */
function template(target: 'host' | 'prefix', element: HTMLElement): HTMLTemplateElement {
  const wrapper = document.createElement('template');
  wrapper.dataset.element = tag;
  wrapper.dataset.target = target;
  wrapper.content.append(element);
  return wrapper;
}

/** The live instance's attributes: the service for every element, the store's client for the shopper's. */
function wired(name: string): HTMLElement {
  const element = document.createElement(name);
  if (name !== 'account-picker') element.setAttribute('base-url', serviceUrl);
  if (SHOPPER.includes(name)) element.setAttribute('client-id', 'storefront');
  return element;
}

const links = [...SHOPPER, ...OPERATOR].map((name) => {
  const link = document.createElement('a');
  link.href = `/api/${name}.html`;
  link.textContent = `<${name}>`;
  if (name === tag) link.setAttribute('aria-current', 'page');
  return link;
});
document.querySelector('#elements')!.append(...links);

viewer.setAttribute('selected', tag);
// back from the identity provider: the live instance is the one to finish the sign-in
if (/[?&](code|error)=/.test(location.search)) viewer.setAttribute('section', 'demo');
viewer.append(template('host', wired(tag)));
// the picker and the list follow a sign-in: their page has the sign-in element above the live instance
if (tag !== 'account-sign-in' && SHOPPER.includes(tag)) viewer.append(template('prefix', wired('account-sign-in')));

// the operator elements take their token (and the memberships an account) once api-viewer renders them
viewer.addEventListener('rendered', async (event) => {
  const { component } = (event as CustomEvent<{ component: HTMLElement }>).detail;
  if (!OPERATOR.includes(component.localName)) return;
  const operator = component as AccountMembers | AccountMemberships;
  operator.accessToken = operatorToken;
  if ('accountId' in operator && !operator.accountId) {
    operator.accountId = (await operatorAccounts(serviceUrl)).find((account) => account.name.startsWith('Harvard'))!.id;
  }
});
