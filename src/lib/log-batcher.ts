import type { DestinationStream } from 'pino';

/** What the batcher hands its chunks to: pino.destination()'s SonicBoom (fd handling, partial writes, EAGAIN). */
export interface LogSink {
  write(chunk: string): boolean;
  flush(callback: (error?: Error) => void): void;
  flushSync(): void;
}

export interface LogBatcherOptions {
  /** a chunk is handed over once this many characters wait */
  chunkChars: number;
  /** …or after at most this long */
  flushMs: number;
}

/**
 * pino's destination: log lines gathered in an array and handed to the sink a chunk at a time
 * (issue 17). SonicBoom's own `write` measures its pending string with `Buffer.byteLength` on
 * every line — a string it has just appended to, flattened again each time — so its per-line cost
 * grows with the batch: 1.6 µs a line with 4 KiB batches, 5.4 with 60 KiB, beside pino's 0.7 µs
 * of formatting. An access-log line per request was a fifth of a cached read's CPU. Here a line
 * costs an array push; SonicBoom sees one write per chunk and keeps doing the file-descriptor work.
 *
 * Lines wait at most `flushMs`; `flush`/`flushSync` (pino's logger.flush, shutdown and exit)
 * hand over what waits first, so nothing logged before an exit is lost that SonicBoom alone
 * would have written.
 */
export class LogBatcher implements DestinationStream {
  private lines: string[] = [];
  private chars = 0;
  private direct = false;
  private readonly timer: NodeJS.Timeout;
  private readonly onExit = () => this.flushSync();

  constructor(
    private readonly sink: LogSink,
    private readonly options: LogBatcherOptions,
  ) {
    this.timer = setInterval(() => this.handOver(), options.flushMs);
    this.timer.unref();
    process.once('exit', this.onExit);
  }

  write(line: string): void {
    if (this.direct) {
      this.sink.write(line);
      return;
    }
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.options.chunkChars) this.handOver();
  }

  flush(callback: (error?: Error) => void): void {
    this.handOver();
    this.sink.flush(callback);
  }

  flushSync(): void {
    this.handOver();
    this.sink.flushSync();
  }

  /**
   * Stops batching: hands over what waits, stops the timer and lets later lines (a shutdown's
   * last words) through to the sink one by one. The sink stays open: it may be stdout.
   */
  close(): void {
    clearInterval(this.timer);
    process.off('exit', this.onExit);
    this.handOver();
    this.direct = true;
  }

  private handOver(): void {
    if (this.lines.length === 0) return;
    const chunk = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(chunk);
  }
}
