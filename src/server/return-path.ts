/**
 * Where the browser goes after a sign-in or sign-out: a path of the store's own origin, never another site. Any
 * value that is not plainly one (`//host`, `/\host`, `javascript:`, an absolute address, control characters)
 * becomes `/`.
 */
export function safeReturnPath(value: string | null | undefined, origin: string): string {
  // control characters and backslashes: browsers drop or turn them into slashes, so `/\t/host` is `//host`
  // eslint-disable-next-line no-control-regex
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return '/';
  try {
    const url = new URL(value, origin);
    return url.origin === origin ? url.pathname + url.search + url.hash : '/';
  } catch {
    return '/';
  }
}

/** `path` with `storefront-error=<code>` added to its query, for the elements to show. */
export function withErrorCode(path: string, code: string): string {
  const url = new URL(path, 'http://store.invalid');
  url.searchParams.set('storefront-error', code);
  return url.pathname + url.search + url.hash;
}
