import type { StartTimer } from '../../src/lib/bounded-check.js';

/** A StartTimer whose timers fire only when the test says so: bounds without sleeping. */
export interface ManualTimer {
  start: StartTimer;
  /** how many timers are started and neither fired nor cancelled */
  readonly pending: number;
  /** fires every pending timer */
  fireAll(): void;
}

export function manualTimer(): ManualTimer {
  const timers = new Set<() => void>();
  return {
    start(_ms, fire) {
      const timer = () => fire();
      timers.add(timer);
      return () => timers.delete(timer);
    },
    get pending() {
      return timers.size;
    },
    fireAll() {
      const due = [...timers];
      timers.clear();
      for (const fire of due) fire();
    },
  };
}

/** How `promise` stands after the microtasks and I/O callbacks now queued have run. */
export async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}
