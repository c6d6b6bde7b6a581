/** The index a listbox key moves to (arrows wrap around, Home/End jump); undefined for other keys. */
export function nextIndex(key: string, current: number, length: number): number | undefined {
  if (length === 0) return undefined;
  switch (key) {
    case 'ArrowDown':
    case 'ArrowRight':
      return current < 0 ? 0 : (current + 1) % length;
    case 'ArrowUp':
    case 'ArrowLeft':
      return current < 0 ? length - 1 : (current - 1 + length) % length;
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return undefined;
  }
}
