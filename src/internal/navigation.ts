/**
 * How the page leaves for the identity provider. One object the elements call, so that a test page can record
 * the address instead of leaving; a host that wants its own window cancels `sign-in-redirect` instead.
 */
export const navigation = {
  assign(url: string): void {
    location.assign(url);
  },
};
