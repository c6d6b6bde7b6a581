/**
 * Resolves once the browser has drawn its next frame, so that work after it does not hold that frame back; at once
 * in a tab that draws no frames (hidden), or once it is hidden.
 */
export function afterNextFrame(): Promise<void> {
  return new Promise((resolve) => {
    if (document.hidden) return resolve();
    const done = () => {
      document.removeEventListener('visibilitychange', done);
      resolve();
    };
    // a task queued from the frame's callbacks runs once the frame is drawn
    requestAnimationFrame(() => setTimeout(done));
    document.addEventListener('visibilitychange', done);
  });
}
