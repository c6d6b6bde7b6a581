/**
 * The first records of a list answer that is still arriving, read from its text so far: a chunk of its own (see
 * first-records.ts), loaded only once an answer turns out long.
 */

/**
 * The first `count` elements of the top-level `data` array of a JSON text, parsed; all of them when it has fewer.
 * Undefined when the text has no such array, an empty one, or not that many elements yet, or is no JSON where it
 * was read (the caller parses it whole anyway, and says what is wrong with it).
 */
export function firstRecords(text: string, count: number): unknown[] | undefined {
  const records: unknown[] = [];
  let depth = 0;
  /** The last string read, and the last key at the top level. */
  let last = '';
  let key = '';
  /** Where the data array's element being read starts; -1 before the array. */
  let start = -1;
  try {
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '"') {
        const from = i + 1;
        while (++i < text.length && text[i] !== '"') if (text[i] === '\\') i++;
        last = text.slice(from, i);
      } else if (c === ':' && depth === 1) key = last;
      else if (c === '{' || c === '[') {
        if (++depth === 2 && c === '[' && key === 'data' && start < 0) start = i + 1;
      } else if (start >= 0 && depth === 2 && (c === ',' || c === ']')) {
        // an empty list throws here: it has no records to give first
        records.push(JSON.parse(text.slice(start, i)));
        if (c === ']' || records.length === count) return records;
        start = i + 1;
      } else if (c === '}' || c === ']') depth--;
    }
  } catch {
    // not JSON there: the whole text's parse reports it
  }
}
