/** Where progress goes: stderr, which may be a terminal. */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Below this many items no progress is shown: the command is quick. */
export const PROGRESS_THRESHOLD = 300;

/**
 * A progress reporter for `total` items: on a terminal a bar redrawn in place, otherwise a plain
 * line at every tenth; nothing at all for small jobs. Call it with the number done so far.
 */
export function progress(stream: ProgressStream, label: string, total: number, threshold = PROGRESS_THRESHOLD): (done: number) => void {
  if (total < threshold) return () => {};
  let shown = -1;
  return (done) => {
    const tenth = Math.floor((done * 10) / total);
    if (stream.isTTY) {
      const percent = Math.floor((done * 100) / total);
      if (percent === shown) return;
      shown = percent;
      const filled = Math.round((done * 30) / total);
      stream.write(`\r${label} [${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${done}/${total}${done === total ? '\n' : ''}`);
    } else if (tenth !== shown && (tenth > 0 || done === total)) {
      shown = tenth;
      stream.write(`${label}: ${done}/${total}\n`);
    }
  };
}
