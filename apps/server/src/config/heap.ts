// How far V8 lets the JavaScript heap grow past what a full collection found alive, set once at start for every
// launcher (`npm start`, the container, the tests and benchmarks). docs/decisions/0116-heap-growth.md.
import v8 from 'node:v8';

/**
 * V8 sets the next full collection's limit at up to four times the live heap. Under fifty requests at once the
 * server's live heap is about 70 MB, but the garbage of requests in flight is promoted and the heap grew to
 * 280 MB before a full collection ran. At 1.5 times the live heap, the peak stays near 100 MB and the throughput
 * did not drop (the decision's A/B figures).
 */
export const HEAP_GROWING_PERCENT = 50;

/** Applies the setting, unless the process was started with its own `--heap-growing-percent`. */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): boolean {
  if (
    execArgv.some(
      (arg) => arg.startsWith('--heap-growing-percent') || arg.startsWith('--heap_growing_percent'),
    )
  ) {
    return false;
  }
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
  return true;
}
