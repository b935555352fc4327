/**
 * A full garbage collection, for a bench that times calls in its own process after building a
 * large fixture: the fixture's garbage is what a server never holds, and its collection would
 * otherwise land in a timed call. V8 exposes gc() once the flag is set.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

let gc: (() => void) | undefined;

export function collectGarbage(): void {
  if (gc === undefined) {
    v8.setFlagsFromString('--expose-gc');
    gc = vm.runInNewContext('gc') as () => void;
  }
  gc();
}
