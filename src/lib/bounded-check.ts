import { StoreUnavailableError } from './errors.js';

/** Calls `fire` once after `ms` and returns a cancel; injected so tests fire a bound by hand. */
export type StartTimer = (ms: number, fire: () => void) => () => void;

export const systemTimer: StartTimer = (ms, fire) => {
  const timer = setTimeout(fire, ms);
  // A bound nobody waits on any more never keeps the process alive.
  timer.unref();
  return () => clearTimeout(timer);
};

/** What a wait bounded here ends with: the database gave no answer in time, so it is unavailable for now (a 503). */
export class NoAnswerError extends StoreUnavailableError {
  constructor(readonly waitedMs: number) {
    super(`no answer within ${waitedMs} ms`);
  }
}

/** `work`'s outcome, or a NoAnswerError once it has waited `ms`; the work itself goes on. */
export function waitAtMost<T>(work: Promise<T>, ms: number, startTimer: StartTimer = systemTimer): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancel = startTimer(ms, () => reject(new NoAnswerError(ms)));
    work.then(
      (value) => {
        cancel();
        resolve(value);
      },
      (error: unknown) => {
        cancel();
        reject(error);
      },
    );
  });
}

interface Outstanding<T> {
  answer: Promise<T>;
  /** rejects once the question has been outstanding `boundMs` */
  expired: Promise<never>;
}

/**
 * A question to the database whose caller has an answer without it (the catalog version: serve
 * what is cached; readiness: "not ready"), asked once at a time and waited for at most `boundMs`.
 *
 * A database that hangs (stopped processes, a frozen host, a dropped route: TCP stays open and
 * nothing answers) refuses nothing, so the driver's own bounds are all that end a wait, and those
 * are sized for real work (DATABASE_QUERY_TIMEOUT_MS, 15 s). Here, every caller that arrives
 * while a question is outstanding joins it, and all of them give up together `boundMs` after it
 * was asked, with a NoAnswerError (a StoreUnavailableError), as they would from a database that
 * refused the connection; a caller arriving later gives up at once. The abandoned question keeps
 * its connection until it is answered or the driver's own timeout ends it, and no other is asked
 * meanwhile, so a hang costs one pooled connection per question, not one per request.
 */
export class BoundedCheck<T> {
  private outstanding: Outstanding<T> | null = null;

  constructor(
    private readonly ask: () => Promise<T>,
    private readonly boundMs: number,
    private readonly startTimer: StartTimer = systemTimer,
  ) {}

  /** The outstanding question's answer (asked now if none is), or a NoAnswerError once it has waited `boundMs`. */
  run(): Promise<T> {
    const outstanding = this.outstanding ?? this.askNow();
    return Promise.race([outstanding.answer, outstanding.expired]);
  }

  /**
   * Let the next run ask anew instead of joining what is outstanding: after a write through this
   * process, an answer to a question asked before it may no longer be true.
   */
  forget(): void {
    this.outstanding = null;
  }

  private askNow(): Outstanding<T> {
    let expire!: () => void;
    const expired = new Promise<never>((_resolve, reject) => {
      expire = () => reject(new NoAnswerError(this.boundMs));
    });
    // Handled by each run()'s race; this keeps an expiry nobody raced from being "unhandled".
    expired.catch(() => undefined);
    const cancel = this.startTimer(this.boundMs, expire);
    const outstanding: Outstanding<T> = {
      answer: (async () => this.ask())().finally(() => {
        cancel();
        if (this.outstanding === outstanding) this.outstanding = null;
      }),
      expired,
    };
    this.outstanding = outstanding;
    return outstanding;
  }
}
