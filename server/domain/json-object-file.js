/**
 * Reads a JSON file whose top level is an object without holding the file's text: the file is read in chunks,
 * each value of the object is parsed on its own, and the items of a list value a few thousand at a time. A data
 * file of a million members (200 MB) would otherwise be one string of 200 MB, 400 MB when one character is beyond
 * Latin-1, beside the records parsed from it, and the service's peak memory would be twice what it keeps.
 *
 * JSON.parse parses the pieces; what lies between them (the object's braces, its keys and colons, the commas) is
 * checked here. A file whose top level is not an object, or that is not valid JSON, gives null: the caller
 * parses the whole text, for JSON.parse's own answer and message.
 *
 * A list of records is read without looking at each of its bytes: a batch is cut where a record seems to end
 * (a `}`, a comma, a `{`, blanks between them), and JSON.parse says whether it was right. A batch that parses as
 * the items of a list is whole items, since a cut inside a string or inside an item leaves a string or a bracket
 * open; a batch that does not is read byte by byte instead.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** Bytes read at a time. */
const CHUNK_BYTES = 8 * 1024 * 1024;
/**
 * Items of a list parsed by one JSON.parse: few enough that the text of a batch of records is a string of the
 * young generation (a string of over 128 kB gets pages of its own, and parsing took a third longer).
 */
const ITEMS_PER_PARSE = 256;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const OPEN_LIST = 0x5b;
const CLOSE_LIST = 0x5d;

const BLANK = /^[ \t\n\r]*$/;
/** What comes before a list value: its key, then a colon. */
const KEY = /^[ \t\n\r]*("(?:[^"\\]|\\.)*")[ \t\n\r]*:[ \t\n\r]*$/s;

/** Bytes a batch of a list's records cut where a record seems to end holds at most (young-generation strings). */
const BATCH_BYTES = 64 * 1024;
/** Commas looked at, from the end of a batch back, for one between two records. */
const CUTS_TRIED = 64;

/** A piece that is not valid JSON where it stands. */
class NotValid extends Error {}

/**
 * @typedef {{ push: (item: unknown) => unknown, length: number }} ListValue what a list value's items are put in
 * @typedef {{ chunkBytes?: number, itemsPerParse?: number, batchBytes?: number,
 *   eachItem?: (item: unknown) => void, listFor?: (key: string) => ListValue | undefined }} ReadOptions
 *   bytes read at a time; items parsed at once when read byte by byte; bytes of records cut where one seems to
 *   end; what is done with each item of a list value as soon as it is parsed, while it is young (read
 *   `eachItem`'s items as unchecked JSON); what the items of a list value are put in, which is the value then
 *   (an array when it gives nothing)
 */

/**
 * The object a JSON file holds, or null when the file holds something else or is not valid JSON. Errors of
 * reading the file are thrown.
 * @param {string} file
 * @param {ReadOptions} [options]
 * @returns {Record<string, unknown> | null}
 */
export function readJsonObject(file, options = {}) {
  const fd = openSync(file, 'r');
  try {
    return readObject(fd, options);
  } catch (error) {
    if (error instanceof NotValid || error instanceof SyntaxError) return null;
    throw error;
  } finally {
    closeSync(fd);
  }
}

/**
 * Sets a key as JSON.parse does: an own property, even `__proto__`; a repeated key keeps its first place.
 * @param {Record<string, unknown>} object
 * @param {string} key
 * @param {unknown} value
 */
function put(object, key, value) {
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
}

/** @param {boolean} ok */
function expect(ok) {
  if (!ok) throw new NotValid();
}

/**
 * @param {number} fd
 * @param {ReadOptions} options
 */
