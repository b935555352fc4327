/**
 * Waits for something another process or a background worker does (a delivery, a row), by
 * asking again every few milliseconds up to a deadline. Not a sleep: it returns as soon as the
 * condition holds, and fails with the last value when it never does.
 */
export async function eventually<T>(check: () => T | Promise<T>, options: { timeoutMs?: number; what?: string } = {}): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  let last: T | undefined;
  for (;;) {
    last = await check();
    if (last) return last as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'a condition'} (last: ${JSON.stringify(last)})`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
