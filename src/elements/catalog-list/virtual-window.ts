/**
 * Row geometry of a windowed list: every row is `row` high and an open row adds one `panel` height, so any
 * length lays out without measuring the DOM, in O(open rows) per lookup.
 */
export interface Rows {
  count: number;
  row: number;
  panel: number;
  /** Open rows, ascending. */
  open: number[];
}

/** Distance from the top of the list to the top of row `index`. */
export function offsetOf({ row, panel, open }: Rows, index: number): number {
  let y = index * row;
  for (const o of open) if (o < index) y += panel;
  return y;
}

/** The row at height `y` of the list, clamped to the list. */
export function indexAt({ count, row, panel, open }: Rows, y: number): number {
  for (const o of open) {
    const top = o * row;
    if (y < top) break;
    if (y < top + row + panel) return o;
    y -= panel;
  }
  return Math.max(0, Math.min(count - 1, Math.floor(y / row)));
}
