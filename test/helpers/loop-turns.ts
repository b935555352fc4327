/**
 * How many times the event loop turns while `work` runs: a callback re-queued with setImmediate
 * counts each turn. Code that only awaits synchronous answers (better-sqlite3) never lets it turn.
 */
export async function turnsDuring<T>(work: () => Promise<T>): Promise<{ value: T; turns: number }> {
  let turns = 0;
  let running = true;
  const turn = () => {
    turns += 1;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const value = await work();
    return { value, turns };
  } finally {
    running = false;
  }
}
