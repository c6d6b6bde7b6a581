/**
 * Row geometry of a windowed list: every row has the same height, and an expanded row adds one fixed extra
 * height (its panel). With a handful of expanded rows this stays exact and O(expanded) per lookup, so a
 * list of any length lays out without measuring the DOM.
 */
export class RowLayout {
  /** Expanded row indices, ascending. */
  readonly #expanded: number[];

  constructor(
    readonly count: number,
    readonly rowHeight: number,
    readonly panelHeight: number,
    expanded: Iterable<number> = [],
  ) {
    this.#expanded = [...new Set(expanded)].filter((i) => i >= 0 && i < count).sort((a, b) => a - b);
  }

  get totalHeight(): number {
    return this.count * this.rowHeight + this.#expanded.length * this.panelHeight;
  }

  isExpanded(index: number): boolean {
    return this.#expanded.includes(index);
  }

  heightOf(index: number): number {
    return this.rowHeight + (this.isExpanded(index) ? this.panelHeight : 0);
  }

  /** Distance from the top of the list to the top of row `index`. */
  offsetOf(index: number): number {
    let above = 0;
    for (const e of this.#expanded) if (e < index) above += 1;
    return index * this.rowHeight + above * this.panelHeight;
  }

  /** The row under vertical position `y` (clamped to the list). */
  indexAt(y: number): number {
    if (this.count === 0) return 0;
    let extra = 0;
    for (const e of this.#expanded) {
      const top = e * this.rowHeight + extra;
      if (y < top) break;
      if (y < top + this.rowHeight + this.panelHeight) return e;
      extra += this.panelHeight;
    }
    return clamp(Math.floor((y - extra) / this.rowHeight), 0, this.count - 1);
  }

  /** Rows `[start, end)` that intersect the viewport, widened by `buffer` rows on each side. */
  range(scrollTop: number, viewportHeight: number, buffer: number): [number, number] {
    if (this.count === 0) return [0, 0];
    const first = this.indexAt(Math.max(0, scrollTop));
    const last = this.indexAt(Math.max(0, scrollTop + viewportHeight - 1));
    return [Math.max(0, first - buffer), Math.min(this.count, last + buffer + 1)];
  }
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
