/**
 * Where in a JSON text something is, by line, so that a damaged data file is refused naming the line to look at.
 * (A snapshot is written one record a line, so the line of a record is the record.)
 */

/**
 * The line (from 1) of a character of `text`.
 * @param {string} text
 * @param {number} offset
 */
export function lineAt(text, offset) {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/**
 * The line where JSON.parse found `text` broken: at the position its message names, else (the text ended early)
 * the last line.
 * @param {string} text
 * @param {Error} error what JSON.parse threw
 */
export function lineOfSyntaxError(text, error) {
  const position = /at position (\d+)/.exec(error.message)?.[1];
  return lineAt(text, position === undefined ? text.length : Number(position));
}

/**
 * The line where item `index` of the list under `key` of the top object of `text` (valid JSON) starts; undefined
 * when there is no such item.
 * @param {string} text
 * @param {string} key
 * @param {number} index
 * @returns {number | undefined}
 */
export function lineOfItem(text, key, index) {
  let line = 1;
  let depth = 0;
  /** the last string read in the top object: a key when a value follows */
  let lastString = '';
  /** the list's items started so far, once inside it */
  let items = -1;
  let itemStarts = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++;
    if (c === '\n' || c === ' ' || c === '\t' || c === '\r') continue;
    const inList = items !== -1 && depth === 2;
    if (inList && itemStarts && c !== ']') {
      if (++items - 1 === index) return line;
      itemStarts = false;
    }
    if (c === '"') {
      const start = i;
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
      if (depth === 1) lastString = JSON.parse(text.slice(start, i + 1));
    } else if (c === '{' || c === '[') {
      depth++;
      if (c === '[' && depth === 2 && items === -1 && lastString === key) {
        items = 0;
        itemStarts = true;
      }
    } else if (c === '}' || c === ']') {
      if (inList) return undefined;
      depth--;
    } else if (c === ',' && inList) {
      itemStarts = true;
    }
  }
  return undefined;
}
