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
const nonEmptyString = (value, path) => string(value, path) ?? (value === '' ? `${path} must not be empty` : null);
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

const PROFILE = record({
  id: string,
  realm_id: string,
  name: string,
  discovery_url: stringOrNull,
  client_id: string,
  client_secret: string,
  ...TIMESTAMPS,
});
const ACCOUNT = record({ id: string, name: string, ...TIMESTAMPS });
const MEMBER = record({ id: string, name: string, email: string, ...TIMESTAMPS });
const MEMBERSHIP = record({ id: string, account_id: string, account_member_id: string, ...TIMESTAMPS });
const RELEASE = record({ id: string, is_full_publish: boolean, is_full_delta: boolean, published_at: string });
const CATALOG = record({
  id: string,
  name: string,
  account_ids: listOf(string),
  releases: listOf(RELEASE),
  ...TIMESTAMPS,
});

/** The record of each list of a store. */
const RECORDS = /** @type {Record<string, Check>} */ ({
  profiles: PROFILE,
  accounts: ACCOUNT,
  members: MEMBER,
  memberships: MEMBERSHIP,
  catalogs: CATALOG,
});

/** The record of each list a store of an older version lacks: the fixtures give them. */
const OPTIONAL_RECORDS = /** @type {Record<string, Check>} */ ({
  clients: record({ client_id: string }),
  idp_users: record({ sub: string, email: string, password: string, name: string }),
});

/** @param {Record<string, Check>} records */
const listsOf = (records) => Object.fromEntries(Object.entries(records).map(([list, item]) => [list, listOf(item)]));

/** The parts every store has. */
const REQUIRED = {
  settings: record({ id: string, realm_id: string, client_id: string }),
  ...listsOf(RECORDS),
};

/** Parts that may be missing (an older store, or one that never issued a token): the fixtures give them. */
const OPTIONAL = {
  redirect_uris: listOf(string),
  ...listsOf(OPTIONAL_RECORDS),
  // the key of every token the store signed: an empty one is a damaged store, not one to give a new key silently
  signing_secret: nonEmptyString,
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

/**
 * The damaged records of a store's lists, each with where it is and what is wrong (for a repair to drop).
 * @param {Record<string, unknown>} data parsed JSON of a data file
 * @returns {Array<{ list: string, index: number, problem: string }>}
 */
export function damagedRecords(data) {
  /** @type {Array<{ list: string, index: number, problem: string }>} */
  const damaged = [];
  for (const [list, check] of Object.entries({ ...RECORDS, ...OPTIONAL_RECORDS })) {
    const records = data[list];
    /** @type {Iterable<[number, unknown]>} */
    const items = Array.isArray(records) ? records.entries() : [];
    for (const [index, item] of items) {
      // the path only for a damaged record, not for each of a million whole ones
      if (check(item, null)) damaged.push({ list, index, problem: `${check(item, `${list}[${index}]`)}` });
    }
  }
  return damaged;
}

/** What each kind of change in a journal carries. */
const CHANGES = /** @type {Record<string, Check>} */ ({
  member: record({ record: MEMBER }),
  members: record({ records: listOf(MEMBER) }),
  membership: record({ record: MEMBERSHIP }),
  profile: record({ record: PROFILE }),
  release: record({ catalog_id: string, release: RELEASE }),
  secret: record({ value: string }),
  reset: () => null,
});

/**
 * What keeps a parsed journal line from being a change of the store, or null when it is one.
 * @param {unknown} value
 * @returns {string | null}
 */
export function changeProblem(value) {
  if (typeOf(value) !== 'an object') return `it holds ${typeOf(value)}, not a change`;
  const change = /** @type {Record<string, unknown>} */ (value);
  if (!Number.isSafeInteger(change.n) || /** @type {number} */ (change.n) < 1) return 'it has no change number (n)';
  if (typeof change.op !== 'string') return 'it names no change (op)';
  const check = Object.hasOwn(CHANGES, change.op) ? CHANGES[change.op] : undefined;
  if (!check) return `it names an unknown change ${JSON.stringify(change.op.slice(0, 40))}`;
  return check(change, 'the change');
}
