/**
 * One log line per interval for a failure that repeats with every request (a full disk, a
 * database away): the first is logged at once, the next after `intervalMs`, telling how many
 * were left out between. Each request still has its access-log line and its metric.
 */
export class LogThrottle {
  private nextMs = Number.NEGATIVE_INFINITY;
  private suppressed = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  /** Calls `log` with the count left out since the last line, or counts this one as left out. */
  run(log: (suppressedSinceLastLog: number) => void): void {
    const now = this.now();
    if (now < this.nextMs) {
      this.suppressed += 1;
      return;
    }
    this.nextMs = now + this.intervalMs;
    log(this.suppressed);
    this.suppressed = 0;
  }
}
