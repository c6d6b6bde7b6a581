/**
 * Row heights of a windowed list: measured for the rows that have been shown, an estimate for the others. A
 * lookup adds up the heights above (microseconds for ten thousand rows), so nothing has to be kept in step when
 * a row is measured.
 */
export class RowHeights {
  /** @param firstGuess the height taken for every row before any row is measured */
  constructor(readonly firstGuess: number) {}

  /** Measured heights by index; a hole where a row has not been shown yet. */
  #heights: number[] = [];
  /** The height taken for a row not measured: the first row measured, unless set (0: not known yet). */
  estimate = 0;

  get count(): number {
    return this.#heights.length;
  }

  /** Sets the number of rows: the rows that stay keep what was measured of them. */
  set count(count: number) {
    this.#heights.length = count;
  }

  /** Records the height of row `index` as shown. */
  measure(index: number, height: number): void {
    this.#heights[index] = height;
    this.estimate ||= height;
  }

  /** Distance from the top of the list to the top of row `index` (`count`: the height of the list). */
  offsetOf(index: number): number {
    let y = 0;
    for (let i = 0; i < index; i++) y += this.#height(i);
    return y;
  }

  /** The row at height `y` of the list, clamped to the list. */
  indexAt(y: number): number {
    let index = 0;
    while (index < this.count - 1 && (y -= this.#height(index)) >= 0) index++;
    return index;
  }

  #height(index: number): number {
    return this.#heights[index] ?? (this.estimate || this.firstGuess);
  }
}
