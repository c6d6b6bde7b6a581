/** The event classes: named by their class, bubbling and composed, cancelable where the class says so. */
import { expect } from '@open-wc/testing';
import { StorefrontError } from '../../src/api/errors.js';
import type { AccountMember, AccountMembership, Catalog } from '../../src/api/types.js';
import {
  AccountSelectedEvent,
  CatalogSelectedEvent,
  SignInRedirectEvent,
  SignedInEvent,
  SignedOutEvent,
  StorefrontErrorEvent,
} from '../../src/events.js';
import { MemberSelectedEvent, MembershipCreatedEvent } from '../../src/operator-events.js';

describe('events', () => {
  const account = { accountId: 'a', accountName: 'A', token: 't', expires: '2030-01-01T00:00:00Z' };
  const member = {} as AccountMember;
  const events = [
    new SignInRedirectEvent({ profileId: 'p', url: 'http://localhost/' }),
    new SignedInEvent({ accountMemberId: 'm', accounts: [account] }),
    new SignedOutEvent({ reason: 'rejected' }),
    new AccountSelectedEvent(account),
    new CatalogSelectedEvent({ catalog: {} as Catalog }),
    new StorefrontErrorEvent(new StorefrontError('network_error', 'down')),
    new MemberSelectedEvent({ member }),
    new MembershipCreatedEvent({ member, membership: {} as AccountMembership }),
  ];

  it('are named by their class, bubble and are composed', () => {
    expect(events.map((event) => event.type)).to.deep.equal([
      'sign-in-redirect',
      'signed-in',
      'signed-out',
      'account-selected',
      'catalog-selected',
      'storefront-error',
      'member-selected',
      'membership-created',
    ]);
    for (const event of events)
      expect([event.type, event.bubbles, event.composed]).to.deep.equal([event.type, true, true]);
  });

  it('are cancelable where their class says so: sign-in-redirect only', () => {
    expect(events.filter((event) => event.cancelable).map((event) => event.type)).to.deep.equal(['sign-in-redirect']);
    expect(SignInRedirectEvent.cancelable).to.equal(true);
    expect(SignedOutEvent.cancelable).to.equal(false);
    const redirect = events[0];
    redirect.preventDefault();
    expect(redirect.defaultPrevented).to.equal(true);
  });

  it('heard on document and window, with their detail', () => {
    const heard: string[] = [];
    const onDocument = (event: SignedOutEvent) => heard.push(`document ${event.detail.reason}`);
    const onWindow = (event: SignedOutEvent) => heard.push(`window ${event.detail.reason}`);
    document.addEventListener('signed-out', onDocument);
    window.addEventListener('signed-out', onWindow);
    document.body.append(document.createElement('p'));
    document.body.lastElementChild!.dispatchEvent(new SignedOutEvent({ reason: 'elsewhere' }));
    document.body.lastElementChild!.remove();
    document.removeEventListener('signed-out', onDocument);
    window.removeEventListener('signed-out', onWindow);
    expect(heard).to.deep.equal(['document elsewhere', 'window elsewhere']);
  });
});
