/**
 * The V8 settings the command (cli.js) runs the service with, and the benchmark's service process too. The
 * service keeps its members in the database and holds little in its heaps for long, but V8 sizes a heap for
 * speed: under a load of requests it lets each thread's heap grow to several times what it holds.
 */
import v8 from 'node:v8';

/**
 * The young generation of the service thread's heap, at most: under a load of requests V8 grows it to 128 MB on a
 * machine with much memory (the same bound as `--max-semi-space-size=8`).
 */
export const YOUNG_GENERATION_MB = 16;

/**
 * Tells V8's collector to favour memory over speed in every thread of the process, those started later too: it
 * then collects an old generation before it grows far past what it holds. At a million members the benchmark's
 * peak went from 299 to 187 MB, and the service answered as fast. `--optimize-for-size` is refused in
 * `NODE_OPTIONS` and a bin's first line cannot pass it everywhere; set at start-up, before any thread runs
 * JavaScript of the service, it holds for all of them.
 */
export function favourSmallHeaps() {
  v8.setFlagsFromString('--optimize-for-size');
}
