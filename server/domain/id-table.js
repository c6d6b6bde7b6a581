/**
 * Rows by id in one typed array (open addressing, linear probing): a million members' ids take 8 MB here
 * where a Map takes about 35 MB. The table holds row numbers only; the caller says what a row's id is, and a
 * row is found by comparing ids.
 */

/** Slots per row at least, so that a lookup seldom probes more than a slot or two. */
const SLOTS_PER_ROW = 2;

/**
 * A 32-bit FNV-1a hash of a text's code units.
 * @param {string} text
 */
function hash(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

export class IdTable {
  /** @type {Uint32Array} a row number plus one, or 0 for an empty slot */
  #slots;
  #count = 0;

  /**
   * @param {(row: number) => string} idOf
   * @param {number} [rows] how many rows to make room for
   */
  constructor(idOf, rows = 0) {
    this.idOf = idOf;
    this.#slots = new Uint32Array(roomFor(rows));
  }

  /**
   * The row with this id, or -1.
   * @param {string} id
   */
  get(id) {
    const at = this.#find(id);
    return this.#slots[at] - 1;
  }

  /**
   * Makes `row` the row of its id (in place of the row that had the id before, if any).
   * @param {number} row
   */
  set(row) {
    if ((this.#count + 1) * SLOTS_PER_ROW > this.#slots.length) this.#grow();
    const at = this.#find(this.idOf(row));
    if (this.#slots[at] === 0) this.#count++;
    this.#slots[at] = row + 1;
  }

  /**
   * Forgets an id: backward-shift deletion, so that no lookup ever meets a hole in its run.
   * @param {string} id
   */
  delete(id) {
    const mask = this.#slots.length - 1;
    let hole = this.#find(id);
    if (this.#slots[hole] === 0) return;
    this.#count--;
    for (let next = (hole + 1) & mask; this.#slots[next] !== 0; next = (next + 1) & mask) {
      const home = hash(this.idOf(this.#slots[next] - 1)) & mask;
      // an entry may move back into the hole unless its home lies after the hole, up to the entry
      const stays = hole <= next ? hole < home && home <= next : hole < home || home <= next;
      if (!stays) {
        this.#slots[hole] = this.#slots[next];
        hole = next;
      }
    }
    this.#slots[hole] = 0;
  }

  /**
   * The slot holding this id, or the empty slot where it would go.
   * @param {string} id
   */
  #find(id) {
    const mask = this.#slots.length - 1;
    let at = hash(id) & mask;
    while (this.#slots[at] !== 0 && this.idOf(this.#slots[at] - 1) !== id) at = (at + 1) & mask;
    return at;
  }

  #grow() {
    const old = this.#slots;
    this.#slots = new Uint32Array(old.length * 2);
    const mask = this.#slots.length - 1;
    for (const slot of old) {
      if (slot === 0) continue;
      let at = hash(this.idOf(slot - 1)) & mask;
      while (this.#slots[at] !== 0) at = (at + 1) & mask;
      this.#slots[at] = slot;
    }
  }
}

/**
 * Slots for `rows` rows: a power of two.
 * @param {number} rows
 */
function roomFor(rows) {
  let slots = 16;
  while (slots < rows * SLOTS_PER_ROW) slots *= 2;
  return slots;
}
