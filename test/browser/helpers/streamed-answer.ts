/** A list answer's body as the network hands it over: in parts, and (when asked) with its end held back. */

export interface StreamedAnswer {
  body: ReadableStream<Uint8Array>;
  /** Sends what was held back and ends the body; nothing is held back without `holdFrom`. */
  rest: () => void;
}

/** `bytes` in 64 kB parts; from `holdFrom` on, only once `rest()` is called. */
export function streamedAnswer(bytes: Uint8Array, { holdFrom }: { holdFrom?: number } = {}): StreamedAnswer {
  const end = holdFrom ?? bytes.length;
  let rest = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < end; at += 65536) controller.enqueue(bytes.slice(at, Math.min(at + 65536, end)));
      if (holdFrom === undefined) controller.close();
      else rest = () => (controller.enqueue(bytes.slice(holdFrom)), controller.close());
    },
  });
  return { body, rest: () => rest() };
}
