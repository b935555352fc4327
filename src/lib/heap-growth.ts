import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what its last full collection found live before
 * it collects again (issue 17). By default V8 picks that factor itself, up to 4× when collections
 * are fast and memory is plentiful, which they are for a server with ~50 MB live at 10,000
 * projects: caching every distinct search answer turns evicted entries into old-generation
 * garbage, and the heap stood at ~180 MB of which ~50 MB were live, RSS 320–360 MB after the
 * bench's loads. At a fixed 2× RSS ends at ~250 MB after the same loads, for 2–3× the full
 * collections (their pauses 5–10 ms more a second of load; minor collections unchanged); the
 * CPU a request costs did not move beyond the VM's noise (docs/performance.md, change 40).
 *
 * `percent` is V8's own `--heap-growing-percent` (factor 1 + percent/100); 0 leaves the choice to
 * V8. A flag on node's command line (`node --heap-growing-percent=N`) wins; one in NODE_OPTIONS
 * is not in `execArgv`, so it needs 0 here. Call it once, at the start of the process: V8 reads
 * the flag each time it sizes the heap after a full collection. Returns whether it set the flag.
 */
export function limitHeapGrowth(percent: number, execArgv: readonly string[] = process.execArgv): boolean {
  if (percent <= 0 || execArgv.some((arg) => /^--heap[-_]growing[-_]percent\b/.test(arg))) return false;
  setFlagsFromString(`--heap-growing-percent=${Math.floor(percent)}`);
  return true;
}
