/**
 * Resolves on a later turn of the event loop (setImmediate), after pending I/O callbacks and
 * timers. better-sqlite3 answers synchronously, so a loop of awaited SQLite reads settles as
 * microtasks and holds the event loop for its whole length: long reads call this between steps,
 * so requests keep being answered meanwhile.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
