/**
 * The checks of a fixtures file: against the JSON Schema the package ships (fixtures.schema.json), and then
 * for what a schema cannot say (ids that refer to nothing, an id, client_id or email twice). Each problem is a
 * line naming its path in the file: `accounts[2].name: required`.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isLoopback } from './loopback.js';

const SCHEMA = new URL('../fixtures.schema.json', import.meta.url);

/** @type {import('ajv').ValidateFunction | undefined} */
let validateSchema;

/** The schema's check, loaded and compiled on first use (a start with the default fixtures needs none). */
function schemaCheck() {
  if (!validateSchema) {
    /** @type {typeof import('ajv/dist/2020.js')} */
    const { Ajv2020 } = createRequire(import.meta.url)('ajv/dist/2020.js');
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
    ajv.addFormat('email', /^[^\s@]+@[^\s@]+$/);
    ajv.addFormat('uri', (value) => URL.canParse(value));
    ajv.addFormat('date-time', (value) => /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value));
    validateSchema = ajv.compile(JSON.parse(readFileSync(SCHEMA, 'utf8')));
  }
  return validateSchema;
}

/**
 * Every problem of a parsed fixtures file, each a line `path: what is wrong`; empty when it fits.
 * @param {unknown} value
 * @returns {string[]}
 */
export function fixturesProblems(value) {
  const validate = schemaCheck();
  const problems = validate(value) ? [] : (validate.errors ?? []).map(describeSchemaError);
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    problems.push(...referenceProblems(/** @type {Record<string, unknown>} */ (value)));
  }
  return [...new Set(problems)];
}

const TYPE_NAMES = /** @type {Record<string, string>} */ ({
  string: 'a string',
  array: 'a list',
  object: 'an object',
  boolean: 'true or false',
  integer: 'a whole number',
  number: 'a number',
});

const FORMAT_NAMES = /** @type {Record<string, string>} */ ({
  'uuid': 'a UUID (like 3f1c2a7e-8d4b-4f6a-9c2e-5b7d1e0a9f3c)',
  'email': 'an email address',
  'uri': 'an absolute URL',
  'date-time': 'an ISO 8601 instant (like 2025-01-06T09:00:00.000Z)',
});

/**
 * `/accounts/2/name` → `accounts[2].name`.
 * @param {string} pointer a JSON pointer
 */
function pathOf(pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce(
      (path, part) =>
        /^\d+$/.test(part)
          ? `${path}[${part}]`
          : /^[A-Za-z_$][\w$]*$/.test(part)
            ? `${path}${path ? '.' : ''}${part}`
            : `${path}[${JSON.stringify(part)}]`,
      '',
    );
}

/**
 * @param {string} path
 * @param {string} field
 */
const join = (path, field) => pathOf(`${path}/${field.replace(/~/g, '~0').replace(/\//g, '~1')}`);

/**
 * One schema error as `path: what is wrong`.
 * @param {import('ajv').ErrorObject} error
 */
function describeSchemaError({ instancePath, keyword, params, message }) {
  const at = (/** @type {string} */ text) => `${pathOf(instancePath) || 'the file'}: ${text}`;
  switch (keyword) {
    case 'required':
      return `${join(instancePath, params.missingProperty)}: required`;
    case 'dependentRequired':
      return `${join(instancePath, params.missingProperty)}: required with ${params.property}`;
    case 'additionalProperties':
      return `${join(instancePath, params.additionalProperty)}: unknown field`;
    case 'type':
      return at(`must be ${TYPE_NAMES[params.type] ?? params.type}`);
    case 'format':
      return at(`must be ${FORMAT_NAMES[params.format] ?? params.format}`);
    case 'minLength':
      return at('must not be empty');
    case 'minItems':
      return at(`must list at least ${params.limit}`);
    case 'enum':
      return at(
        `must be one of ${params.allowedValues.map((/** @type {unknown} */ v) => JSON.stringify(v)).join(', ')}`,
      );
    default:
      return at(message ?? keyword);
  }
}

/**
 * @param {unknown} value
 * @returns {Array<[number, Record<string, unknown>]>} the objects of a list, with their positions
 */
function itemsOf(value) {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item, i) =>
    item !== null && typeof item === 'object' && !Array.isArray(item) ? [[i, item]] : [],
  );
}

/**
 * What the schema cannot say: each id, client_id and email once; references naming an item that exists;
 * a membership once per account and member; plain http only to a loopback identity provider.
 * @param {Record<string, unknown>} doc
 * @returns {string[]}
 */
