/** Checks on request bodies and path ids. */
import { badRequest, unprocessable } from './errors.js';

/** Longest wrong `data.type` string quoted back in an error. */
const MAX_ECHO = 64;

export const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `body.data` as an object of the expected `type`.
 * @param {Record<string, any>} body
 * @param {string} type the type errors name
 * @param {string[]} [alsoAccepted] other spellings of the same type that are taken too
 * @returns {Record<string, any>}
 */
export function dataOfType(body, type, alsoAccepted = []) {
  const data = body.data;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    throw badRequest('The body must have a "data" object');
  }
  if (data.type === undefined) throw badRequest(`data.type is required and must be "${type}"`);
  if (typeof data.type !== 'string' || (data.type !== type && !alsoAccepted.includes(data.type))) {
    // only a short string is quoted back: never serialise an arbitrary (possibly huge or deeply nested) value
    const shown =
      typeof data.type === 'string' && data.type.length <= MAX_ECHO ? `, not ${JSON.stringify(data.type)}` : '';
    throw badRequest(`data.type must be "${type}"${shown}`);
  }
  return data;
}

/**
 * A required non-empty string field.
 * @param {Record<string, any>} obj
 * @param {string} field
 * @param {string} [label]
 * @returns {string}
 */
export function requiredString(obj, field, label = `data.${field}`) {
  const value = obj[field];
  if (value === undefined || value === null || value === '') throw badRequest(`${label} is required`);
  if (typeof value !== 'string') throw unprocessable(`${label} must be a string`);
  return value;
}
