/**
 * A long list answer read as it arrives, its first records given to the page before the rest is in and parsed
 * (which takes tens of milliseconds per megabyte), so a list can draw them first.
 */

/** An answer this long (in characters, so far) has its first records read first; a shorter one parses in a moment. */
const LONG_ANSWER = 100_000;
/** How many records a long answer gives first: more than a list shows at once. */
const FIRST_RECORDS = 50;

/**
 * The scanner of a long answer's first records: a chunk of its own, loaded only for a long answer. One that cannot be
 * loaded leaves the answer to be parsed whole.
 */
const loadScanner = () => import('./first-records-scanner.js').catch(() => undefined);

/**
 * The body of a list answer as text, read as it arrives: once it is long, the first records of its list go to
 * `onFirstRecords` (and are waited for) while the rest comes in. For `RequestOptions.readBody`.
 */
export async function readListBody(
  response: Response,
  onFirstRecords: (records: unknown[]) => unknown,
): Promise<string> {
  if (!response.ok || !response.body) return response.text();
  // an answer that announces its length has the scanner loaded while it arrives, so it is there when needed
  let scanner = Number(response.headers.get('Content-Length')) >= LONG_ANSWER ? loadScanner() : undefined;
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
      // else it is loaded now, while the answer goes on arriving
      scanner ??= loadScanner();
      const first = (await scanner)?.firstRecords(text, FIRST_RECORDS);
      if (first) await onFirstRecords(first);
    }
  }
}