function referenceProblems(doc) {
  /** @type {string[]} */
  const problems = [];
  /**
   * Where each value of a field first stands in a list; a repeat is a problem.
   * @param {string} list
   * @param {string} field
   * @param {(value: string) => string} [key]
   */
  const unique = (list, field, key = (v) => v) => {
    /** @type {Map<string, string>} */
    const seen = new Map();
    for (const [i, item] of itemsOf(doc[list])) {
      const value = item[field];
      if (typeof value !== 'string') continue;
      const first = seen.get(key(value));
      if (first) problems.push(`${list}[${i}].${field}: the same as ${first}`);
      else seen.set(key(value), `${list}[${i}].${field}`);
    }
    return new Set(seen.keys());
  };
  const accounts = unique('accounts', 'id');
  const members = unique('account_members', 'id');
  unique('account_members', 'email', (email) => email.toLowerCase());
  unique('account_memberships', 'id');
  unique('idp_users', 'email', (email) => email.toLowerCase());
  unique('oidc_profiles', 'id');
  unique('catalogs', 'id');
  const clients = unique('clients', 'client_id');

  const parents = new Map();
  for (const [i, account] of itemsOf(doc.accounts)) {
    if (typeof account.parent_id !== 'string') continue;
    if (!accounts.has(account.parent_id)) problems.push(`accounts[${i}].parent_id: names no account of accounts`);
    else parents.set(account.id, account.parent_id);
  }
  for (const [i, account] of itemsOf(doc.accounts)) {
    // up the line of parents: an account met twice is one of its own ancestors
    const seen = new Set([account.id]);
    for (let parent = parents.get(account.id); parent !== undefined; parent = parents.get(parent)) {
      if (seen.has(parent)) {
        problems.push(`accounts[${i}].parent_id: the account would be its own ancestor`);
        break;
      }
      seen.add(parent);
    }
  }

  /** @type {Set<string>} */
  const pairs = new Set();
  for (const [i, ms] of itemsOf(doc.account_memberships)) {
    const path = `account_memberships[${i}]`;
    if (typeof ms.account_id === 'string' && !accounts.has(ms.account_id)) {
      problems.push(`${path}.account_id: names no account of accounts`);
    }
    if (typeof ms.account_member_id === 'string' && !members.has(ms.account_member_id)) {
      problems.push(`${path}.account_member_id: names no member of account_members`);
    }
    const pair = `${ms.account_id} ${ms.account_member_id}`;
    if (pairs.has(pair)) problems.push(`${path}: the member already has a membership in this account`);
    pairs.add(pair);
  }

  /** @type {Set<string>} */
  const releases = new Set();
  for (const [c, catalog] of itemsOf(doc.catalogs)) {
    for (const [r, rule] of itemsOf(catalog.rules)) {
      const ids = Array.isArray(rule.account_ids) ? rule.account_ids : [];
      ids.forEach((id, a) => {
        if (typeof id === 'string' && !accounts.has(id)) {
          problems.push(`catalogs[${c}].rules[${r}].account_ids[${a}]: names no account of accounts`);
        }
      });
    }
    for (const [r, release] of itemsOf(catalog.releases)) {
      if (typeof release.id !== 'string') continue;
      if (releases.has(release.id)) problems.push(`catalogs[${c}].releases[${r}].id: the same as another release's`);
      releases.add(release.id);
    }
  }

  const settings = doc.account_authentication_settings;
  const settingsClient = /** @type {{ client_id?: unknown } | undefined} */ (settings)?.client_id;
  if (typeof settingsClient === 'string' && !clients.has(settingsClient)) {
    problems.push('account_authentication_settings.client_id: names no client of clients');
  }

  for (const [i, profile] of itemsOf(doc.oidc_profiles)) {
    const problem = typeof profile.discovery_url === 'string' ? discoveryUrlProblem(profile.discovery_url) : null;
    if (problem) problems.push(`oidc_profiles[${i}].discovery_url: ${problem}`);
  }
  if (Array.isArray(doc.redirect_uris)) {
    doc.redirect_uris.forEach((uri, i) => {
      if (typeof uri !== 'string' || !URL.canParse(uri)) return;
      const url = new URL(uri);
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        problems.push(`redirect_uris[${i}]: must be an http(s) address`);
      } else if (url.hash) {
        problems.push(`redirect_uris[${i}]: must have no fragment (#...)`);
      }
    });
  }
  return problems;
}

/**
 * What is wrong with an identity provider's discovery address, or null: http(s), and plain http only on
 * loopback (the sign-in leg refuses plain http elsewhere).
 * @param {string} value
 * @returns {string | null}
 */
export function discoveryUrlProblem(value) {
  if (!URL.canParse(value)) return 'must be an absolute URL';
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'must be an http(s) URL';
  if (url.protocol === 'http:' && !isLoopback(url.hostname)) {
    return 'must be an https URL (http is accepted only for localhost, 127.0.0.1 and [::1])';
  }
  return null;
}
