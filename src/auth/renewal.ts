/**
 * Which tab renews a session that is about to end: a part of the sign-in flow's chunk, loaded when the shopper
 * presses "Stay signed in".
 */

/** How long a renewal one tab started keeps the others from starting theirs: a trip to the identity provider. */
const RENEWAL_CLAIM_MS = 60_000;

/**
 * Whether this tab is the one to renew the session of the store named by `key` (`storeKey('renewal', …)`): the
 * first tab to ask in a minute is. Web Locks make the look and the mark one step across the store's tabs; the mark,
 * a time (never a token), stays in localStorage after the tab that made it has left for the identity provider.
 */
export async function claimRenewal(key: string): Promise<boolean> {
  const claim = () => {
    try {
      if (Date.now() - Number(localStorage.getItem(key)) < RENEWAL_CLAIM_MS) return false;
      // eslint-disable-next-line no-restricted-properties -- a time, never a token
      localStorage.setItem(key, String(Date.now()));
    } catch {
      // blocked storage: the tabs cannot agree, and this one renews
    }
    return true;
  };
  return navigator.locks ? navigator.locks.request(key, claim) : claim();
}
