/**
 * What a data file must hold to be a store of this service. Checked at start, before anything is served
 * or written, so that another program's JSON (or a damaged store) is refused with a message naming what
 * is wrong, instead of being replaced by the fixtures or failing later in an odd place.
 * Only what the service relies on is checked; records may carry more fields.
 */

/**
 * A check of one value: null when it fits, else a sentence saying where and what is wrong. Without a path
 * (null) it says only whether the value fits, building no path of the million records it may go through.
 * @typedef {(value: unknown, path: string | null) => string | null} Check
 */

/** What {@link typeOf} says of a value by its `typeof` (said once, not built for each of a million values). */
const PLAIN_TYPES = { string: 'a string', number: 'a number', boolean: 'a boolean', object: 'an object' };

/** @param {unknown} value */
function typeOf(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return PLAIN_TYPES[/** @type {keyof PLAIN_TYPES} */ (typeof value)] ?? `a ${typeof value}`;
}

/**
 * @param {string} type what `typeOf` says of a fitting value
 * @returns {Check}
 */
const is = (type) => (value, path) => (typeOf(value) === type ? null : `${path} must be ${type}`);

const string = is('a string');
const boolean = is('a boolean');
const number = is('a number');
/** @type {Check} */
const stringOrNull = (value, path) =>
  value === null ? null : string(value, path) && `${path} must be a string or null`;

/**
 * @param {Check} item
 * @returns {Check}
 */
const listOf = (item) => (value, path) => {
  if (!Array.isArray(value)) return `${path} must be a list`;
  for (let i = 0; i < value.length; i++) {
    const problem = item(value[i], path && `${path}[${i}]`);
    if (problem) return problem;
  }
  return null;
};

/**
 * @param {Record<string, Check>} fields
 * @returns {Check}
 */
const record = (fields) => {
  const checks = Object.entries(fields);
  return (value, path) => {
    if (typeOf(value) !== 'an object') return `${path} must be an object`;
    for (const [field, check] of checks) {
      const problem = check(/** @type {Record<string, unknown>} */ (value)[field], path && `${path}.${field}`);
      if (problem) return problem;
    }
    return null;
  };
};

const TIMESTAMPS = { created_at: string, updated_at: string };

/** The parts every store has. */
const REQUIRED = {
  settings: record({ id: string, realm_id: string, client_id: string }),
  profiles: listOf(
    record({
      id: string,
      realm_id: string,
      name: string,
      discovery_url: stringOrNull,
      client_id: string,
      client_secret: string,
      ...TIMESTAMPS,
    }),
  ),
  accounts: listOf(record({ id: string, name: string, ...TIMESTAMPS })),
  members: listOf(record({ id: string, name: string, email: string, ...TIMESTAMPS })),
  memberships: listOf(record({ id: string, account_id: string, account_member_id: string, ...TIMESTAMPS })),
  catalogs: listOf(
    record({
      id: string,
      name: string,
      account_ids: listOf(string),
      releases: listOf(record({ id: string, is_full_publish: boolean, is_full_delta: boolean, published_at: string })),
      ...TIMESTAMPS,
    }),
  ),
};

/** Parts that may be missing (an older store, or one that never issued a token): the fixtures give them. */
const OPTIONAL = {
  redirect_uris: listOf(string),
  clients: listOf(record({ client_id: string })),
  idp_users: listOf(record({ sub: string, email: string, password: string, name: string })),
  signing_secret: string,
  journal_seq: number,
};

/**
 * What keeps `value` from being a store, or null when it is one.
 * @param {unknown} value parsed JSON of a data file
 * @returns {string | null}
 */
export function storeProblem(value) {
  if (typeOf(value) !== 'an object') return `it holds ${typeOf(value)}`;
  const data = /** @type {Record<string, unknown>} */ (value);
  const missing = Object.keys(REQUIRED).filter((field) => !(field in data));
  if (missing.length) return `it has no ${missing.join(', ')}`;
  for (const [field, check] of Object.entries(REQUIRED)) {
    if (check(data[field], null)) return check(data[field], field);
  }
  for (const [field, check] of Object.entries(OPTIONAL)) {
    if (field in data && check(data[field], null)) return check(data[field], field);
  }
  return null;
}
