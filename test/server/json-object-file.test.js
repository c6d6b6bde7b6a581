/**
 * A JSON file read piece by piece gives what JSON.parse gives for its whole text, whatever the layout and
 * wherever the chunks and the batches of a list's items end; a file that is not a JSON object gives null.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readJsonObject } from '../../server/domain/json-object-file.js';
import { random } from '../support/random.js';

/** Chunk sizes and batch sizes each text is read with: the smallest split every piece. */
const SIZES = [
  { chunkBytes: 1, itemsPerParse: 1 },
  { chunkBytes: 5, itemsPerParse: 2 },
  { chunkBytes: 64, itemsPerParse: 3 },
  { chunkBytes: 5, itemsPerParse: 2, batchBytes: 9 },
  { chunkBytes: 64, itemsPerParse: 3, batchBytes: 40 },
  {},
];

/**
 * Strings that look like the structure they sit in (where records meet too), escapes, and characters of two,
 * three and four bytes.
 */
const STRINGS = [
  '',
  'ada',
  '"',
  '\\',
  '\\"',
  ',',
  '[',
  ']',
  '{',
  '}',
  ':',
  '\n',
  '},{',
  '}, \n{',
  '"},{"',
  'é',
  'Ørsted',
  '€',
  '😀',
  '\u2028',
];

/**
 * A random JSON value.
 * @param {() => number} next
 * @param {number} depth
 * @returns {unknown}
 */
function value(next, depth) {
  const kind = Math.floor(next() * (depth > 2 ? 4 : 6));
  const pick = () => STRINGS[Math.floor(next() * STRINGS.length)];
  if (kind === 0) return pick() + pick();
  if (kind === 1) return Math.floor(next() * 2000) - 1000 + (next() < 0.3 ? 0.5 : 0);
  if (kind === 2) return [true, false, null][Math.floor(next() * 3)];
  if (kind === 3) return pick();
  if (kind === 4) return Array.from({ length: Math.floor(next() * 5) }, () => value(next, depth + 1));
  return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [pick(), value(next, depth + 1)]));
}

/**
 * A random object as a data file holds one: some lists of records, some other values.
 * @param {() => number} next
 */
function store(next) {
  /** @type {Record<string, unknown>} */
  const object = {};
  const keys = Math.floor(next() * 6);
  for (let k = 0; k < keys; k++) {
    const key = `${STRINGS[Math.floor(next() * STRINGS.length)]}${k}`;
    object[key] = next() < 0.5 ? Array.from({ length: Math.floor(next() * 12) }, () => value(next, 1)) : value(next, 1);
  }
  return object;
}

/** @type {string} */
let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'json-object-file-'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * What each way of reading the text gives.
 * @param {string} text
 */
async function readings(text) {
  const file = join(dir, 'data.json');
  await writeFile(file, text);
  return SIZES.map((sizes) => readJsonObject(file, sizes));
}

/** @param {string} text */
function plain(text) {
  try {
    const parsed = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

describe('a JSON object read piece by piece', () => {
  it('is what JSON.parse gives, in any layout', async () => {
    const { next } = random(24);
    for (let round = 0; round < 60; round++) {
      const object = store(next);
      for (const space of [undefined, 1, '\t', ' \r\n ']) {
        const text = JSON.stringify(object, null, /** @type {any} */ (space));
        for (const read of await readings(` \n${text}\n`)) {
          assert.deepEqual(read, JSON.parse(text));
          assert.deepEqual(Object.keys(/** @type {object} */ (read)), Object.keys(object), 'keys in their order');
        }
      }
    }
  });

  it('hands each item of a list value to eachItem, once, in order', async () => {
    const { next } = random(25);
    for (let round = 0; round < 20; round++) {
      const object = store(next);
      const file = join(dir, 'items.json');
      await writeFile(file, JSON.stringify(object, null, 1));
      for (const sizes of SIZES) {
        /** @type {unknown[]} */
        const items = [];
        const read = readJsonObject(file, { ...sizes, eachItem: (item) => items.push(item) });
        const lists = Object.values(/** @type {object} */ (read)).filter((v) => Array.isArray(v));
        assert.deepEqual(items, lists.flat(1));
        assert.ok(
          items.every((item, i) => item === lists.flat(1)[i]),
          'the very items the lists hold',
        );
      }
    }
  });

  it('reads records whose strings and inner lists look like where two records meet', async () => {
    const { next } = random(26);
    const records = Array.from({ length: 300 }, (_, n) => ({
      id: `id-${n}`,
      name: ['Ada', '},{"id":"x"}', '}, {', '"},\n{"', 'Grace'][n % 5],
      ...(next() < 0.3 ? { pricebooks: [{ id: 'a' }, { id: '},{' }] } : {}),
      ...(next() < 0.1 ? { empty: [] } : {}),
    }));
    const text = JSON.stringify({ members: records, after: [{ id: 'last' }], note: '},{' });
    const file = join(dir, 'records.json');
    for (const space of [0, 1]) {
      await writeFile(file, JSON.stringify(JSON.parse(text), null, space));
      for (const batchBytes of [7, 50, 120, 500, 4096]) {
        /** @type {unknown[]} */
        const items = [];
        const read = readJsonObject(file, { batchBytes, eachItem: (item) => items.push(item) });
        assert.deepEqual(read, JSON.parse(text), `batches of ${batchBytes} bytes`);
        assert.equal(items.length, records.length + 1);
      }
    }
  });

  it('keeps what JSON.parse keeps of odd but valid objects', async () => {
    const texts = [
      '{}',
      ' { \n } ',
      '{"a":[]}',
      '{"a":[ ],"b":[\n]}',
      '{"a":1,"a":[2],"b":3,"a":4}',
      '{"__proto__":[1],"b":{"__proto__":2},"constructor":3}',
      '{"a" : [ 1 , [2,[3]] , {"b":[4]} ] , "c" : "]" }',
    ];
    for (const text of texts) {
      for (const read of await readings(text)) {
        assert.deepEqual(read, JSON.parse(text), text);
        assert.deepEqual(Object.keys(/** @type {object} */ (read)), Object.keys(JSON.parse(text)), text);
        assert.equal(Object.getPrototypeOf(read), Object.prototype, text);
      }
    }
  });

  it('is null where JSON.parse fails or finds no object', async () => {
    const texts = [
      '',
      ' ',
      '[1,2]',
      '"x"',
      '1',
      'null',
      '\uFEFF{"a":1}',
      '{',
      '{"a":1',
      '{"a":[1]',
      '{"a":"x}',
      '{"a":1}x',
      '{} {}',
      '{,"a":1}',
      '{"a":1,}',
      '{"a":1,,"b":2}',
      '{"a" [1]}',
      '{"a":[1] "b":2}',
      '{"a":[1],[2]}',
      '{"a":[1]]',
      '{"a":[1}}',
      '{"a":[1,]}',
      '{"a":[,1]}',
      '{"a":[1,,2]}',
      '{"a":[1,2,]}',
      '{"a":[1,2,3,]}',
      '{"a":[{]}',
      '{"a":[1 2]}',
      '{"a":[1]}]',
      '{1:[1]}',
      '{"a":01}',
      "{'a':[1]}",
    ];
    for (const text of texts) {
      assert.equal(plain(text), null, `JSON.parse finds no object in ${text}`);
      for (const read of await readings(text)) assert.equal(read, null, text);
    }
  });
});