function readObject(
  fd,
  {
    chunkBytes = CHUNK_BYTES,
    itemsPerParse = ITEMS_PER_PARSE,
    batchBytes = BATCH_BYTES,
    eachItem = () => {},
    listFor = () => undefined,
  },
) {
  /** @type {Record<string, unknown>} */
  const result = {};
  /** the bytes read, from the start of the current piece (at `pieceStart`) to `end` */
  let bytes = Buffer.allocUnsafe(chunkBytes);
  let pieceStart = 0;
  let end = 0;
  /** the next byte to look at */
  let scan = 0;
  let depth = 0;
  let started = false;
  let ended = false;
  let keys = 0;
  /** @type {ListValue | null} the list value being read, and its key */
  let list = null;
  let listKey = '';
  /** commas between the list's items since its last parse */
  let commas = 0;
  /** a list value has just ended: only blanks up to the next comma or the closing brace */
  let afterList = false;

  const piece = (/** @type {number} */ to) => bytes.toString('utf8', pieceStart, to);

  /** Parses the list's items from the piece's start to `to`; `last`: the list ends there. */
  const parseItems = (/** @type {number} */ to, /** @type {boolean} */ last) => {
    const text = piece(to);
    const items = /** @type {unknown[]} */ (JSON.parse(`[${text}]`));
    const empty = last && commas === 0 && list?.length === 0 && BLANK.test(text);
    expect(items.length === (empty ? 0 : last ? commas + 1 : commas));
    for (const item of items) {
      eachItem(item);
      list?.push(item);
    }
    commas = 0;
  };

  /** Whether `at` is a blank. */
  const blank = (/** @type {number} */ at) =>
    bytes[at] === 0x20 || bytes[at] === 0x0a || bytes[at] === 0x0d || bytes[at] === 0x09;

  /**
   * Where a batch of records from `from` may end: the last comma before `to` with a `}` before it and a `{`
   * after it (blanks between), within the bytes read; -1 for none.
   */
  const cutBefore = (/** @type {number} */ from, /** @type {number} */ to) => {
    let comma = to;
    for (let tried = 0; tried < CUTS_TRIED; tried++) {
      comma = bytes.lastIndexOf(COMMA, comma - 1);
      if (comma <= from) return -1;
      let before = comma - 1;
      while (before > from && blank(before)) before--;
      let after = comma + 1;
      while (after < to && blank(after)) after++;
      if (bytes[before] === CLOSE_OBJECT && bytes[after] === OPEN_OBJECT) return comma;
    }
    return -1;
  };

  /**
   * The records from the piece's start to a comma where one seems to end, parsed; false when that was not
   * where one ends (nothing is taken then).
   */
  const parseRecords = (/** @type {number} */ comma) => {
    let items;
    try {
      items = /** @type {unknown[]} */ (JSON.parse(`[${piece(comma)}]`));
    } catch {
      return false;
    }
    for (const item of items) {
      eachItem(item);
      list?.push(item);
    }
    return true;
  };

  /** A member of the object that is not a list: `"key": value` from the piece's start to `to`. */
  const parseMember = (/** @type {number} */ to, /** @type {boolean} */ closing) => {
    const text = piece(to);
    if (afterList) {
      expect(BLANK.test(text));
      afterList = false;
      return;
    }
    if (closing && keys === 0 && BLANK.test(text)) return;
    const one = JSON.parse(`{${text}}`);
    const [key, ...more] = Object.keys(one);
    expect(key !== undefined && more.length === 0);
    put(result, key, one[key]);
    keys++;
  };

  for (;;) {
    // the piece read so far moves to the front, and the next bytes follow it (a piece longer than half
    // the buffer, a value of the object that is not a list, makes it grow)
    const carried = end - pieceStart;
    if (carried > bytes.length / 2) bytes = Buffer.concat([bytes.subarray(pieceStart, end)], carried * 2);
    else bytes.copyWithin(0, pieceStart, end);
    scan -= pieceStart;
    pieceStart = 0;
    const read = readSync(fd, bytes, carried, bytes.length - carried, null);
    if (read === 0) break;
    end = carried + read;
    let i = scan;
    for (; i < end; i++) {
      if (list && i === pieceStart && commas === 0 && depth === 2) {
        // at the start of a batch of a list's items: records up to where one seems to end, if they parse
        const comma = cutBefore(i, Math.min(end, i + batchBytes));
        if (comma >= 0 && parseRecords(comma)) {
          pieceStart = comma + 1;
          i = comma;
          continue;
        }
      }
      const byte = bytes[i];
      if (byte === QUOTE && started && !ended) {
        // to the string's end; a string that goes on beyond the bytes read is looked at again with more
        let close = i + 1;
        while (close < end && bytes[close] !== QUOTE) close += bytes[close] === BACKSLASH ? 2 : 1;
        if (close >= end) break;
        i = close;
        continue;
      }
      if (!started || ended) {
        if (byte === OPEN_OBJECT && !started) {
          started = true;
          depth = 1;
          pieceStart = i + 1;
        } else expect(byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09);
        continue;
      }
      if (byte === OPEN_OBJECT || byte === OPEN_LIST) {
        depth++;
        if (depth === 2 && byte === OPEN_LIST) {
          const key = KEY.exec(piece(i));
          expect(key !== null && !afterList);
          listKey = JSON.parse(/** @type {RegExpExecArray} */ (key)[1]);
          list = listFor(listKey) ?? /** @type {unknown[]} */ ([]);
          commas = 0;
          pieceStart = i + 1;
        }
      } else if (byte === CLOSE_OBJECT || byte === CLOSE_LIST) {
        depth--;
        if (depth === 1 && list) {
          expect(byte === CLOSE_LIST);
          parseItems(i, true);
          put(result, listKey, list);
          keys++;
          list = null;
          afterList = true;
          pieceStart = i + 1;
        } else if (depth === 0) {
          expect(byte === CLOSE_OBJECT);
          parseMember(i, true);
          ended = true;
          pieceStart = i + 1;
        }
      } else if (byte === COMMA) {
        if (depth === 2 && list && ++commas === itemsPerParse) {
          parseItems(i, false);
          pieceStart = i + 1;
        } else if (depth === 1) {
          parseMember(i, false);
          pieceStart = i + 1;
        }
      }
    }
    scan = i;
  }
  expect(ended);
  return result;
}
