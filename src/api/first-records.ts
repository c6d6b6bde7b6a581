/**
 * A long list answer read as it arrives, its first records given to the page before the rest is in and parsed
 * (which takes tens of milliseconds per megabyte), so a list can draw them first.
 */

/** An answer this long (in characters, so far) has its first records read first; a shorter one parses in a moment. */
const LONG_ANSWER = 100_000;
/** How many records a long answer gives first: more than a list shows at once. */
const FIRST_RECORDS = 50;

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

/**
 * The body of a list answer as text, read as it arrives: once it is long, the first records of its list go to
 * `onFirstRecords` (and are waited for) while the rest comes in. For `RequestOptions.readBody`.
 */
export async function readListBody(
  response: Response,
  onFirstRecords: (records: unknown[]) => unknown,
): Promise<string> {
  if (!response.ok || !response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let looked = false;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
    if (!looked && text.length >= LONG_ANSWER) {
      // once: an answer that is no list (or whose first records are not in yet) is read to its end as it is
      looked = true;
      const first = firstRecords(text, FIRST_RECORDS);
      if (first) await onFirstRecords(first);
    }
  }
}
