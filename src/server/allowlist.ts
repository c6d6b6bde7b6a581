/**
 * The proxy's allowlist: rules written `METHOD /path`, where `*` stands for one path segment and `**` for any
 * number of them (none included). A path is only ever compared in its plain form: one with dot segments, encoded
 * characters that could change its meaning, empty segments or backslashes matches no rule.
 */

/**
 * Reading catalogs (by either of the paths the vendor's API and SDK use), and the public sign-in configuration the
 * sign-in buttons show (the settings and the realm's OIDC profiles).
 */
export const DEFAULT_ALLOW = [
  'GET /catalogs',
  'GET /catalogs/**',
  'GET /pcm/catalogs',
  'GET /pcm/catalogs/**',
  'GET /v2/settings/account-authentication',
  'GET /v2/authentication-realms/*/oidc-profiles',
];

export type Allowlist = (method: string, path: string) => boolean;

const SEGMENT = /^[A-Za-z0-9\-_~:@!$'()+,;=]+$/;

/**
 * Whether `path` is a plain API path: `/` and segments of unreserved characters, no `.`/`..`, no `%`; one trailing
 * slash is allowed (the vendor's profile list is written with one).
 */
export function isPlainPath(path: string): boolean {
  const segments = path.replace(/(.)\/$/, '$1').split('/');
  return segments[0] === '' && segments.slice(1).every((segment) => SEGMENT.test(segment) && !/^\.+$/.test(segment));
}

function compile(rule: string): { method: string; pattern: RegExp } {
  const match = /^([A-Z]+) (\/\S*)$/.exec(rule.trim());
  if (!match) throw new TypeError(`"${rule}" is not an allowlist rule (METHOD /path).`);
  const [, method, path] = match;
  const source = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment === '**') return '(?:/[^/]+)*';
      if (segment === '*') return '/[^/]+';
      return '/' + segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return { method, pattern: new RegExp(`^${source}$`) };
}

export function createAllowlist(rules: readonly string[] = DEFAULT_ALLOW): Allowlist {
  const compiled = rules.map(compile);
  return (method, path) =>
    isPlainPath(path) &&
    compiled.some((rule) => rule.method === method && rule.pattern.test(path.replace(/(.)\/$/, '$1')));
}
