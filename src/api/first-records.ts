/**
 * The first records of a long list answer, read from its text without parsing the rest, so a list can draw them
 * before the whole answer is parsed (which takes tens of milliseconds per megabyte).
 */

const QUOTE = 34;
const BACKSLASH = 92;
const COLON = 58;
const COMMA = 44;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;

/**
 * The first `count` elements of the top-level `data` array of a JSON text, parsed; all of them when it has fewer.
 * Undefined when the text has no such array, or is no JSON where it was read (the caller parses it whole anyway,
 * and says what is wrong with it).
 */
export function firstRecords(text: string, count: number): unknown[] | undefined {
  const records: unknown[] = [];
  let depth = 0;
  /** The last string read outside the data array, and whether a `:` followed it (a key). */
  let lastString = '';
  let key = '';
  let stringStart = 0;
  /** Where the data array's element being read starts; -1 outside the array. */
  let element = -1;
  try {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === QUOTE) {
        stringStart = i + 1;
        for (i++; i < text.length && text.charCodeAt(i) !== QUOTE; i++) if (text.charCodeAt(i) === BACKSLASH) i++;
        if (element < 0) lastString = text.slice(stringStart, i);
      } else if (c === COLON) key = depth === 1 ? lastString : key;
      else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
        depth++;
        if (depth === 2 && c === OPEN_BRACKET && key === 'data' && element < 0) element = i + 1;
      } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COMMA) {
        const end = element >= 0 && depth === 2 && c !== CLOSE_BRACE;
        if (end && text.slice(element, i).trim()) records.push(JSON.parse(text.slice(element, i)));
        if (end && (c === CLOSE_BRACKET || records.length === count)) return records;
        if (end) element = i + 1;
        if (c !== COMMA) depth--;
        if (depth === 1 && element < 0) key = '';
      }
    }
  } catch {
    // not JSON there: the whole text's parse reports it
  }
  return undefined;
}
